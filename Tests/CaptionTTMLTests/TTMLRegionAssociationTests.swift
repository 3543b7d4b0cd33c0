import CaptionKit
import Testing

/// Which region shows what (TTML2 §11.3.1.3): content is shown in the region it names, and not
/// at all where the document contradicts itself, names no region that exists, or hides the
/// region. Content that names no region in a document with regions is kept in the default
/// region (`ttml.region.unassigned`), as pycaption and real DFXP files expect.
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

  @Test("A p naming another region than its div's is shown in neither")
  func contradictingRegions() throws {
    let r = try read(#"<div region="r1"><p begin="0s" end="1s">shown</p><p region="r2" begin="1s" end="2s">hidden</p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["shown"])
    #expect(r.document.cues.map(\.settings.region) == ["r1"])
    let note = try #require(r.diagnostics.first { $0.code == "ttml.region.not-shown" })
    #expect(note.message.hasPrefix("<p> names region 'r2' inside an element of region 'r1'"))
    #expect(note.severity == .info)
  }

  @Test("Content naming a region that is not defined, or one with display none, is not shown")
  func undefinedAndHiddenRegions() throws {
    let r = try read(
      #"<div><p region="nope" begin="0s" end="1s">a</p><p region="hidden" begin="1s" end="2s">b</p>"#
        + #"<p region="hiddenByStyle" begin="2s" end="3s">c</p><p region="r2" begin="3s" end="4s">d</p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["d"])
    #expect(r.diagnostics.filter { $0.code == "ttml.region.not-shown" }.count == 2)  // once per kind of reason
  }

  @Test("A span naming another region than its p's is left out of the p's cue")
  func spanInAnotherRegion() throws {
    let r = try read(#"<div><p region="r1" begin="0s" end="1s">bottom <span region="r2">top</span><span region="r1">also bottom</span></p></div>"#)
    #expect(r.document.cues.map(\.plainText) == ["bottom also bottom"])
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
}
