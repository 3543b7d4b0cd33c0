// MP4/QuickTime box reader (MediaInspector's direct reader; no FFmpeg involved).
// fuzz-modules: MediaInspector
// fuzz-seeds: mp4 mov m4v m4a
// fuzz-dict: mp4.dict
// fuzz-max-len: 65536
import CaptionCore
@testable import MediaInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let file = BoundedFile(path: TempFile.write(data, size)) else { fatalError("cannot open the scratch file") }
  let result = MP4BoxReader().read(file)
  Fuzz.check(result.diagnostics, "mp4")
  return 0
}
