import Foundation
import Testing

@testable import CaptionStyle

@Suite struct ProfileLoaderTests {
  func issues(_ json: String) -> [ProfileIssue] {
    do {
      _ = try ProfileLoader.parse(json)
      return []
    } catch {
      if case .invalidProfile(_, let list) = error { return list }
      Issue.record("unexpected error \(error)")
      return []
    }
  }

  @Test func unknownFieldsAndOutOfRangeValuesHavePaths() {
    let list = issues(
      ##"{"schema": "caption-style-profile/1", "id": "x", "text": {"colour": "#FFFFFF", "opacity": 1.5, "fontSize": {"value": 50, "unit": "rh"}}, "edge": {"type": "outline", "width": "thin"}, "bogus": 1}"##
    )
    let paths = Dictionary(list.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(paths["$.text.colour"]?.kind == .unknownField(suggestion: "color"))
    #expect(paths["$.text.opacity"]?.kind == .outOfRange(value: 1.5, min: 0, max: 1))
    #expect(paths["$.text.fontSize.value"]?.kind == .outOfRange(value: 50, min: 1, max: 30))
    if case .invalidValue(let v, _)? = paths["$.edge.type"]?.kind { #expect(v == "outline") } else { Issue.record("edge.type") }
    if case .wrongType? = paths["$.edge.width"]?.kind {} else { Issue.record("edge.width") }
    #expect(paths["$.bogus"]?.kind == .unknownField(suggestion: nil))
    #expect(list.count == 6)
    #expect(paths["$.text.opacity"]?.description == "$.text.opacity: 1.5 is out of range 0…1")
  }

  @Test func headerIsRequiredAndChecked() {
    let list = issues(#"{"name": "no id"}"#)
    #expect(list.map(\.path).sorted() == ["$.id", "$.schema"])
    let wrong = issues(##"{"schema": "caption-style-profile/9", "id": "Bad Id"}"##)
    #expect(wrong.map(\.path).sorted() == ["$.id", "$.schema"])
  }

  @Test func colourNeedsHexWithoutAlpha() {
    let list = issues(##"{"schema": "caption-style-profile/1", "id": "x", "text": {"color": "#FFFFFF80"}, "background": {"color": 12}}"##)
    #expect(list.map(\.path).sorted() == ["$.background.color", "$.text.color"])
  }

  @Test func booleansAreNotNumbers() {
    let list = issues(##"{"schema": "caption-style-profile/1", "id": "x", "text": {"opacity": true}, "background": {"fillLineGap": 1}}"##)
    #expect(list.map(\.path).sorted() == ["$.background.fillLineGap", "$.text.opacity"])
  }

  /// Each speaker colour is checked over every background and video case (about 2 ms each):
  /// 90,000 in a 900 KB profile took three minutes, so a profile lists at most 64.
  @Test func speakerColoursAreBounded() throws {
    func profile(_ n: Int) -> String {
      ##"{"schema": "caption-style-profile/1", "id": "x", "text": {"speakerColors": ["## + Array(repeating: ##""#FFFF00""##, count: n).joined(separator: ",") + "]}}"
    }
    #expect(issues(profile(64)).isEmpty)
    #expect(issues(profile(65)).map(\.kind) == [.invalidValue(value: "65 colours", expected: "at most 64 colours")])
    #expect(issues(profile(65)).map(\.path) == ["$.text.speakerColors"])
    // The rule checks each distinct colour once, however the array is built.
    var p = try ProfileLibrary.builtIn.profile("fcc-semitransparent-box")
    p.text.speakerColors = Array(repeating: RGB(hex: "#FFFF00")!, count: 10_000) + [RGB(hex: "#00FFFF")!]
    let finding = try #require(SpeakerColorsRule().check(ProfileAnalysis(p)).first)
    let worst = try #require(finding.message.components(separatedBy: "worst cases: ").last)
    #expect(worst.components(separatedBy: ", ").map { $0.prefix(7) } == ["#FFFF00", "#00FFFF"], "\(finding.message)")
  }

  @Test func invalidJSONIsReported() {
    #expect(throws: ProfileError.self) { try ProfileLoader.parse("{ not json") }
  }

  @Test func basedOnInheritsAndChildWins() throws {
    var lib = ProfileLibrary()
    try lib.add(data: Data(##"{"schema": "caption-style-profile/1", "id": "base", "text": {"color": "#FFFF00", "fontWeight": 700}, "background": {"opacity": 0.5}}"##.utf8), file: "base.json")
    try lib.add(data: Data(##"{"schema": "caption-style-profile/1", "id": "child", "basedOn": "base", "background": {"opacity": 1}}"##.utf8), file: "child.json")
    let p = try lib.profile("child")
    #expect(p.text.color == RGB(hex: "#FFFF00"))
    #expect(p.text.fontWeight == 700)
    #expect(p.background.opacity == 1)
    #expect(p.basedOn == "base")
    // The shipped outline profile inherits its box from the 50% one.
    let shipped = try ProfileLibrary.builtIn.profile("translucent-box-50-outline")
    #expect(shipped.basedOn == "fcc-semitransparent-box")
    #expect(shipped.background.opacity == 0.5)
    #expect(shipped.edge.type == .uniform && shipped.edge.width == 0.06)
  }

  @Test func basedOnCycleAndMissingBase() throws {
    var lib = ProfileLibrary()
    try lib.add(
      data: Data(##"[{"schema": "caption-style-profile/1", "id": "a", "basedOn": "b"}, {"schema": "caption-style-profile/1", "id": "b", "basedOn": "a"}, {"schema": "caption-style-profile/1", "id": "c", "basedOn": "nope"}]"##.utf8),
      file: "cycle.json")
    #expect(throws: ProfileError.inheritanceCycle(["a", "b", "a"])) { try lib.profile("a") }
    #expect(throws: ProfileError.inheritanceCycle(["b", "a", "b"])) { try lib.profiles(["b", "a"]) }
    #expect(throws: ProfileError.unknownProfile(id: "nope", referencedFrom: "cycle.json")) { try lib.profile("c") }
  }

  /// A long `basedOn` chain resolved in one batch (each profile from its resolved base) gives
  /// what resolving each profile alone gives, in either order, and the cycle error still names
  /// the whole loop.
  @Test func chainsResolvedTogetherMatchOneByOne() throws {
    var objects: [String] = [##"{"schema": "caption-style-profile/1", "id": "p0", "name": "root", "text": {"color": "#FFFF00"}}"##]
    for i in 1..<200 {
      let opacity = i % 7 == 0 ? ##", "background": {"opacity": \##(Double(i) / 1000)}"## : ""
      objects.append(##"{"schema": "caption-style-profile/1", "id": "p\##(i)", "basedOn": "p\##(i - 1)"\##(opacity)}"##)
    }
    var lib = ProfileLibrary()
    let ids = try lib.add(data: Data(("[" + objects.joined(separator: ",") + "]").utf8), file: "chain.json")
    let together = try lib.profiles(ids)
    let reversed = try lib.profiles(ids.reversed())
    #expect(together.count == 200)
    for (k, id) in ids.enumerated() {
      let alone = try lib.profile(id)
      #expect(together[k] == alone)
      #expect(reversed[199 - k] == alone)
    }
    #expect(together[199].id == "p199" && together[199].basedOn == "p198")
    #expect(together[199].text.color == RGB(hex: "#FFFF00"))
    #expect(together[199].background.opacity == 0.196)  // p196, the last multiple of 7
    #expect(together[0].name == "root" && together[1].name == "")  // names are not inherited
  }

  /// `timing.minDuration` above `timing.maxDuration` is an error, whether one file sets both
  /// or a base sets one of them.
  @Test func minDurationAboveMaxDuration() throws {
    var lib = ProfileLibrary()
    try lib.add(
      data: Data(##"[{"schema": "caption-style-profile/1", "id": "both", "timing": {"minDuration": 8, "maxDuration": 6}}, {"schema": "caption-style-profile/1", "id": "base", "timing": {"maxDuration": 2}}, {"schema": "caption-style-profile/1", "id": "child", "basedOn": "base", "timing": {"minDuration": 3}}, {"schema": "caption-style-profile/1", "id": "fine", "basedOn": "base", "timing": {"minDuration": 2}}]"##.utf8),
      file: "timing.json")
    #expect(throws: ProfileError.invalidProfile(file: "timing.json", issues: [ProfileIssue(path: "$.timing.minDuration", kind: .invalidValue(value: "8.0 with maxDuration 6.0", expected: "at most timing.maxDuration"))])) { try lib.profile("both") }
    #expect(throws: ProfileError.invalidProfile(file: "timing.json", issues: [ProfileIssue(path: "$.timing.minDuration", kind: .invalidValue(value: "3.0 with maxDuration 2.0 (basedOn base)", expected: "at most timing.maxDuration"))])) { try lib.profile("child") }
    #expect(try lib.profile("fine").timing.minDuration == 2)
    #expect(lib.allProfiles.map(\.id) == ["base", "fine"])
  }

  @Test func arrayIssuesArePrefixed() {
    var lib = ProfileLibrary()
    do {
      try lib.add(data: Data(##"[{"schema": "caption-style-profile/1", "id": "a"}, {"schema": "caption-style-profile/1", "id": "b", "edge": {"width": 1}}]"##.utf8), file: "two.json")
      Issue.record("should throw")
    } catch {
      #expect(error == .invalidProfile(file: "two.json", issues: [ProfileIssue(path: "$[1].edge.width", kind: .outOfRange(value: 1, min: 0, max: 0.25))]))
    }
  }

  @Test func styleProfileReferences() {
    #expect(ProfileLoader.isStyleProfileReference("large-print"))
    #expect(!ProfileLoader.isStyleProfileReference("imsc1.1"))
    #expect(!ProfileLoader.isStyleProfileReference("/nonexistent/p.json"))
  }

  @Test func loadByIdOrPath() throws {
    #expect(try ProfileLoader.load("cea608-classic").first?.id == "cea608-classic")
    #expect(throws: ProfileError.unknownProfile(id: "no-such-profile", referencedFrom: nil)) { try ProfileLoader.load("no-such-profile") }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-style-\(UInt32.random(in: 0...UInt32.max)).json")
    try Data(##"{"schema": "caption-style-profile/1", "id": "mine", "basedOn": "cea608-classic", "text": {"color": "#00FFFF"}}"##.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let p = try #require(try ProfileLoader.load(url.path).first)
    #expect(p.id == "mine" && p.text.color == RGB(hex: "#00FFFF") && p.background.opacity == 1)
  }
}
