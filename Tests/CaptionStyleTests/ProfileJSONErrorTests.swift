import Foundation
import Testing

@testable import CaptionStyle

/// Profile JSON that a parser would accept silently or report without a position.
@Suite struct ProfileJSONErrorTests {
  func error(_ json: String) -> ProfileError? {
    do {
      _ = try ProfileLoader.parse(json, file: "p.json")
      return nil
    } catch {
      return error
    }
  }

  /// RFC 8259 §4: a repeated name hides a value (here the opaque box behind a 10% one).
  @Test func duplicateKeysAreErrorsWithTheirPath() throws {
    let e = error(#"{"schema": "caption-style-profile/1", "id": "x", "background": {"opacity": 1.0, "opacity": 0.1}}"#)
    guard case .invalidProfile(let file, let issues)? = e else { Issue.record("\(String(describing: e))"); return }
    #expect(file == "p.json")
    #expect(issues == [ProfileIssue(path: "$.background.opacity", kind: .duplicateKey)])
    #expect(e?.description == "p.json: $.background.opacity: duplicate key; each name may appear once in an object (RFC 8259 §4)")
    // Escaped spellings are the same name; arrays are indexed; names in different objects are not duplicates.
    #expect(
      JSONDuplicateKeys.paths(in: Array(##"[{"a": {"b": 1}, "c": {"b": 2}}, {"text": {"c\u006flor": "#000000", "color": "#FFFFFF"}, "x": [1, {"y": 1, "y": 2}]}]"##.utf8))
        == ["$[1].text.color", "$[1].x[1].y"])
  }

  @Test func syntaxErrorsHaveLineAndColumn() throws {
    let end = error("{\"schema\": \"caption-style-profile/1\", \"id\": \"x\",\n \"background\": {\"opacity\": 1.0,\n")
    #expect(end == .invalidJSON(file: "p.json", reason: "Unexpected end of file", line: 3, column: 1))
    #expect(end?.description == "p.json:3:1: not valid JSON: Unexpected end of file")
    // Columns count UTF-8 bytes from 1 ("é" is two).
    let value = error("{\"schema\": \"caption-style-profile/1\",\n  \"name\": \"é\", \"text\": {\"color\": #FFF}}")
    #expect(value?.location == "p.json:2:35")
    #expect(value?.detail == "not valid JSON: Invalid value")
  }
}
