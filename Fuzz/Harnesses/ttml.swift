// TTML reader: read (with the IMSC render model on, for documents that designate IMSC), check
// diagnostics, write, read back. Differential: the XML parsed in two halves at once
// (`XMLHalves`, forced at any size; with small XML limits for half the inputs) gives one
// parse's tree, diagnostics and counts. Half the inputs are read with a small cue attribute
// text limit.
// fuzz-modules: CaptionTTML
// fuzz-seeds: ttml xml dfxp imsc
// fuzz-dict: ttml.dict
// fuzz-max-len: 65536
import CaptionCore
@testable import CaptionTTML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // Small limits for half the inputs (the first byte picks them), so that the limits' diagnostics
  // are met inside the halves too, in the middle of a start tag or of an entity's expansion, and
  // the reader drops what a cue would carry past `maxCueAttributeText` (0–60 bytes).
  let small = size > 0 && data[0] & 1 == 1
  var options = ReadOptions()
  options.checksRenderModel = true
  if small { options.limits.maxCueAttributeText = Int(data[0] >> 4) * 4 }
  let bytes = Fuzz.bytes(data, size)
  Fuzz.readWriteRead(TTMLFormat(), bytes, options: options)
  let utf8 = TextDecoder.decode(bytes).utf8
  let limits = small
    ? XMLParserLimits(
      maxDepth: Int(data[0] >> 1 & 7) + 1, maxAttributeValueLength: Int(data[0] >> 4) * 8, maxEntityExpansion: 64, maxElements: 40,
      maxAttributesPerElement: 6)
    : XMLParserLimits()
  let one = XMLTreeParser.parse(utf8, limits: limits, maxDiagnostics: 10_000, halvesFrom: .max)
  let two = XMLTreeParser.parse(utf8, limits: limits, maxDiagnostics: 10_000, halvesFrom: 0)
  if one.root != two.root || one.diagnostics != two.diagnostics || one.namespacesUsed != two.namespacesUsed
    || one.elementsInNoNamespace != two.elementsInNoNamespace || one.xmlIDCount != two.xmlIDCount
  {
    fatalError("ttml: the XML parsed in halves differs from one parse")
  }
  return 0
}
