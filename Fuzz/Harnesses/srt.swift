// SubRip reader: read, check diagnostics, write, read back; and reading in halves (forced at
// any size) gives what one reader gives.
// fuzz-modules: CaptionFormats
// fuzz-seeds: srt
// fuzz-dict: srt.dict
// fuzz-max-len: 65536
import CaptionCore
@testable import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  Fuzz.readWriteRead(SubRipFormat(), bytes)
  let decoded = SubRipFormat.decode(bytes, options: ReadOptions())
  var one = SubRipReader(bytes: decoded.utf8, limits: ReadLimits())
  let cues = one.read()
  var two = SubRipReader(bytes: decoded.utf8, limits: ReadLimits())
  if two.readInHalves(minimumSize: 0) != cues || two.sink.finished != one.sink.finished {
    fatalError("srt: reading in halves differs from one reader")
  }
  return 0
}
