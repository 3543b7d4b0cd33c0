import CaptionCore
import Testing

/// Invalid UTF-8 in a UTF-8-only format: each maximal subpart becomes one U+FFFD, and each is
/// reported where it is.
@Suite("Invalid UTF-8")
struct InvalidUTF8Tests {
  static let fffd = "\u{FFFD}"

  /// As many valid multi-byte sequences as invalid ones: UTF-8 wins (it read `Café` as
  /// windows-1251 `CafГ©`); more invalid ones, or none valid, go to legacy detection.
  @Test func aTieBetweenValidAndInvalidSequencesIsUTF8() {
    let tie = TextDecoder.decode(Array("Caf".utf8) + [0xC3, 0xA9, 0x20, 0xFF] + Array(" ok\n".utf8))
    #expect(tie.encoding == .utf8)
    #expect(String(decoding: tie.utf8, as: UTF8.self) == "Café \(Self.fffd) ok\n")
    #expect(tie.diagnostics.map(\.code) == ["text.encoding.detected", "text.encoding.invalid-utf8"])
    let moreInvalid = TextDecoder.decode(Array("Caf".utf8) + [0xC3, 0xA9, 0x20, 0xFF, 0xFE] + Array(" ok\n".utf8))
    #expect(moreInvalid.encoding != .utf8)
    #expect(TextDecoder.decode(Array("na".utf8) + [0xEF] + Array("ve\n".utf8)).encoding != .utf8)
  }

  @Test("Each bad sequence is located by line and column")
  func locatesEachSequence() {
    // Line 2 has a lone continuation byte at column 3; line 3 a truncated 3-byte sequence at 1.
    let bytes: [UInt8] = Array("ok\nab".utf8) + [0x80] + Array("c\n".utf8) + [0xE2, 0x82] + Array("x\n".utf8)
    let d = TextDecoder.decode(bytes, utf8Only: true)
    #expect(String(decoding: d.utf8, as: UTF8.self) == "ok\nab\(Self.fffd)c\n\(Self.fffd)x\n")
    let bad = d.diagnostics.filter { $0.code == "text.encoding.invalid-utf8" }
    #expect(bad.map { $0.location?.line } == [2, 3])
    #expect(bad.map { $0.location?.column } == [3, 1])
    #expect(bad.map { $0.location?.offset } == [5, 8])
    #expect(bad[0].message.contains("byte 80"))
    #expect(bad[1].message.contains("bytes E2 82"))
  }

  @Test("CR, LF and CRLF each end a line, as in the caption readers")
  func locatesAcrossEveryLineEnding() {
    // Line 1 ends in CR, line 2 in CRLF, line 3 in LF, line 4 in CR CR (so line 5 is empty).
    let bytes: [UInt8] = Array("a\rb".utf8) + [0xFF] + Array("\r\n".utf8) + [0xC3] + Array("\nxyz\r\r".utf8) + [0x80]
    let d = TextDecoder.decode(bytes, utf8Only: true)
    let bad = d.diagnostics.filter { $0.code == "text.encoding.invalid-utf8" }
    #expect(bad.map { $0.location?.line } == [2, 3, 6])
    #expect(bad.map { $0.location?.column } == [2, 1, 1])
    #expect(bad.map { $0.location?.offset } == [3, 6, 13])
  }

  @Test("Maximal subparts follow Unicode §3.9 (one U+FFFD each)")
  func maximalSubparts() {
    // Surrogate ED A0 80 is three subparts; overlong C0 AF two; F4 90 is two (F4 allows 80–8F);
    // a valid 4-byte emoji in between is kept.
    let bytes: [UInt8] = [0xED, 0xA0, 0x80, 0x41, 0xC0, 0xAF, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x90]
    let d = TextDecoder.decode(bytes, utf8Only: true)
    let f = Self.fffd
    #expect(String(decoding: d.utf8, as: UTF8.self) == "\(f)\(f)\(f)A\(f)\(f)😀\(f)\(f)")
  }

  @Test("After the first 20, one summary gives the total")
  func capsTheList() {
    var bytes: [UInt8] = []
    for _ in 0..<25 { bytes += [0xFF, 0x0A] }
    let d = TextDecoder.decode(bytes, utf8Only: true)
    let bad = d.diagnostics.filter { $0.code == "text.encoding.invalid-utf8" }
    #expect(bad.count == 21)
    #expect(bad[19].location?.line == 20)
    #expect(bad[20].location == nil)
    #expect(bad[20].message.hasPrefix("25 invalid UTF-8 sequences"))
  }

  @Test("Valid UTF-8 gets no diagnostic and the same bytes")
  func validIsUntouched() {
    let bytes = Array("WEBVTT\n\n00:00.000 --> 00:01.000\nçà 字 😀\n".utf8)
    let d = TextDecoder.decode(bytes, utf8Only: true)
    #expect(d.utf8 == bytes)
    #expect(d.diagnostics.isEmpty)
  }
}
