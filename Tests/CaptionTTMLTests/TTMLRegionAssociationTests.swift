import CaptionKit
import Testing

/// Which region shows what (TTML2 §11.3.1.3). A region with display none shows nothing. Where
/// TTML would show content in no region (it names another region than an ancestor's, or none in
/// a document with regions), the content is kept and the reader says so: files written that way
/// (pycaption's DFXP puts `p region="r0"` inside `div region="bottom"`) lose no text.
@Suite("TTML region association")
struct TTMLRegionAssociationTests {
  static let layout = """
    <layout><region xml:id="r1" tts:origin="10% 70%" tts:extent="80% 20%"/>\
    <region xml:id="r2" tts:origin="10% 10%" tts:extent="80% 20%"/>\
    <region xml:id="hidden" tts:origin="10% 40%" tts:extent="80% 20%" tts:display="none"/>\
    <region xml:id="hiddenByStyle" style="none" tts:origin="10% 40%" tts:extent="80% 20%"/></layout>\
    <styling><style xml:id="none" tts:display="none"/></styling>
    """

  func read(_ body: String) throws -> ReadResult {
    try TTMLTest.read(TTMLTest.doc(head: Self.layout, body: body))
  }

  @Test("A p naming another region than its div's is kept in the region it names, and reported once")
  func contradictingRegions() throws {
    let r = try read(#"<div region="r1"><p begin="0s" end="1s">a</p><p region="r2" begin="1s" end="2s">b</p><p region="r2" begin="2s" end="3s">c</p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["a", "b", "c"])
    #expect(r.document.cues.map(\.settings.region) == ["r1", "r2", "r2"])
    let notes = r.diagnostics.filter { $0.code == "ttml.region.conflict" }
    #expect(notes.count == 1)
    #expect(notes.first?.message.hasPrefix("<p> names region 'r2' inside an element of region 'r1': TTML processors show it in no region") == true)
    #expect(notes.first?.severity == .info)
  }

  @Test("Content in a region with display none, set on the region or through its styles, is not shown")
  func hiddenRegions() throws {
    let r = try read(
      #"<div><p region="hidden" begin="0s" end="1s">a</p><p region="hiddenByStyle" begin="1s" end="2s">b</p><p region="r2" begin="2s" end="3s">c</p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["c"])
    #expect(r.diagnostics.filter { $0.code == "ttml.region.not-shown" }.count == 1)  // once
    // A set that shows the region for a while: the content is kept (a region's set is not applied).
    let shown = try TTMLTest.read(TTMLTest.doc(
      head: #"<layout><region xml:id="blink" tts:display="none" tts:origin="10% 40%" tts:extent="80% 20%"><set tts:display="auto" begin="1s" end="2s"/></region></layout>"#,
      body: #"<div><p region="blink" begin="0s" end="3s">x</p></div>"#))
    #expect(shown.document.cues.map(\.plainText) == ["x"])
  }

  @Test("Content in no region of a document with regions stays in the default region")
  func unassignedContentIsKept() throws {
    let r = try read(#"<div><p begin="0s" end="1s">no region</p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["no region"])
    #expect(r.diagnostics.contains { $0.code == "ttml.region.unassigned" })
  }

  @Test("A timed region's begin and end are significant times")
  func regionTimesAreSignificant() throws {
    let doc = TTMLTest.doc(
      head: #"<layout><region xml:id="r1" begin="1s" end="2s" tts:origin="10% 70%" tts:extent="80% 20%"/></layout>"#,
      body: #"<div><p region="r1" begin="0s" end="3s">x</p></div>"#)
    #expect(try TTMLTest.details(doc).significantTimes == [TTMLTest.t(0), TTMLTest.t(1), TTMLTest.t(2), TTMLTest.t(3)])
    #expect(try TTMLTest.read(doc).document.cues.map { [$0.start, $0.end] } == [[TTMLTest.t(1), TTMLTest.t(2)]])
  }

  @Test("A set inside a region begins and ends on the region's timeline, and both are significant times")
  func regionSetTimesAreSignificant() throws {
    let doc = TTMLTest.doc(
      head: #"<layout><region xml:id="r1" begin="2s" end="9s" tts:origin="10% 70%" tts:extent="80% 20%"><set tts:origin="10% 10%" begin="1s" dur="2s"/><set tts:opacity="0.5" begin="4s"/></region></layout>"#,
      body: #"<div><p region="r1" begin="0s" end="10s">x</p></div>"#)
    // Region 2–9 s; sets at 3–5 s and 6 s–(the region's end).
    #expect(try TTMLTest.details(doc).significantTimes.map(\.seconds) == [0, 2, 3, 5, 6, 9, 10])
  }
}
