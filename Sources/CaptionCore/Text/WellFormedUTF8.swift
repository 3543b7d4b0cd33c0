/// Strings from bytes already known to be well-formed UTF-8.
///
/// `String(decoding:as:)` checks its bytes again, scalar by scalar once one is not ASCII: about
/// 300 instructions for a typical cue text with an accent, the largest single cost of reading
/// an SRT or WebVTT cue. The readers' input has been checked once, whole (`TextDecoder`, which
/// repairs or re-encodes anything else), so the text of a cue (whole lines of it) is handed
/// over unchecked (`UTF8Span(unchecked:)`, SE-0464).
package enum WellFormedUTF8 {
  /// The string of `bytes`. Precondition: `bytes` is well-formed UTF-8 that starts and ends on
  /// character boundaries (checked in debug builds); otherwise the behaviour is undefined.
  package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    assert(UTF8Validator.isValid(bytes), "not well-formed UTF-8")
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: false))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
