// TTML reader: read, check diagnostics, write, read back.
// fuzz-modules: CaptionTTML
// fuzz-seeds: ttml xml dfxp imsc
// fuzz-dict: ttml.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionTTML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  Fuzz.readWriteRead(TTMLFormat(), Fuzz.bytes(data, size))
  return 0
}
