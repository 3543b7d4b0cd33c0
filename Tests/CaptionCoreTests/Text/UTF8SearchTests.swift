@testable import CaptionCore
import Testing

@Suite struct UTF8SearchTests {
  @Test func findsBytesAnywhereAndNowhereElse() {
    #expect("10px 20px".containsUTF8("px"))
    #expect("px".containsUTF8("px"))
    #expect(!"p x".containsUTF8("px"))
    #expect(!"p".containsUTF8("px"))
    #expect("".containsUTF8(""))
    #expect("abc".containsUTF8(""))
    // A partial match before the real one must not stop the search.
    #expect("imsc1.imsc1.1".containsUTF8("imsc1.1"))
    #expect(!"imsc1.0 imsc1/".containsUTF8("imsc1.1"))
    // Non-ASCII needles and haystacks compare by UTF-8 bytes.
    #expect("café crème".containsUTF8("é c"))
    #expect(!"cafe\u{301}".containsUTF8("é"))
    // Substrings (no contiguous storage of their own in general) search their own bytes only.
    let s = "xx-rgb-yy"
    #expect(s.dropFirst(3).prefix(3).containsUTF8("rgb"))
    #expect(!s.dropFirst(4).containsUTF8("rgb"))
  }
}
