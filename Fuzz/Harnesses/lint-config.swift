// Repository configuration loader (`.captionkit.json`).
// fuzz-modules: CaptionLint
// fuzz-seeds: json
// fuzz-seed-dirs: Tests/CaptionLintTests
// fuzz-dict: json.dict
// fuzz-max-len: 16384
// fuzz-seed: {"version": 1, "preset": "streaming", "failOn": "warning", "include": ["captions/**/*.vtt"], "exclude": ["**/drafts/**"], "thresholds": {"maxCharactersPerLine": 40, "minDuration": "5/6", "frameRate": "30000/1001", "counting": {"countSpaces": true, "fullWidthWeight": 2}}, "rules": {"timing.min-gap": "off", "timing.overlap": {"severity": "error"}}, "languages": {"ja": {"thresholds": {"maxCharactersPerSecond": 4}}}}
import CaptionCore
import CaptionLint

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    let config = try ConfigurationFile.parse(Fuzz.bytes(data, size), path: "/repo/.captionkit.json")
    _ = config
  } catch {
    _ = "\(error)"
  }
  return 0
}
