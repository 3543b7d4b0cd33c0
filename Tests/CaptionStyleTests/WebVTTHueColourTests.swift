import CaptionKit
import Testing

@testable import CaptionStyle

/// `hsl()` / `hwb()` colours in WebVTT `STYLE` blocks are read, so their contrast is checked
/// (before, they could not be read and the style was skipped).
@Suite struct WebVTTHueColourTests {
  @Test func hueColoursAreContrastChecked() throws {
    let vtt = "WEBVTT\n\nSTYLE\n::cue(.h){color:hsl(0,0%,30%);background-color:hwb(0 0% 100%)}\n::cue(.ok){color:hsl(0 0% 50%);background-color:black}\n\n00:00.000 --> 00:02.000\n<c.h>x</c> <c.ok>y</c>\n"
    // #808080 on black passes AA (5.32:1) but not APCA.
    let result = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions())
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let d = DocumentStyleChecker.check(result.document, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.text-over-background", "style.contrast.apca"])
    #expect(d.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "4:11")
    #expect(d.first?.message.hasPrefix("style \"h\": text #4D4D4D on background #000000 @ 80% under #000000: contrast 2.48:1 < 4.5:1") == true, "\(d)")
    #expect(d.last.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "5:12")
    #expect(d.last?.message.hasPrefix("style \"ok\": text #808080 on background #000000") == true, "\(d)")
  }
}
