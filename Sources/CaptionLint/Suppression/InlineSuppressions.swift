import CaptionCore

/// Suppressions written inside a caption file, read from `CaptionDocument.comments`.
///
/// WebVTT: a `NOTE` block whose text starts with a directive:
/// ```
/// NOTE captionkit-disable text.line-length timing.min-gap
///
/// 00:00:01.000 --> 00:00:02.000
/// A deliberately long line kept for a reason
/// ```
/// - `captionkit-disable RULE…` suppresses the rules for the cue the note stands before.
/// - `captionkit-disable-file RULE…` suppresses them for the whole file (anywhere in it).
/// - With no rule ids, every lint rule is suppressed. Ids may be separated by spaces or commas
///   and may carry the `lint.` prefix; text after ` -- ` is a free-form reason.
///
/// TTML (the TTML reader surfaces them as these comments): a `ck:disable` element in the
/// `metadata` of a `p` becomes `Comment(text: "captionkit-disable RULE…", beforeCue: <that cue>)`
/// for each cue of the `p`; in a `div`, the same for each cue of the `div`; in `head` or `body`
/// it becomes `captionkit-disable-file RULE…`:
/// ```xml
/// <p begin="1s" end="2s"><metadata><ck:disable xmlns:ck="urn:captionkit:lint">text.line-length</ck:disable></metadata>…</p>
/// ```
/// Only lint findings (`lint.*`) can be suppressed; reader diagnostics cannot.
public struct InlineSuppressions: Sendable, Hashable {
  /// The directive namespace for TTML `ck:disable` elements.
  public static let ttmlNamespace = "urn:captionkit:lint"

  /// Rule ids suppressed per cue index; an empty set means every rule.
  public private(set) var perCue: [Int: Set<String>] = [:]
  /// Rule ids suppressed in the whole file; `nil` when none, empty when every rule.
  public private(set) var fileWide: Set<String>?
  /// Names in directives that are not lint rule ids (a misspelling suppresses nothing), with
  /// where the directive stands, in document order.
  public private(set) var unknownRules: [UnknownRule] = []

  /// A directive's name that is no lint rule.
  public struct UnknownRule: Sendable, Hashable {
    /// The name as written, without a `lint.` prefix.
    public var id: String
    /// Where the directive is (a WebVTT NOTE, a TTML `ck:disable`), if known.
    public var location: SourceLocation?
  }

  public init() {}

  /// Reads the directives in a document's comments.
  public init(_ document: CaptionDocument) {
    self.init(comments: document.comments)
  }

  /// The directives in these comments (a document's `comments`, in file order).
  public init(comments: [Comment]) {
    for c in comments {
      guard let (scope, ids) = Self.directive(c.text) else { continue }
      for id in ids.sorted() where RuleCatalog.rule(id) == nil {
        unknownRules.append(UnknownRule(id: id, location: c.source))
      }
      switch scope {
      case .cue:
        perCue[c.beforeCue] = Self.merge(perCue[c.beforeCue], ids)
      case .file:
        fileWide = Self.merge(fileWide, ids)
      }
    }
  }

  enum Scope { case cue, file }

  /// Parses `captionkit-disable[-file] [ids] [-- reason]`.
  static func directive(_ text: String) -> (Scope, Set<String>)? {
    var body = Substring(text)
    while let f = body.first, f.isWhitespace { body = body.dropFirst() }
    let scope: Scope
    if body.hasPrefix("captionkit-disable-file") {
      scope = .file
      body = body.dropFirst("captionkit-disable-file".count)
    } else if body.hasPrefix("captionkit-disable") {
      scope = .cue
      body = body.dropFirst("captionkit-disable".count)
    } else {
      return nil
    }
    if let f = body.first, !f.isWhitespace && f != "," { return nil }
    if let r = body.range(of: " -- ") { body = body[..<r.lowerBound] }
    // Only the first line is the directive; later lines are commentary.
    if let nl = body.firstIndex(of: "\n") { body = body[..<nl] }
    let ids = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map { RuleCatalog.canonicalID(String($0)) }
    return (scope, Set(ids))
  }

  static func merge(_ a: Set<String>?, _ b: Set<String>) -> Set<String> {
    guard let a else { return b }
    if a.isEmpty || b.isEmpty { return [] }
    return a.union(b)
  }

  /// Whether a finding of `ruleID` on `cueIndex` (nil: document level) is suppressed.
  public func suppresses(ruleID: String, cueIndex: Int?) -> Bool {
    if let f = fileWide, f.isEmpty || f.contains(ruleID) { return true }
    if let i = cueIndex, let s = perCue[i], s.isEmpty || s.contains(ruleID) { return true }
    return false
  }
}
