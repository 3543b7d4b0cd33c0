// Matroska/WebM EBML readers (MediaInspector's direct readers; no FFmpeg involved): the
// TrackEntry reader and the block counter that counts cues from Cluster element headers.
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
  let counted = MatroskaBlockCounter(maxElements: 100_000).count(file, trackNumbers: Set(result.tracks.map(\.trackNumber) + [1, 2]))
  Fuzz.check(counted.diagnostics, "ebml block counter")
  return 0
}
