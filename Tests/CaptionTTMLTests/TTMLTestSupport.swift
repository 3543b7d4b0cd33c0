import CaptionKit

/// Helpers shared by the TTML unit tests.
enum TTMLTest {
  static let header = """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
    xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling" xmlns:ebutts="urn:ebu:tt:style" xml:lang="en"
    """

  /// A document with `rootAttributes` on `tt`, `head` content and `body` content.
  static func doc(_ rootAttributes: String = "", head: String = "", body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(header) \(rootAttributes)>\n<head>\(head)</head>\n<body>\(body)</body>\n</tt>\n"
  }

  static func read(_ text: String, profile: String? = nil) throws -> ReadResult {
    try TTMLFormat().read(Array(text.utf8), options: ReadOptions(profile: profile))
  }

  static func details(_ text: String) throws -> TTMLReadDetails {
    try TTMLFormat().readDetails(Array(text.utf8))
  }

  static func t(_ value: Int64, _ scale: Int64 = 1) -> CaptionTime { CaptionTime(value: value, timescale: scale) }

  static func codes(_ r: ReadResult) -> [String] { r.diagnostics.map(\.code) }
}
