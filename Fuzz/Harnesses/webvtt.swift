// WebVTT reader: read, check diagnostics, write, read back.
// fuzz-modules: CaptionFormats
// fuzz-seeds: vtt webvtt
// fuzz-dict: webvtt.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  Fuzz.readWriteRead(WebVTTFormat(), Fuzz.bytes(data, size))
  return 0
}
