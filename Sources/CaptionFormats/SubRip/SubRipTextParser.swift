import CaptionCore

/// Parses SRT cue text into the cue node tree: `<i>`, `<b>`, `<u>`, `<s>`/`<strike>`
/// (line-through), `<font color face size>`, `<br>` (a line break),
/// the SubStation overrides `{\i1}`/`{\i0}`, `{\b1}`/`{\b0}`, `{\u1}`/`{\u0}` and `{\an1}`–`{\an9}`,
/// line breaks and text.
///
/// Recovery: unknown tags stay literal text; unclosed tags close at the end of the cue; a close
/// tag that does not match the innermost open element closes the elements above it and reopens
/// them after it (so `<b><i>x</b>y</i>` keeps `y` italic); a close tag with no open element is
/// ignored; markup deeper than `ReadLimits.maxNestingDepth` is flattened to its text. Each is a
/// diagnostic. Character references are not decoded: SRT has none, and `&amp;` is text.
///
/// - Complexity: O(n) in the text length; the open-element stack is explicit and bounded.
struct SubRipTextParser {
  /// A text line of the cue: where it starts in the cue text and in the document.
  struct LineInfo {
    var textOffset: Int
    var documentOffset: Int
    var number: Int
  }

  enum TagKind: Equatable {
    /// `strike` is `<s>` or `<strike>`: struck-through text, as FFmpeg and players read it.
    case italic, bold, underline, font, strike

    var name: String {
      switch self {
      case .italic: "i"
      case .bold: "b"
      case .underline: "u"
      case .font: "font"
      case .strike: "s"
      }
    }

    var elementKind: CueElement.Kind {
      switch self {
      case .italic: .italic
      case .bold: .bold
      case .underline: .underline
      case .font, .strike: .span
      }
    }
  }

  struct Frame {
    var tag: TagKind
    var element: CueElement
    var location: SourceLocation
    /// Reopened after a misnested close tag; dropped if it ends up empty.
    var reopened = false
  }

  /// Buffers a reader keeps from cue to cue (`init(scratch:maxDepth:)` takes them,
  /// `returnScratch(to:)` gives them back empty), so that parsing allocates only what the
  /// model keeps.
  struct Scratch {
    /// Where each of the cue's lines starts, filled by the reader before parsing.
    var lines: [LineInfo] = []
    var stack: [Frame] = []
    var text: [UInt8] = []
  }

  let lines: [LineInfo]
  let maxDepth: Int
  /// Most elements kept in the cue (`ReadLimits.maxCueElements`); later tags are flattened.
  var maxElements = ReadLimits().maxCueElements
  /// Elements made so far (reopened ones too).
  var elements = 0
  /// Whether the element limit was reported.
  var elementsReported = false
  var lineCursor = 0
  var root: [CueNode] = []
  var stack: [Frame]
  var text: [UInt8]
  /// Tags flattened (past the depth or element limit), innermost last: their end tags close
  /// them, not an open element of the same kind around them. All sit inside the innermost open
  /// element, so closing an element closes them too.
  var suppressed: [TagKind] = []
  var anchor: Int?
  /// Whether a `<br>` of this cue was reported.
  var lineBreakReported = false

  /// Parses one cue's `text` (its lines joined with `\n`, located from line 1, offset 0): the
  /// tree, what was reported, and the `{\anN}` anchor if any.
  static func parse(_ text: String, limits: ReadLimits = ReadLimits()) -> (content: [CueNode], diagnostics: [Diagnostic], anchor: Int?) {
    var lines: [LineInfo] = []
    var offset = 0
    for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      lines.append(LineInfo(textOffset: offset, documentOffset: offset, number: k + 1))
      offset += line.utf8.count + 1
    }
    var parser = SubRipTextParser(lines: lines, maxDepth: limits.maxNestingDepth)
    parser.maxElements = limits.maxCueElements
    var sink = DiagnosticSink(limit: limits.maxDiagnostics)
    let result = Array(text.utf8).withUnsafeBufferPointer { parser.parse($0, sink: &sink) }
    return (result.content, sink.diagnostics, result.anchor)
  }

  init(lines: [LineInfo], maxDepth: Int) {
    var scratch = Scratch(lines: lines)
    self.init(scratch: &scratch, maxDepth: maxDepth)
  }

  /// A parser for one cue whose lines are `scratch.lines`, taking the scratch buffers.
  init(scratch: inout Scratch, maxDepth: Int) {
    self.lines = scratch.lines
    self.maxDepth = max(1, maxDepth)
    stack = []
    text = []
    swap(&stack, &scratch.stack)
    swap(&text, &scratch.text)
    // Most cues with markup hold a few nodes: one allocation, not a growth at each.
    root.reserveCapacity(4)
  }

  /// Gives the buffers back, emptied but keeping their capacity.
  mutating func returnScratch(to scratch: inout Scratch) {
    stack.removeAll(keepingCapacity: true)
    text.removeAll(keepingCapacity: true)
    swap(&stack, &scratch.stack)
    swap(&text, &scratch.text)
  }

  /// The document location of byte `k` of the cue text (calls must not go backwards).
  mutating func location(_ k: Int) -> SourceLocation {
    while lineCursor + 1 < lines.count && lines[lineCursor + 1].textOffset <= k { lineCursor += 1 }
    let l = lines[lineCursor]
    return SourceLocation(line: l.number, column: k - l.textOffset + 1, offset: l.documentOffset + k - l.textOffset)
  }

  mutating func flushText() {
    guard !text.isEmpty else { return }
    append(.text(String(decoding: text, as: UTF8.self)))
    text.removeAll(keepingCapacity: true)
  }

  mutating func append(_ node: CueNode) {
    if stack.isEmpty { root.append(node) } else { stack[stack.count - 1].element.children.append(node) }
  }

  /// `srt.tag.line-break` (info), once per cue: markup read as a line break.
  mutating func reportLineBreak(at k: Int, _ message: String, sink: inout DiagnosticSink) {
    guard !lineBreakReported else { return }
    lineBreakReported = true
    sink.report("srt.tag.line-break", .info, message, at: location(k))
  }

  mutating func open(_ tag: TagKind, style: TextStyle?, at k: Int, sink: inout DiagnosticSink) {
    if stack.count >= maxDepth {
      if suppressed.isEmpty {
        sink.report("srt.tag.nesting-too-deep", .warning, "markup nested deeper than \(maxDepth) levels is flattened to its text (raise it with --max-nesting-depth)", at: location(k))
      }
      suppressed.append(tag)
      return
    }
    if elements >= maxElements {
      reportElementLimit(at: k, sink: &sink)
      suppressed.append(tag)
      return
    }
    elements += 1
    flushText()
    var element = CueElement(tag.elementKind, style: style)
    element.children.reserveCapacity(4)
    stack.append(Frame(tag: tag, element: element, location: location(k)))
  }

  /// `srt.tag.too-many-elements`, once per cue.
  mutating func reportElementLimit(at k: Int, sink: inout DiagnosticSink) {
    guard !elementsReported else { return }
    elementsReported = true
    sink.report("srt.tag.too-many-elements", .warning, "the cue has more than \(maxElements) tags; later tags are flattened to their text (raise it with --max-cue-elements)", at: location(k))
  }

  mutating func closeTop() {
    guard let f = stack.popLast() else { return }
    if f.reopened && f.element.children.isEmpty { return }
    append(.element(f.element))
  }

  mutating func close(_ tag: TagKind, at k: Int, sink: inout DiagnosticSink) {
    // A flattened tag is the innermost of its kind: its end tag closes it (and what was
    // flattened inside it).
    if let s = suppressed.lastIndex(of: tag) {
      suppressed.removeSubrange(s...)
      return
    }
    guard let idx = stack.lastIndex(where: { $0.tag == tag }) else {
      sink.report("srt.tag.unmatched-close", .warning, "</\(tag.name)> closes nothing and is ignored", at: location(k))
      return
    }
    suppressed.removeAll()
    flushText()
    if idx == stack.count - 1 {
      closeTop()
      return
    }
    sink.report("srt.tag.misnested", .warning, "</\(tag.name)> closes <\(stack[idx + 1].tag.name)> too; it is reopened after", at: location(k))
    var reopen: [Frame] = []
    while stack.count > idx + 1 {
      let f = stack[stack.count - 1]
      reopen.append(Frame(tag: f.tag, element: CueElement(f.element.kind, style: f.element.style), location: f.location, reopened: true))
      closeTop()
    }
    closeTop()
    // Reopened elements are elements too: past the limit they are flattened (and reported),
    // and their end tags close them as a flattened element's do.
    for f in reopen.reversed() {
      if elements < maxElements && suppressed.isEmpty {
        elements += 1
        stack.append(f)
      } else {
        reportElementLimit(at: k, sink: &sink)
        suppressed.append(f.tag)
      }
    }
  }

  /// Parses the cue text `buf` (lines joined by `\n`).
  mutating func parse(_ buf: UnsafeBufferPointer<UInt8>, sink: inout DiagnosticSink) -> (content: [CueNode], anchor: Int?) {
    let n = buf.count
    var i = 0
    // Cached positions of the next '>', '}' and '\n', so that scanning for tag ends stays linear.
    var nextGT = -1, nextBrace = -1, nextNL = -1, nextLT = -1
    func find(_ b: UInt8, from: Int, cache: inout Int) -> Int {
      if cache >= from { return cache }
      var j = from
      while j < n && buf[j] != b { j += 1 }
      cache = j
      return j
    }
    while i < n {
      let b = buf[i]
      if b == 0x0A {
        flushText()
        append(.lineBreak)
        i += 1
        continue
      }
      if b == UInt8(ascii: "<") {
        let gt = find(UInt8(ascii: ">"), from: i + 1, cache: &nextGT)
        let nl = find(0x0A, from: i + 1, cache: &nextNL)
        // A tag holds no '<': in "x<y <i>" the first '<' is text and "<i>" is the tag.
        let lt = find(UInt8(ascii: "<"), from: i + 1, cache: &nextLT)
        if gt < n && gt < nl && gt < lt && gt - i <= Self.maxTagLength, let consumed = tag(buf, i, gt, sink: &sink) {
          i = consumed
          continue
        }
      } else if b == UInt8(ascii: "\\"), i + 1 < n, buf[i + 1] == UInt8(ascii: "N") {
        // SubStation's hard line break, which SRT files made from ASS carry and FFmpeg, mpv
        // and VLC show as one.
        reportLineBreak(at: i, "\\N is read as a line break (SubStation's hard break; reported once per cue)", sink: &sink)
        flushText()
        append(.lineBreak)
        i += 2
        continue
      } else if b == UInt8(ascii: "{"), i + 1 < n, buf[i + 1] == UInt8(ascii: "\\") {
        let close = find(UInt8(ascii: "}"), from: i + 1, cache: &nextBrace)
        let nl = find(0x0A, from: i + 1, cache: &nextNL)
        if close < n && close < nl && close - i <= Self.maxTagLength {
          override(buf, i, close, sink: &sink)
          i = close + 1
          continue
        }
      } else {
        // A run of text up to the next byte that may start markup or a line: appended at once.
        var j = i + 1
        while j < n {
          let c = buf[j]
          if c == 0x0A || c == UInt8(ascii: "<") || c == UInt8(ascii: "{") || c == UInt8(ascii: "\\") { break }
          j += 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: buf[i..<j]))
        i = j
        continue
      }
      text.append(b)
      i += 1
    }
    flushText()
    while let f = stack.last {
      sink.report("srt.tag.unclosed", .warning, "<\(f.tag.name)> is not closed; it ends with the cue", at: f.location)
      closeTop()
    }
    return (root, anchor)
  }

  /// Longer `<…>` or `{\…}` runs are text, which also keeps messages short.
  static let maxTagLength = 1024

  static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
  static func isLetter(_ b: UInt8) -> Bool { let l = lower(b); return l >= 0x61 && l <= 0x7A }
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  /// Handles `<…>` at `lt` ending at `gt`. Returns the index after it, or `nil` to keep the `<`
  /// as text (not tag-shaped).
  mutating func tag(_ buf: UnsafeBufferPointer<UInt8>, _ lt: Int, _ gt: Int, sink: inout DiagnosticSink) -> Int? {
    var j = lt + 1
    let closing = j < gt && buf[j] == UInt8(ascii: "/")
    if closing { j += 1 }
    // `</ i>`: some tools write a space after the slash, which FFmpeg and players skip.
    let slashEnd = j
    if closing { while j < gt && Self.isSpace(buf[j]) { j += 1 } }
    let nameStart = j
    while j < gt && Self.isLetter(buf[j]) { j += 1 }
    guard j > nameStart else { return nil }
    let nameEnd = j
    // `<br>`, `<br/>`, `<br />`: an HTML line break, which some tools write into SRT and
    // FFmpeg and players read as one.
    if !closing, nameEnd - nameStart == 2, Self.lower(buf[nameStart]) == UInt8(ascii: "b"), Self.lower(buf[nameStart + 1]) == UInt8(ascii: "r"),
      (nameEnd..<gt).allSatisfy({ Self.isSpace(buf[$0]) || ($0 == gt - 1 && buf[$0] == UInt8(ascii: "/")) })
    {
      reportLineBreak(at: lt, "<br> is read as a line break (reported once per cue)", sink: &sink)
      flushText()
      append(.lineBreak)
      return gt + 1
    }
    let tag: TagKind?
    switch nameEnd - nameStart {
    case 1:
      switch Self.lower(buf[nameStart]) {
      case UInt8(ascii: "i"): tag = .italic
      case UInt8(ascii: "b"): tag = .bold
      case UInt8(ascii: "u"): tag = .underline
      case UInt8(ascii: "s"): tag = .strike
      default: tag = nil
      }
    case 4:
      let w = (Self.lower(buf[nameStart]), Self.lower(buf[nameStart + 1]), Self.lower(buf[nameStart + 2]), Self.lower(buf[nameStart + 3]))
      tag = w == (0x66, 0x6F, 0x6E, 0x74) ? .font : nil
    case 6:
      tag = "strike".utf8.elementsEqual((nameStart..<nameEnd).lazy.map { Self.lower(buf[$0]) }) ? .strike : nil
    default:
      tag = nil
    }
    // After the name: '>' directly, or whitespace (then attributes for <font>).
    let rest = nameEnd..<gt
    let restIsBlank = rest.allSatisfy { Self.isSpace(buf[$0]) }
    guard let tag, rest.isEmpty || Self.isSpace(buf[nameEnd]) || (closing && restIsBlank) else {
      sink.report("srt.tag.unknown", .warning, "unknown tag \(String(decoding: UnsafeBufferPointer(rebasing: buf[lt...gt]), as: UTF8.self)) is kept as text", at: location(lt))
      text.append(contentsOf: UnsafeBufferPointer(rebasing: buf[lt...gt]))
      return gt + 1
    }
    if closing {
      if nameStart > slashEnd {
        sink.report("srt.tag.whitespace", .info, "the space in </ \(tag.name)> is ignored: it closes <\(tag.name)>", at: location(slashEnd))
      }
      close(tag, at: lt, sink: &sink)
      return gt + 1
    }
    var style: TextStyle?
    if tag == .font {
      style = fontStyle(buf, rest, sink: &sink)
    } else if tag == .strike {
      var s = TextStyle()
      s.textDecoration = .lineThrough
      style = s
    }
    if tag != .font, !restIsBlank {
      sink.report("srt.tag.attributes-ignored", .info, "attributes on <\(tag.name)> are ignored", at: location(nameEnd))
    }
    open(tag, style: style, at: lt, sink: &sink)
    return gt + 1
  }

  /// Parses `<font>` attributes: `color` (a name, `#rrggbb`, `#rgb` or bare `rrggbb`), `face`,
  /// `size`.
  mutating func fontStyle(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, sink: inout DiagnosticSink) -> TextStyle {
    var style = TextStyle()
    var j = range.lowerBound
    let end = range.upperBound
    while j < end {
      while j < end && Self.isSpace(buf[j]) { j += 1 }
      guard j < end else { break }
      let nameStart = j
      while j < end && buf[j] != UInt8(ascii: "=") && !Self.isSpace(buf[j]) { j += 1 }
      let name = String(decoding: UnsafeBufferPointer(rebasing: buf[nameStart..<j]), as: UTF8.self).lowercased()
      while j < end && Self.isSpace(buf[j]) { j += 1 }
      var value = ""
      if j < end && buf[j] == UInt8(ascii: "=") {
        j += 1
        while j < end && Self.isSpace(buf[j]) { j += 1 }
        if j < end && (buf[j] == UInt8(ascii: "\"") || buf[j] == UInt8(ascii: "'")) {
          let q = buf[j]
          j += 1
          let vs = j
          while j < end && buf[j] != q { j += 1 }
          value = String(decoding: UnsafeBufferPointer(rebasing: buf[vs..<j]), as: UTF8.self)
          if j < end { j += 1 }
        } else {
          let vs = j
          while j < end && !Self.isSpace(buf[j]) { j += 1 }
          value = String(decoding: UnsafeBufferPointer(rebasing: buf[vs..<j]), as: UTF8.self)
        }
      }
      let at = location(nameStart)
      switch name {
      case "color":
        if let c = Color(named: value) {
          style.color = c
        } else if value.hasPrefix("#"), var c = Color(hex: value) {
          // #RRGGBBAA (CSS order, as FFmpeg reads it). A zero alpha would hide the text: more
          // likely a tool's #AARRGGBB, or a mistake, than text meant to be invisible.
          if c.alpha == 0 {
            c.alpha = 255
            sink.report("srt.font.transparent-color", .warning, "colour \"\(value)\" is fully transparent as #RRGGBBAA; read as opaque \(c.hex) so the text stays visible", at: at)
          }
          style.color = c
        } else if value.utf8.count == 6, let c = Color(hex: value) {
          style.color = c
          sink.report("srt.font.color-missing-hash", .info, "colour \"\(value)\" has no '#'; read as #\(value)", at: at)
        } else {
          sink.report("srt.font.invalid-color", .warning, "\"\(value)\" is not a colour; ignored", at: at)
        }
      case "face":
        if value.isEmpty {
          sink.report("srt.font.invalid-face", .warning, "empty font face ignored", at: at)
        } else {
          style.fontFamily = [value]
        }
      case "size":
        if let v = Double(value), v > 0, v.isFinite {
          style.fontSize = Length(v, .pixels)
        } else {
          sink.report("srt.font.invalid-size", .warning, "\"\(value)\" is not a font size; ignored", at: at)
        }
      default:
        sink.report("srt.font.unknown-attribute", .warning, "<font> attribute \"\(name)\" is ignored", at: at)
      }
    }
    return style
  }

  /// Handles a SubStation override block `{\…}` from `open` to `close` (the '}').
  mutating func override(_ buf: UnsafeBufferPointer<UInt8>, _ open: Int, _ close: Int, sink: inout DiagnosticSink) {
    var j = open + 1
    var ignored = false
    while j < close {
      guard buf[j] == UInt8(ascii: "\\") else { j += 1; continue }
      let cmd = j + 1
      var k = cmd
      while k < close && buf[k] != UInt8(ascii: "\\") { k += 1 }
      let len = k - cmd
      let c0 = len > 0 ? Self.lower(buf[cmd]) : 0
      if len >= 3, c0 == UInt8(ascii: "a"), Self.lower(buf[cmd + 1]) == UInt8(ascii: "n") {
        let digits = UnsafeBufferPointer(rebasing: buf[(cmd + 2)..<k])
        if digits.count == 1, let d = digits.first, d >= UInt8(ascii: "1") && d <= UInt8(ascii: "9") {
          if anchor == nil {
            anchor = Int(d - UInt8(ascii: "0"))
          } else {
            sink.report("srt.position.multiple", .warning, "a second position tag is ignored; the first one applies", at: location(j))
          }
        } else {
          sink.report("srt.position.invalid", .warning, "position tag {\\an\(String(decoding: digits, as: UTF8.self))} is not \\an1–\\an9; ignored", at: location(j))
        }
      } else if len == 2, c0 == UInt8(ascii: "i") || c0 == UInt8(ascii: "b") || c0 == UInt8(ascii: "u"),
        buf[cmd + 1] == UInt8(ascii: "0") || buf[cmd + 1] == UInt8(ascii: "1")
      {
        let tag: TagKind = c0 == UInt8(ascii: "i") ? .italic : (c0 == UInt8(ascii: "b") ? .bold : .underline)
        sink.report("srt.tag.ass-override", .info, "SubStation override {\\\(String(decoding: UnsafeBufferPointer(rebasing: buf[cmd..<k]), as: UTF8.self))} read as <\(buf[cmd + 1] == UInt8(ascii: "0") ? "/" : "")\(tag.name)>", at: location(j))
        if buf[cmd + 1] == UInt8(ascii: "1") { self.open(tag, style: nil, at: j, sink: &sink) } else { self.close(tag, at: j, sink: &sink) }
      } else {
        ignored = true
      }
      j = k
    }
    if ignored {
      sink.report("srt.tag.ass-override-ignored", .warning, "SubStation override \(String(decoding: UnsafeBufferPointer(rebasing: buf[open...close]), as: UTF8.self)) has no SRT meaning; ignored", at: location(open))
    }
  }
}
