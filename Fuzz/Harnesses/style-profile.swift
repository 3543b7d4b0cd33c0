// Style profile loader: add a JSON profile file to the built-in library, resolve every profile
// it defines (its basedOn chain) and run the legibility checks on it; render its SVG preview and
// every export. The SVG and TTML hold only characters XML 1.0 allows (no C0 control but tab,
// line feed and carriage return); the WebVTT STYLE block holds no "-->" and no blank line.
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
    for (name, xml) in [("svg", SVGPreview.render(p)), ("ttml", ProfileExporter.export(p, to: .ttml).text)] {
      if xml.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF }) {
        fatalError("\(name) output holds a character XML 1.0 does not allow")
      }
    }
    let css = ProfileExporter.export(p, to: .webvtt).text
    if css.contains("-->") || css.contains("\n\n") || css.contains("\r") { fatalError("the WebVTT STYLE block can be ended early") }
    for target in [ExportTarget.cea708, .apple, .android] { _ = ProfileExporter.export(p, to: target) }
  }
  return 0
}
