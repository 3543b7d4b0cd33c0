// Matroska/WebM EBML reader (MediaInspector's direct reader; no FFmpeg involved).
// fuzz-modules: MediaInspector
// fuzz-seeds: mkv webm mka
// fuzz-dict: ebml.dict
// fuzz-max-len: 65536
import CaptionCore
@testable import MediaInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let file = BoundedFile(path: TempFile.write(data, size)) else { fatalError("cannot open the scratch file") }
  let result = EBMLReader().read(file)
  Fuzz.check(result.diagnostics, "ebml")
  return 0
}
