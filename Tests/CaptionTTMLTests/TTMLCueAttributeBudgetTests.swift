import CaptionKit
@testable import CaptionTTML
import Testing

/// `ReadLimits.maxCueAttributeText`: what TTML states once and every cue below or naming it
/// carries (styles, references, language, agent, lint directives) is bounded, so that no
/// writer repeats a huge value for each cue.
@Suite("TTML cue attribute text")
struct TTMLCueAttributeBudgetTests {
  func read(_ text: String, limit: Int? = nil) throws -> ReadResult {
    var options = ReadOptions()
    if let limit { options.limits.maxCueAttributeText = limit }
    return try TTMLFormat().read(Array(text.utf8), options: options)
  }

  func budgetDiagnostics(_ r: ReadResult) -> [Diagnostic] {
    r.diagnostics.filter { $0.code == "ttml.content.cue-attributes-too-long" }
  }

  static let threePs = #"<p begin="0s" end="1s">a</p><p begin="1s" end="2s">b</p><p begin="2s" end="3s">c</p>"#

  @Test("A 100 KB ttm:role on a div is dropped once, not carried by each of its cues")
  func longRoleOnADiv() throws {
    let role = "x-" + String(repeating: "r", count: 100_000)
    let r = try read(TTMLTest.doc(body: "\n<div tts:color=\"red\" ttm:role=\"\(role)\">" + Self.threePs + "</div>"))
    #expect(r.document.cues.map(\.plainText) == ["a", "b", "c"])
    #expect(r.document.cues.allSatisfy { $0.style?.other["ttm:role"] == nil })
    // What fits is kept.
    #expect(r.document.cues.allSatisfy { $0.style?.color == Color(red: 255, green: 0, blue: 0) })
    let d = budgetDiagnostics(r)
    #expect(d.count == 1)
    #expect(d.first?.severity == .error)
    #expect(d.first?.location?.line == 5)
    #expect(d.first?.location?.column == 1)
    #expect(d.first?.message.hasPrefix("ttm:role (100010 bytes) is dropped") == true)
    #expect(d.first?.message.contains("(raise the limit with --max-cue-attribute-text)") == true)
    // Raised, the role is kept on every cue.
    let raised = try read(TTMLTest.doc(body: "<div ttm:role=\"\(role)\">" + Self.threePs + "</div>"), limit: 200_000)
    #expect(budgetDiagnostics(raised).isEmpty)
    #expect(raised.document.cues.allSatisfy { $0.style?.other["ttm:role"] == role })
  }

  @Test("Real values fit: a sample IMSC document and short inherited values are untouched")
  func realValuesFit() throws {
    let body = #"<div tts:fontFamily="proportionalSansSerif, Arial" ttm:role="dialog" xml:lang="fr" style="s1">"# + Self.threePs + "</div>"
    let head = #"<styling><style xml:id="s1" tts:fontStyle="italic"/></styling>"#
    let r = try read(TTMLTest.doc(head: head, body: body))
    #expect(budgetDiagnostics(r).isEmpty)
    let cue = try #require(r.document.cues.first)
    #expect(cue.style?.fontFamily == ["proportionalSansSerif", "Arial"])
    #expect(cue.style?.other["ttm:role"] == "dialog")
    #expect(cue.styleRefs == ["s1"])
    guard case .element(let lang) = cue.content.first, case .language(let l) = lang.kind else {
      Issue.record("no language element: \(cue.content)")
      return
    }
    #expect(l == "fr")
  }

  @Test("Properties are kept in a fixed order until the limit: language, agent, font, others by name")
  func keepsInOrder() throws {
    // 2 (fr) + 26 (the font name, 18, and 8 for a list item) + 8 + 6 (ttm:role, dialog) = 42
    // bytes; 30 drops the role.
    let body = #"<div xml:lang="fr" tts:fontFamily="monospaceSansSerif" ttm:role="dialog">"# + Self.threePs + "</div>"
    let r = try read(TTMLTest.doc(body: body), limit: 30)
    let cue = try #require(r.document.cues.first)
    #expect(cue.style?.fontFamily == ["monospaceSansSerif"])
    #expect(cue.style?.other["ttm:role"] == nil)
    #expect(budgetDiagnostics(r).map { String($0.message.prefix(25)) } == ["ttm:role (14 bytes) is dr"])
  }

  @Test("Thousands of style references on a div: cues carry the first ones that fit, in order, at once")
  func manyReferencesOnADiv() throws {
    let refs = (0..<30_000).map { "s\($0)" }
    let body = "<div style=\"\(refs.joined(separator: " "))\">" + Self.threePs + "</div>"
    let head = #"<styling><style xml:id="s0" tts:color="yellow"/></styling>"#
    let start = ContinuousClock.now
    let r = try read(TTMLTest.doc(head: head, body: body), limit: 100)
    // Keeping the first of each name was quadratic in the list (30,000 names: seconds).
    #expect(ContinuousClock.now - start < .seconds(5))
    for cue in r.document.cues {
      #expect(cue.styleRefs == Array(refs.prefix(9)))  // 2 bytes and 8 for a list item each, after xml:lang (2)
    }
    #expect(budgetDiagnostics(r).map { $0.message.hasPrefix("style (") } == [true])
    // A p's own long list is cut the same way, after the div's.
    let own = "<div style=\"s0\"><p begin=\"0s\" end=\"1s\" style=\"\(refs.reversed().joined(separator: " "))\">a</p></div>"
    let r2 = try read(TTMLTest.doc(head: head, body: own), limit: 40)
    #expect(r2.document.cues.first?.styleRefs == ["s0", "s29999", "s29998"])  // 10 + 14 + 14
  }

  @Test("A named style, a region and an agent name are bounded where they are stated")
  func namedStyleRegionAndAgent() throws {
    let font = String(repeating: "f", count: 5_000)
    let name = String(repeating: "N", count: 5_000)
    let head = """
      <metadata><ttm:agent xml:id="a1" type="character"><ttm:name type="full">\(name)</ttm:name></ttm:agent></metadata>
      <styling><style xml:id="s1" tts:fontFamily="\(font)" tts:fontStyle="italic"/></styling>
      <layout><region xml:id="r1" tts:fontFamily="\(font)" tts:origin="10% 10%" tts:extent="80% 80%"/></layout>
      """
    let body = #"<div region="r1"><p begin="0s" end="1s" style="s1" ttm:agent="a1">a</p><p begin="1s" end="2s"><span ttm:agent="a1">b</span></p></div>"#
    let r = try read(TTMLTest.doc(head: head, body: body))
    #expect(r.document.styles.first?.style.fontFamily == nil)
    #expect(r.document.styles.first?.style.fontStyle == .italic)
    #expect(r.document.regions.first?.style.fontFamily == nil)
    #expect(r.document.regions.first?.origin != nil)
    // The agent is named by its id.
    for cue in r.document.cues {
      var voices: [String] = []
      func collect(_ nodes: [CueNode]) {
        for n in nodes {
          guard case .element(let e) = n else { continue }
          if case .voice(let v) = e.kind { voices.append(v) }
          collect(e.children)
        }
      }
      collect(cue.content)
      #expect(voices == ["a1"])
    }
    let d = budgetDiagnostics(r)
    #expect(d.map { String($0.message.prefix(while: { $0 != "(" })) } == ["the name of agent 'a1' ", "tts:fontFamily "])
    #expect(d.map { $0.location?.line } == [3, 4])
  }

  @Test("ck:disable lists on a div: each cue carries those that fit")
  func lintDirectives() throws {
    let disables = (0..<50).map { "<ck:disable xmlns:ck=\"urn:captionkit:lint\">rule-\($0)</ck:disable>" }.joined()
    let body = "<div><metadata>\(disables)</metadata>" + Self.threePs + "</div>"
    let r = try read(TTMLTest.doc(body: body), limit: 262)
    // The document's xml:lang (2 bytes) and ten "rule-N", each counted as its comment
    // ("captionkit-disable rule-N" and a line end, 26 bytes), fit in 262.
    #expect(r.document.comments.filter { $0.beforeCue == 0 }.map(\.text) == (0..<10).map { "captionkit-disable rule-\($0)" })
    #expect(r.document.comments.count == 30)
    #expect(budgetDiagnostics(r).count == 1)
  }

  @Test("Empty ck:disable lists are not free: each counts the comment it becomes before each cue")
  func emptyLintDirectives() throws {
    let disables = String(repeating: "<ck:disable xmlns:ck=\"urn:captionkit:lint\"/>", count: 3_000)
    let r = try read(TTMLTest.doc(body: "<div><metadata>\(disables)</metadata>" + Self.threePs + "</div>"))
    // (1,024 − 2 for xml:lang) / 20 a comment: 51 before each of the three cues, not 3,000.
    #expect(r.document.comments.filter { $0.beforeCue == 1 }.count == 51)
    #expect(r.document.comments.count == 153)
    #expect(r.document.comments.first?.text == "captionkit-disable")
  }

  @Test("A region id longer than the limit is read under a short one that every cue names")
  func longRegionID() throws {
    let id = "r" + String(repeating: "x", count: 2_000)
    let head = "<layout><region xml:id=\"\(id)\" tts:origin=\"10% 10%\" tts:extent=\"80% 20%\"/></layout>"
    let r = try read(TTMLTest.doc(head: head, body: "<div region=\"\(id)\">" + Self.threePs + "</div>"))
    #expect(r.document.regions.map(\.id) == ["_region1"])
    #expect(r.document.cues.map(\.settings.region) == ["_region1", "_region1", "_region1"])
    #expect(r.document.regions.first?.origin != nil)  // still placed
    let d = budgetDiagnostics(r)
    #expect(d.count == 1)
    #expect(d.first?.message.hasPrefix("the id of region '\(id.prefix(40))…' (2001 bytes) is read as '_region1'") == true)
    #expect(!r.diagnostics.contains { $0.code == "ttml.region.unassigned" })
  }

  @Test("A p's long id repeated by each interval of its timed spans counts against --max-timed-content")
  func longIDOverIntervals() throws {
    let id = "p" + String(repeating: "x", count: 100_000)
    let spans = (0..<1_000).map { "<span begin=\"\($0)s\" end=\"\($0 + 1)s\">x\($0)</span>" }.joined()
    let r = try read(TTMLTest.doc(body: "<div><p xml:id=\"\(id)\" begin=\"0s\" end=\"1000s\">\(spans)</p></div>"))
    // 1,000 cues × 100 KB of id would be 100 MB: one cue instead, reported.
    #expect(r.document.cues.count == 1)
    #expect(r.diagnostics.contains { $0.code == "ttml.timing.too-many-changes" })
    // Short ids are not charged enough to matter.
    let short = try read(TTMLTest.doc(body: "<div><p xml:id=\"p1\" begin=\"0s\" end=\"1000s\">\(spans)</p></div>"))
    #expect(short.document.cues.count == 1_000)
    #expect(short.document.cues.last?.id == "p1-1000")
  }

  @Test("A set's style is read once and bounded like a cue's")
  func setStyleIsBounded() throws {
    let families = (0..<300).map { "f\($0)" }.joined(separator: ",")
    let spans = (0..<3).map { "<span begin=\"\($0)s\" end=\"\($0 + 1)s\">x\($0)</span>" }.joined()
    let body = "<div><p begin=\"0s\" end=\"3s\"><set tts:fontFamily=\"\(families)\" tts:color=\"lime\"/>\(spans)</p></div>"
    let r = try read(TTMLTest.doc(body: body))
    #expect(r.document.cues.count == 3)
    for cue in r.document.cues {
      #expect(cue.style?.fontFamily == nil)
      #expect(cue.style?.color == Color(red: 0, green: 255, blue: 0))
    }
    #expect(budgetDiagnostics(r).map { String($0.message.prefix(15)) } == ["tts:fontFamily "])
  }

  @Test("Text shadows: more than 32 are not read, and an inherited list counts 24 bytes a shadow")
  func textShadows() throws {
    let many = Array(repeating: "1px 1px red", count: 33).joined(separator: ", ")
    let r = try read(TTMLTest.doc(body: "<div tts:textShadow=\"\(many)\">" + Self.threePs + "</div>"))
    #expect(r.document.cues.first?.style?.textShadow == nil)
    #expect(r.diagnostics.contains { $0.code == "ttml.style.invalid-value" && $0.message.hasSuffix("(or lists more than 32 shadows)") })
    let thirty = Array(repeating: "1px 1px red", count: 30).joined(separator: ", ")
    let kept = try read(TTMLTest.doc(body: "<div tts:textShadow=\"\(thirty)\">" + Self.threePs + "</div>"))
    #expect(kept.document.cues.first?.style?.textShadow?.count == 30)  // 720 bytes
    let dropped = try read(TTMLTest.doc(body: "<div tts:textShadow=\"\(thirty)\">" + Self.threePs + "</div>"), limit: 700)
    #expect(dropped.document.cues.first?.style?.textShadow == nil)
    #expect(budgetDiagnostics(dropped).map { String($0.message.prefix(20)) } == ["tts:textShadow (720 "])
  }

  @Test("Agent names from the head that a cue's spans show count against its limit")
  func spanAgentNames() throws {
    let name = String(repeating: "N", count: 600)
    let head = "<metadata><ttm:agent xml:id=\"a\" type=\"person\"><ttm:name type=\"full\">\(name)</ttm:name></ttm:agent></metadata>"
    let spans = String(repeating: "<span ttm:agent=\"a\">x</span>", count: 3)
    let r = try read(TTMLTest.doc(head: head, body: "<div><p begin=\"0s\" end=\"1s\">\(spans)</p></div>"))
    var voices: [String] = []
    for case .element(let e) in r.document.cues.first?.content ?? [] {
      if case .voice(let v) = e.kind { voices.append(v) }
    }
    #expect(voices == [name, "a", "a"])
    #expect(budgetDiagnostics(r).count == 1)
  }

  @Test("Spans that begin one after another and never end, or a long seq, are one cue past the default budget")
  func staircaseAndLongSeq() throws {
    // 1,900 spans, each shown from its begin on: 1.8 M nodes over the 1 M default (52 KB made
    // 313 MB of JSON at 4 M).
    let stairs = (0..<1_900).map { "<span begin=\"\($0)s\">x</span>" }.joined()
    let r = try read(TTMLTest.doc(body: "<div><p begin=\"0s\" end=\"99999s\">\(stairs)</p></div>"))
    #expect(r.document.cues.count == 1)
    #expect(r.diagnostics.contains { $0.code == "ttml.timing.too-many-changes" })
    // A seq of 10,000 spans shows few nodes, but each interval looks through every child (2.4 s).
    let seq = (0..<9_999).map { "<span dur=\"1s\">x\($0)</span>" }.joined()
    let r2 = try read(TTMLTest.doc(body: "<div><p begin=\"0s\" timeContainer=\"seq\">\(seq)</p></div>"))
    #expect(r2.document.cues.count == 1)
    let few = (0..<500).map { "<span dur=\"1s\">x\($0)</span>" }.joined()
    #expect(try read(TTMLTest.doc(body: "<div><p begin=\"0s\" timeContainer=\"seq\">\(few)</p></div>")).document.cues.count == 500)
  }
}
