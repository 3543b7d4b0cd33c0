import CaptionKit
import Testing

/// Style chains that are long, or that reference the same style twice at every level, resolve
/// once per style (these inputs used to take exponential and quadratic time).
@Suite struct TTMLStyleChainTests {
  func document(styles: String, body: String) -> [UInt8] {
    Array("""
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <head><styling>\(styles)</styling></head>
      <body><div>\(body)</div></body></tt>
      """.utf8)
  }

  /// An element's own `style="…"` outranks what its ancestors set inline (TTML2 §10.4.4), in
  /// the model and so in every output: a `p style="red"` in a `div tts:color="lime"` is red.
  @Test func ownReferentialStyleBeatsAncestorInlineStyle() throws {
    let doc = TTMLTest.doc(
      head: #"<styling><style xml:id="red" tts:color="red"/></styling>"#,
      body: #"<div tts:color="lime" tts:fontStyle="italic"><p begin="0s" end="1s" style="red">red</p><p begin="1s" end="2s">lime</p><div style="red"><p begin="2s" end="3s">red too</p></div></div>"#)
    let r = try TTMLTest.read(doc)
    let cues = r.document.cues
    #expect(cues.map(\.styleRefs) == [["red"], [], ["red"]])
    #expect(cues.map { $0.style?.color } == [nil, Color(named: "lime"), nil])
    #expect(cues.map { $0.style?.fontStyle } == [.italic, .italic, .italic])
    let srt = String(decoding: SubRipFormat().write(r.document, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(srt.components(separatedBy: "<font color=\"#ff0000\">").count == 3)
    #expect(srt.components(separatedBy: "<font color=\"#00ff00\">").count == 2)
  }

  @Test func diamondChainsResolve() throws {
    // s0 → s1 s1 → s2 s2 → … → s40, which sets the colour: 2^40 paths, 41 styles.
    var styles = ""
    for k in 0..<40 { styles += #"<style xml:id="s\#(k)" style="s\#(k + 1) s\#(k + 1)"/>"# }
    styles += #"<style xml:id="s40" tts:color="red"/>"#
    let r = try TTMLFormat().read(document(styles: styles, body: #"<p begin="0s" end="1s" style="s0">x</p>"#), options: ReadOptions())
    #expect(r.document.cues.count == 1)
    #expect(TTMLStyleResolver(document: r.document).resolvedNamedStyle("s0").color == Color(red: 255, green: 0, blue: 0))
    #expect(!r.diagnostics.contains { $0.code == "ttml.validate.style-loop" })
  }

  @Test func longChainsAndLoops() throws {
    var styles = ""
    for k in 0..<5000 { styles += #"<style xml:id="c\#(k)" style="c\#(k + 1)"/>"# }
    styles += #"<style xml:id="c5000" tts:color="lime"/><style xml:id="a" style="b"/><style xml:id="b" style="a"/>"#
    let r = try TTMLFormat().read(document(styles: styles, body: #"<p begin="0s" end="1s" style="c4990">x</p>"#), options: ReadOptions())
    #expect(r.document.styles.count == 5003)
    #expect(TTMLStyleResolver(document: r.document).resolvedNamedStyle("c4990").color == Color(red: 0, green: 255, blue: 0))
    // The whole chain reaches the cue (a depth cut of 64 lost it), and the placement the reader
    // computes from it agrees with what the writers resolve.
    #expect(TTMLStyleResolver(document: r.document).resolvedNamedStyle("c0").color == Color(red: 0, green: 255, blue: 0))
    var aligned = ""
    for k in 0..<100 { aligned += #"<style xml:id="t\#(k)" style="t\#(k + 1)"/>"# }
    aligned += #"<style xml:id="t100" tts:textAlign="center"/>"#
    let placed = try TTMLFormat().read(document(styles: aligned, body: #"<p begin="0s" end="1s" style="t0">x</p>"#), options: ReadOptions())
    #expect(placed.document.cues.first?.settings.align == .center)
    let loops = r.diagnostics.filter { $0.code == "ttml.validate.style-loop" }.map(\.message)
    #expect(loops == ["style 'a' refers to itself through its style chain", "style 'b' refers to itself through its style chain"])
  }
}
