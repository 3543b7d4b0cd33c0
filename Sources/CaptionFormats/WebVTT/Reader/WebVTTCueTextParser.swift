import CaptionCore

/// The WebVTT cue text parsing rules (WebVTT §6.4): the cue text tokenizer, HTML character
/// references and the tree building, over UTF-8 bytes, with an explicit element stack.
///
/// Other formats whose text uses WebVTT-like markup can call `parse(_:)` directly.
public enum WebVTTCueTextParser {
  /// How text runs are represented.
  public enum TextMode: Sendable {
    /// The caption model: adjacent text is merged and line feeds become `CueNode.lineBreak`.
    case model
    /// One `CueNode.text` per WebVTT Text Object, line feeds kept inside the text, exactly as
    /// `VTTCue.getCueAsHTML()` builds its DOM (for conformance tests and DOM-faithful tools).
    case dom
  }

  /// Parses cue text into the node tree.
  ///
  /// - Parameters:
  ///   - text: cue text with `\n` line breaks (what `VTTCue.text` holds).
  ///   - mode: text run representation; `.model` by default.
  ///   - maxNestingDepth: deeper elements are flattened into their parent (and reported).
  /// - Returns: the nodes. Never fails: malformed markup is recovered as the spec says.
  public static func parse(_ text: String, mode: TextMode = .model, maxNestingDepth: Int = 256) -> [CueNode] {
    var diagnostics: [Diagnostic] = []
    return parse(text, mode: mode, maxNestingDepth: maxNestingDepth, diagnostics: &diagnostics)
  }

  /// Parses cue text and reports every syntax violation (`webvtt.cuetext.*`), located on a
  /// single virtual line per cue-text line (line 1 is the first line of `text`).
  public static func parse(
    _ text: String, mode: TextMode = .model, maxNestingDepth: Int = 256, diagnostics: inout [Diagnostic]
  ) -> [CueNode] {
    // Line breaks as the file parser leaves them: CRLF and CR become LF, NUL becomes U+FFFD.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var afterCR = false
    for c in text.utf8 {
      if c == 0x0A && afterCR { afterCR = false; continue }
      afterCR = c == 0x0D
      if c == 0x0D { bytes.append(0x0A) } else if c == 0 { bytes += [0xEF, 0xBF, 0xBD] } else { bytes.append(c) }
    }
    var ctx = Context(mode: mode, maxDepth: maxNestingDepth)
    let nodes = bytes.withUnsafeBufferPointer { p in parse(p, start: 0, end: p.count, context: &ctx) }
    var lineStarts = [0]
    for (k, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(k + 1) }
    for issue in ctx.issues {
      var line = 0
      while line + 1 < lineStarts.count, lineStarts[line + 1] <= issue.offset { line += 1 }
      diagnostics.append(
        Diagnostic(
          code: issue.code, severity: issue.severity, message: issue.message,
          location: SourceLocation(line: line + 1, column: issue.offset - lineStarts[line] + 1, offset: issue.offset)))
    }
    return nodes
  }

  /// One problem, at a byte offset into the parsed buffer.
  struct Issue {
    var code: String
    var severity: Severity
    var message: String
    var offset: Int
  }

  /// Parser inputs and outputs besides the bytes.
  struct Context {
    var mode: TextMode
    var maxDepth: Int
    /// Most elements and inline timestamps kept (`ReadLimits.maxCueElements`); later tags are
    /// flattened into their parent (timestamps dropped) and reported once.
    var maxElements = ReadLimits().maxCueElements
    /// Elements and timestamps kept so far.
    var elements = 0
    /// The cue's start and end, for checking inline timestamps; nil when unknown.
    var cueStart: CaptionTime? = nil
    var cueEnd: CaptionTime? = nil
    var issues: [Issue] = []
    /// Stop collecting issues past this many (the reader's diagnostic cap).
    var maxIssues = 10_000
    /// Issues past `maxIssues`, counted but not kept.
    var droppedIssues = 0

    init(mode: TextMode, maxDepth: Int) {
      self.mode = mode
      self.maxDepth = maxDepth
    }

    mutating func report(_ code: String, _ severity: Severity, _ message: String, at offset: Int) {
      if issues.count < maxIssues {
        issues.append(Issue(code: code, severity: severity, message: message, offset: offset))
      } else {
        droppedIssues += 1
      }
    }
  }

  /// Tag kinds, as small codes for the element stack.
  enum Tag: UInt8 {
    case root, c, i, b, u, ruby, rt, v, lang

    init?(name: UnsafeBufferPointer<UInt8>.SubSequence) {
      switch name.count {
      case 1:
        switch name.first {
        case UInt8(ascii: "c"): self = .c
        case UInt8(ascii: "i"): self = .i
        case UInt8(ascii: "b"): self = .b
        case UInt8(ascii: "u"): self = .u
        case UInt8(ascii: "v"): self = .v
        default: return nil
        }
      case 2 where name.elementsEqual("rt".utf8): self = .rt
      case 4 where name.elementsEqual("ruby".utf8): self = .ruby
      case 4 where name.elementsEqual("lang".utf8): self = .lang
      default: return nil
      }
    }

    var name: String {
      switch self {
      case .root: ""
      case .c: "c"
      case .i: "i"
      case .b: "b"
      case .u: "u"
      case .ruby: "ruby"
      case .rt: "rt"
      case .v: "v"
      case .lang: "lang"
      }
    }
  }

  /// An open element.
  struct Frame {
    var tag: Tag
    var kind: CueElement.Kind
    var classes: [String]
    var children: [CueNode] = []
    var offset: Int
    /// Model mode: text not yet turned into a node, so that runs split by ignored tags merge
    /// without re-copying (linear on hostile input).
    var pending: [UInt8] = []

    /// Turns pending text into a text node.
    mutating func flush() {
      guard !pending.isEmpty else { return }
      children.append(.text(String(decoding: pending, as: UTF8.self)))
      pending.removeAll(keepingCapacity: true)
    }
  }

  static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, ff: UInt8 = 0x0C, space: UInt8 = 0x20
  static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), amp = UInt8(ascii: "&")
  static let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")

  /// Parses `p[start..<end]` (line feeds only, no CR, NUL already replaced).
  static func parse(_ p: UnsafeBufferPointer<UInt8>, start: Int, end: Int, context ctx: inout Context) -> [CueNode] {
    var stack: [Frame] = [Frame(tag: .root, kind: .span, classes: [], offset: start)]
    var phantom: [Tag] = []  // elements past the depth limit: tracked for their end tags only
    var languages: [String] = []
    var scratch: [UInt8] = []
    var lastTimestamp: CaptionTime? = nil
    var reportedDepth = false
    var reportedElements = false
    var i = start
    /// Whether the cue already holds `maxElements` elements and timestamps (reported once).
    func overElementLimit(at offset: Int) -> Bool {
      guard ctx.elements >= ctx.maxElements else { return false }
      if !reportedElements {
        reportedElements = true
        ctx.report(
          "webvtt.cuetext.too-many-elements", .warning,
          "the cue has more than \(ctx.maxElements) tags; later tags are flattened into their parent (their text kept) and later timestamps dropped (raise it with --max-cue-elements)",
          at: offset)
      }
      return true
    }

    while i < end {
      if p[i] != lt {
        // String token: up to the next `<`, with character references decoded.
        scratch.removeAll(keepingCapacity: true)
        while i < end {
          var j = i
          while j < end, p[j] != lt, p[j] != amp { j += 1 }
          if j > i { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<j])) }
          i = j
          guard i < end, p[i] == amp else { break }
          let r = HTMLCharacterReference.consume(p, amp: i, end: end, additionalAllowed: nil, into: &scratch)
          reportReference(r.outcome, at: i, &ctx)
          if !consumedSomething(r.outcome) { scratch.append(amp) }
          i = max(r.next, i + 1)
        }
        appendText(scratch, to: &stack[stack.count - 1], mode: ctx.mode)
        continue
      }

      // A tag.
      let tagStart = i
      i += 1
      if i >= end {
        ctx.report("webvtt.cuetext.malformed-tag", .error, "a '<' at the end of the cue text is not a tag; write &lt;", at: tagStart)
        break
      }
      let c0 = p[i]
      if c0 == slash {
        // End tag: everything up to `>` is the name.
        i += 1
        let nameStart = i
        while i < end, p[i] != gt { i += 1 }
        let name = p[nameStart..<i]
        if i < end { i += 1 } else {
          ctx.report("webvtt.cuetext.unterminated-tag", .error, "the end tag has no closing '>'", at: tagStart)
        }
        closeElement(name: name, at: tagStart, stack: &stack, phantom: &phantom, languages: &languages, &ctx)
        continue
      }
      if WebVTTTimestamp.isDigit(c0) {
        let valueStart = i
        while i < end, p[i] != gt { i += 1 }
        let valueEnd = i
        if i < end { i += 1 } else {
          ctx.report("webvtt.cuetext.unterminated-tag", .error, "the timestamp tag has no closing '>'", at: tagStart)
        }
        var k = valueStart
        if case .success(let v) = WebVTTTimestamp.collect(p, &k, end: valueEnd), k == valueEnd {
          let t = CaptionTime(milliseconds: v.milliseconds)
          if let s = ctx.cueStart, let e = ctx.cueEnd, !(t > s && t < e) {
            ctx.report("webvtt.cuetext.timestamp-out-of-range", .error, "the inline timestamp \(t) is not inside the cue (\(s) to \(e))", at: tagStart)
          } else if let last = lastTimestamp, !(t > last) {
            ctx.report("webvtt.cuetext.timestamp-out-of-order", .error, "the inline timestamp \(t) is not after the previous one (\(last))", at: tagStart)
          }
          lastTimestamp = t
          if !overElementLimit(at: tagStart) {
            ctx.elements += 1
            stack[stack.count - 1].flush()
            stack[stack.count - 1].children.append(.timestamp(t))
          }
        } else {
          ctx.report("webvtt.cuetext.invalid-timestamp", .error, "'\(string(p[valueStart..<valueEnd]).prefix(40))' is not a valid timestamp; the tag is ignored", at: tagStart)
        }
        continue
      }

      // Start tag: name, classes, annotation.
      var nameStart = i, nameEnd = i
      var classes: [String] = []
      var emptyClass = false
      var annotation: [UInt8] = []
      var hasAnnotation = false
      var terminated = false
      var state = 0  // 0 name, 1 class, 2 annotation
      var classStart = i
      if c0 == tab || c0 == lf || c0 == ff || c0 == space {
        state = 2
        hasAnnotation = true
        i += 1
        nameStart = i; nameEnd = i
      } else if c0 == dot {
        state = 1
        i += 1
        nameStart = i - 1; nameEnd = i - 1
        classStart = i
      } else if c0 == gt {
        i += 1
        terminated = true
      }
      tagLoop: while !terminated && i < end {
        let c = p[i]
        switch state {
        case 0:
          if c == tab || c == ff || c == space {
            nameEnd = i; state = 2; hasAnnotation = true
          } else if c == lf {
            nameEnd = i; state = 2; hasAnnotation = true; annotation.append(lf)
          } else if c == dot {
            nameEnd = i; state = 1; classStart = i + 1
          } else if c == gt {
            nameEnd = i; terminated = true
          }
          i += 1
        case 1:
          if c == tab || c == ff || c == space || c == lf || c == dot || c == gt {
            if i == classStart { emptyClass = true } else { classes.append(string(p[classStart..<i])) }
            classStart = i + 1
            if c == gt {
              terminated = true
            } else if c != dot {
              state = 2
              hasAnnotation = true
              if c == lf { annotation.append(lf) }
            }
          }
          i += 1
        default:
          if c == gt {
            terminated = true
            i += 1
          } else if c == amp {
            let r = HTMLCharacterReference.consume(p, amp: i, end: end, additionalAllowed: gt, into: &annotation)
            reportReference(r.outcome, at: i, &ctx)
            if !consumedSomething(r.outcome) { annotation.append(amp) }
            i = max(r.next, i + 1)
          } else {
            annotation.append(c)
            i += 1
          }
        }
      }
      if !terminated {
        // End of input inside the tag: the spec emits the tag as it stands.
        if state == 0 { nameEnd = i }
        if state == 1 {
          if i == classStart { emptyClass = true } else { classes.append(string(p[classStart..<i])) }
        }
        ctx.report("webvtt.cuetext.unterminated-tag", .error, "the tag has no closing '>'", at: tagStart)
      }
      let name = p[nameStart..<max(nameStart, nameEnd)]
      let annotationText = hasAnnotation ? collapseWhitespace(annotation) : nil
      guard let tag = Tag(name: name) else {
        if name.isEmpty {
          ctx.report("webvtt.cuetext.malformed-tag", .error, "a tag has no name; write &lt; for a literal '<'", at: tagStart)
        } else {
          ctx.report("webvtt.cuetext.unknown-tag", .error, "<\(string(name).prefix(40))> is not a WebVTT tag and is ignored", at: tagStart)
        }
        continue
      }
      if emptyClass {
        ctx.report("webvtt.cuetext.empty-class", .error, "<\(tag.name)> has an empty class name", at: tagStart)
      }
      switch tag {
      case .v, .lang:
        if (annotationText ?? "").isEmpty {
          ctx.report("webvtt.cuetext.missing-annotation", .error, "<\(tag.name)> needs an annotation (\(tag == .v ? "the voice name" : "a BCP 47 language tag"))", at: tagStart)
        } else if tag == .lang, let a = annotationText, !isWellFormedLanguageTag(a) {
          ctx.report("webvtt.cuetext.invalid-language-tag", .error, "'\(a.prefix(40))' is not a well-formed BCP 47 language tag", at: tagStart)
        }
      default:
        if hasAnnotation {
          ctx.report("webvtt.cuetext.annotation-not-allowed", .error, "<\(tag.name)> does not take an annotation", at: tagStart)
        }
      }
      if tag == .rt {
        let current = phantom.last ?? stack[stack.count - 1].tag
        guard current == .ruby else {
          ctx.report("webvtt.cuetext.rt-outside-ruby", .error, "<rt> outside <ruby> is ignored", at: tagStart)
          continue
        }
      }
      if !phantom.isEmpty || stack.count - 1 >= ctx.maxDepth || overElementLimit(at: tagStart) {
        if !reportedDepth && !reportedElements {
          ctx.report("webvtt.cuetext.nesting-too-deep", .warning, "tags nested deeper than \(ctx.maxDepth) levels are flattened into their parent (raise it with --max-nesting-depth)", at: tagStart)
          reportedDepth = true
        }
        phantom.append(tag)
        continue
      }
      let kind: CueElement.Kind
      switch tag {
      case .root, .c: kind = .span
      case .i: kind = .italic
      case .b: kind = .bold
      case .u: kind = .underline
      case .ruby: kind = .ruby
      case .rt: kind = .rubyText
      case .v: kind = .voice(name: annotationText ?? "")
      case .lang:
        languages.append(annotationText ?? "")
        kind = .language(annotationText ?? "")
      }
      ctx.elements += 1
      stack[stack.count - 1].flush()
      stack.append(Frame(tag: tag, kind: kind, classes: classes, offset: tagStart))
    }

    // Close what is still open at the end of the cue text.
    while stack.count > 1 {
      let top = stack[stack.count - 1]
      let voiceOnly = top.tag == .v && stack.count == 2 && stack[0].children.isEmpty
      let rtBeforeRuby = top.tag == .rt
      if !voiceOnly && !rtBeforeRuby {
        ctx.report("webvtt.cuetext.unclosed-tag", .error, "<\(top.tag.name)> is not closed", at: top.offset)
      }
      pop(&stack, &ctx)
    }
    stack[0].flush()
    return stack[0].children
  }

  static func consumedSomething(_ o: HTMLCharacterReference.Outcome) -> Bool {
    switch o {
    case .ok, .missingSemicolon, .invalidCodePoint: true
    case .noDigits, .unknownName, .notReference, .notMatched: false
    }
  }

  static func reportReference(_ o: HTMLCharacterReference.Outcome, at offset: Int, _ ctx: inout Context) {
    switch o {
    case .ok: break
    case .missingSemicolon:
      ctx.report("webvtt.cuetext.reference-missing-semicolon", .error, "the character reference has no terminating ';'", at: offset)
    case .invalidCodePoint:
      ctx.report("webvtt.cuetext.invalid-character-reference", .error, "the numeric character reference names a code point HTML does not allow", at: offset)
    case .unknownName:
      ctx.report("webvtt.cuetext.unknown-character-reference", .error, "unknown named character reference; the text is kept as written", at: offset)
    case .noDigits, .notReference, .notMatched:
      ctx.report("webvtt.cuetext.bare-ampersand", .error, "a '&' that does not start a character reference; write &amp;", at: offset)
    }
  }

  /// Handles an end tag (WebVTT §6.4, "If token is an end tag").
  static func closeElement(
    name: UnsafeBufferPointer<UInt8>.SubSequence, at offset: Int, stack: inout [Frame], phantom: inout [Tag],
    languages: inout [String], _ ctx: inout Context
  ) {
    let tag = Tag(name: name)
    if let top = phantom.last {
      if tag == top { phantom.removeLast() } else if tag == .ruby, top == .rt {
        phantom.removeLast()
        if phantom.last == .ruby { phantom.removeLast() }
      }
      return
    }
    let current = stack[stack.count - 1].tag
    if let tag, tag != .lang, tag != .root, stack.count > 1, tag == current {
      pop(&stack, &ctx)
    } else if tag == .lang, current == .lang, stack.count > 1 {
      pop(&stack, &ctx)
      if !languages.isEmpty { languages.removeLast() }
    } else if tag == .ruby, current == .rt, stack.count > 2 {
      pop(&stack, &ctx)
      pop(&stack, &ctx)
    } else {
      let what = tag.map { "</\($0.name)>" } ?? "</\(string(name).prefix(40))>"
      let open = stack.count > 1 ? "the open element is <\(current.name)>" : "no element is open"
      ctx.report("webvtt.cuetext.mismatched-end-tag", .error, "\(what) does not close anything (\(open)); it is ignored", at: offset)
    }
  }

  /// Closes the top element into its parent.
  static func pop(_ stack: inout [Frame], _ ctx: inout Context) {
    var f = stack.removeLast()
    f.flush()
    if f.tag == .ruby, !f.children.contains(where: { if case .element(let e) = $0, e.kind == .rubyText { return true } else { return false } }) {
      ctx.report("webvtt.cuetext.ruby-without-rt", .error, "<ruby> has no <rt> annotation", at: f.offset)
    }
    stack[stack.count - 1].children.append(.element(CueElement(f.kind, classes: f.classes, children: f.children)))
  }

  /// Appends a string token to the open element.
  static func appendText(_ bytes: [UInt8], to frame: inout Frame, mode: TextMode) {
    guard !bytes.isEmpty else { return }
    if mode == .dom {
      frame.children.append(.text(String(decoding: bytes, as: UTF8.self)))
      return
    }
    var segStart = 0
    let n = bytes.count
    bytes.withUnsafeBufferPointer { b in
      var k = 0
      while k < n {
        if b[k] == lf {
          if k > segStart { frame.pending.append(contentsOf: UnsafeBufferPointer(rebasing: b[segStart..<k])) }
          frame.flush()
          frame.children.append(.lineBreak)
          segStart = k + 1
        }
        k += 1
      }
      if n > segStart { frame.pending.append(contentsOf: UnsafeBufferPointer(rebasing: b[segStart..<n])) }
    }
  }

  /// Trims ASCII whitespace and collapses inner runs to one space (the annotation rule).
  static func collapseWhitespace(_ b: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(b.count)
    var pendingSpace = false
    for c in b {
      if c == tab || c == lf || c == ff || c == space || c == 0x0D {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.append(space); pendingSpace = false }
        out.append(c)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func string(_ s: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: s), as: UTF8.self)
  }

  /// BCP 47 well-formedness, simplified: subtags of 1–8 ASCII letters or digits separated by
  /// `-`, the first 2–8 letters (or `x`/`i` for private-use and grandfathered tags).
  static func isWellFormedLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first else { return false }
    let firstOK = (first.count >= 2 && first.count <= 8 && first.utf8.allSatisfy { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A })
      || first.lowercased() == "x" || first.lowercased() == "i"
    guard firstOK else { return false }
    return parts.dropFirst().allSatisfy { p in
      p.count >= 1 && p.count <= 8 && p.utf8.allSatisfy { HTMLCharacterReference.isAlphanumeric($0) }
    }
  }
}
