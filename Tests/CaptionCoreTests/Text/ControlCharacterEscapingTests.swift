import CaptionCore
import Testing

@Suite struct ControlCharacterEscapingTests {
  @Test func controlsAreEscapedAndTextIsKept() {
    #expect(ControlCharacterEscaping.escaped("plain\ttext é 字幕") == "plain\ttext é 字幕")
    #expect(ControlCharacterEscaping.escaped("a\nb\rc\u{1B}[31md\u{7F}e\u{85}f\u{0}") == "a\\nb\\rc\\u{1B}[31md\\u{7F}e\\u{85}f\\u{0}")
    var out: [UInt8] = []
    ControlCharacterEscaping.append("x\n::error::y", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "x\\n::error::y")
  }
}
