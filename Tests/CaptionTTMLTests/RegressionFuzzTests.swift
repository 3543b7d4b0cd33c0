import CaptionKit
import Testing

/// Inputs from the fuzzing work (Fuzz/, Scripts/fuzz.sh ttml) that used to crash the TTML
/// reader. Each must now read with a diagnostic.
@Suite struct TTMLRegressionFuzzTests {
  /// A 15-digit hours field in a SMPTE time code: the frame count `seconds × frame rate`
  /// overflowed 64 bits and trapped.
  @Test func smpteFrameCountOverflow() throws {
    let s = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      ttp:timeBase="smpte" ttp:frameRate="30"><body><div>\
      <p begin="999999999999999:00:00:00" end="999999999999999:00:00:01">x</p>\
      <p begin="00:00:01:00" end="00:00:02:00">y</p></div></body></tt>
      """
    let r = try TTMLFormat().read(Array(s.utf8), options: ReadOptions())
    #expect(r.diagnostics.contains { $0.code == "ttml.timing.invalid-expression" })
    #expect(r.document.cues.map(\.plainText).contains("y"))
    #expect(r.document.cues.first { $0.plainText == "y" }?.start == CaptionTime(value: 1, timescale: 1))
  }
}
