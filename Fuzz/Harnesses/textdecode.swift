// Text decoding and legacy encoding detection (what the SRT reader runs first): detection,
// ranking, and a forced decode in every encoding (the first byte picks it). The output must be
// valid UTF-8.
// fuzz-modules: CaptionCore
// fuzz-seeds: srt txt sbv ssa
// fuzz-dict: srt.dict
// fuzz-max-len: 16384
// fuzz-seed: \xff\xfe\x00\x001\x00\x00\x00\n\x00\x00\x00\x00\xd8\x00\x00\xe9\x00\x00\x00
// fuzz-seed: \x00\x00\xfe\xff\x00\x00\x001\x00\x11\x00\x00
import CaptionCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  let detected = TextDecoder.decode(bytes)
  Fuzz.check(detected.diagnostics, "detect")
  if !TextDecoder.isValidUTF8(detected.utf8[...]) { fatalError("detected decode is not UTF-8") }
  _ = LegacyEncodingDetector.rank(bytes)
  let all = TextEncoding.allCases
  if let first = bytes.first {
    let forced = TextDecoder.decode(Array(bytes.dropFirst()), encoding: all[Int(first) % all.count])
    Fuzz.check(forced.diagnostics, "forced")
    if !TextDecoder.isValidUTF8(forced.utf8[...]) { fatalError("forced decode is not UTF-8") }
  }
  let vtt = TextDecoder.decode(bytes, utf8Only: true)
  if !TextDecoder.isValidUTF8(vtt.utf8[...]) { fatalError("utf8Only decode is not UTF-8") }
  return 0
}
