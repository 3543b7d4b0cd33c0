// TTML reader: read (with the IMSC render model on, for documents that designate IMSC), check
// diagnostics, write, read back.
// fuzz-modules: CaptionTTML
// fuzz-seeds: ttml xml dfxp imsc
// fuzz-dict: ttml.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionTTML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var options = ReadOptions()
  options.checksRenderModel = true
  Fuzz.readWriteRead(TTMLFormat(), Fuzz.bytes(data, size), options: options)
  return 0
}
