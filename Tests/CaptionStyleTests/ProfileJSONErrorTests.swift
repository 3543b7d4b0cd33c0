import CaptionCore
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
      JSONDuplicateKeys.find(in: Array(##"[{"a": {"b": 1}, "c": {"b": 2}}, {"text": {"c\u006flor": "#000000", "color": "#FFFFFF"}, "x": [1, {"y": 1, "y": 2}]}]"##.utf8))
        == JSONDuplicateKeys.Found(paths: ["$[1].text.color", "$[1].x[1].y"], unlisted: 0))
  }

  /// A 1 MB profile of 999 duplicate names under 100 levels of 10,000-character names built a
  /// 1 MB path for each (over 20 s, 3.3 GB, and as much output): now the first 20 are listed,
  /// each path elided to 200 characters, and the rest counted.
  @Test func manyDuplicatesUnderLongPathsAreListedBoundedAndCounted() throws {
    let name = String(repeating: "k", count: 10_000)
    let members = Array(repeating: #""a": 1"#, count: 1000).joined(separator: ",")
    let json =
      #"{"schema": "caption-style-profile/1", "id": "x", "extra": "# + String(repeating: "{\"\(name)\": ", count: 100) + "{"
      + members + "}" + String(repeating: "}", count: 100) + "}"
    let e = error(json)
    guard case .invalidProfile(_, let issues)? = e else { Issue.record("\(String(describing: e))"); return }
    let duplicates = issues.filter { $0.kind == .duplicateKey }
    #expect(duplicates.count == 20)
    let path = "$.extra." + String(repeating: "k", count: 91) + "…" + String(repeating: "k", count: 98) + ".a"
    #expect(duplicates.allSatisfy { $0.path == path })
    #expect(issues.contains(ProfileIssue(path: "$", kind: .duplicateKeysNotListed(count: 979))))
    #expect(
      ProfileIssue(path: "$", kind: .duplicateKeysNotListed(count: 979)).description
        == "$: 979 more duplicate keys not listed (only the first 20 are)")
    #expect(issues.count == 22)  // and `$.extra`, an unknown field
    #expect((e?.description.utf8.count ?? 0) < 8_000)
  }

  /// Every array element under a long path copied the path (here 500 KB, 200,000 times).
  @Test func longArraysUnderLongPathsAreScannedOnce() {
    let name = String(repeating: "n", count: 5_000)
    let json =
      String(repeating: "{\"\(name)\": ", count: 100) + "[" + String(repeating: "1,", count: 200_000) + #"{"a": 1, "a": 2}]"#
      + String(repeating: "}", count: 100)
    let found = JSONDuplicateKeys.find(in: Array(json.utf8))
    #expect(found == JSONDuplicateKeys.Found(paths: ["$." + String(repeating: "n", count: 97) + "…" + String(repeating: "n", count: 90) + "[200000].a"], unlisted: 0))
  }

  /// Messages elide the middle of a long path to 200 characters; shorter paths are shown whole.
  @Test func longPathsAreElidedInMessages() {
    let long = "$." + String(repeating: "é", count: 300)
    let issue = ProfileIssue(path: long, kind: .missingField)
    #expect(issue.description == "$." + String(repeating: "é", count: 97) + "…" + String(repeating: "é", count: 100) + ": required field is missing")
    #expect(ProfileIssue(path: "$.text.color", kind: .missingField).description == "$.text.color: required field is missing")
    #expect(JSONPathText.elided(String(repeating: "x", count: 200)) == String(repeating: "x", count: 200))
    #expect(JSONPathText.elided(String(repeating: "x", count: 201)).count == 200)
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

  /// Foundation counts its offset from after a UTF-8 byte order mark: the position was 3 bytes
  /// early (`:2:3` for the `x` at `:3:2`). Columns count from after the mark on line 1 too.
  @Test func positionsAfterAByteOrderMarkAreExact() {
    let trailing = error("\u{FEFF}{\"schema\": \"caption-style-profile/1\",\n \"id\": \"x\"\n}x\n")
    #expect(trailing?.location == "p.json:3:2")
    let first = error("\u{FEFF}{\"id\": x}")
    #expect(first?.location == "p.json:1:8")
    #expect(first?.detail == "not valid JSON: Invalid value")
    let end = error("\u{FEFF}{\"id\": \"x\",\n")
    #expect(end == .invalidJSON(file: "p.json", reason: "Unexpected end of file", line: 2, column: 1))
  }
}
