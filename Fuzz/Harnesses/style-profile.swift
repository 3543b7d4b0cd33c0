// Style profile loader: add a JSON profile file to the built-in library, resolve every profile
// it defines (its basedOn chain) and run the legibility checks on it.
// fuzz-modules: CaptionStyle
// fuzz-seeds: json
// fuzz-seed-dirs: Profiles Tests/CaptionStyleTests
// fuzz-dict: json.dict
// fuzz-max-len: 16384
import CaptionCore
import CaptionStyle
import Foundation

let builtIn = ProfileLibrary.builtIn

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var lib = builtIn
  let ids: [String]
  do {
    ids = try lib.add(data: Data(bytes: data, count: size), file: "fuzz.json")
  } catch {
    _ = error.description
    return 0
  }
  for id in ids {
    guard let p = try? lib.profile(id) else { continue }
    _ = ProfileChecker.result(p)
  }
  return 0
}
