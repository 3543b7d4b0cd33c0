// WebVTT reader: read, check diagnostics, write, read back; and reading in halves (forced at
// any size) gives what one reader gives.
// fuzz-modules: CaptionFormats
// fuzz-seeds: vtt webvtt
// fuzz-dict: webvtt.dict
// fuzz-max-len: 65536
import CaptionCore
@testable import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  Fuzz.readWriteRead(WebVTTFormat(), bytes)
  let one = try? WebVTTReader.read(bytes, options: ReadOptions(), hooks: nil, halvesMinimumSize: .max)
  let two = try? WebVTTReader.read(bytes, options: ReadOptions(), hooks: nil, halvesMinimumSize: 0)
  if one?.document != two?.document || one?.diagnostics != two?.diagnostics {
    fatalError("webvtt: reading in halves differs from one reader")
  }
  return 0
}
