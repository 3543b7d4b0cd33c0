// SubRip reader: read, check diagnostics, write, read back.
// fuzz-modules: CaptionFormats
// fuzz-seeds: srt
// fuzz-dict: srt.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  Fuzz.readWriteRead(SubRipFormat(), Fuzz.bytes(data, size))
  return 0
}
