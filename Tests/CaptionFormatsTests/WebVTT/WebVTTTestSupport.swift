import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation

/// Helpers shared by the WebVTT conformance tests.
enum WebVTTTestSupport {
  static let format = WebVTTFormat()

  static func read(_ text: String) throws -> ReadResult {
    try format.read(Array(text.utf8), options: ReadOptions())
  }

  static func read(_ url: URL) throws -> ReadResult {
    try format.read(try Corpus.bytes(url), options: ReadOptions())
  }

  /// The cues as a `TextTrackCueList` lists them (HTML "text track cue order"): by start time,
  /// then the later end first, then file order. The model keeps file order.
  static func textTrackCueOrder(_ cues: [Cue]) -> [Cue] {
    cues.enumerated().sorted { a, b in
      if a.element.start != b.element.start { return a.element.start < b.element.start }
      if a.element.end != b.element.end { return a.element.end > b.element.end }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// A cue attribute as the `VTTCue` / `VTTRegion` API exposes it.
  /// `fileOrder` indexes cues as parsed (vtt.js's own cue array) instead of as a browser lists them.
  static func apiValue(_ path: String, _ result: ReadResult, fileOrder: Bool = false) -> WebVTTJSON? {
    let doc = result.document
    if path == "track.load" {
      return .string(result.diagnostics.contains { $0.code == "webvtt.signature.invalid" } ? "error" : "load")
    }
    if path == "document.styleSheets.length" { return .number(0) }
    if path == "cues.length" { return .number(Double(doc.cues.count)) }
    guard path.hasPrefix("cues["), let close = path.firstIndex(of: "]"),
      let index = Int(path[path.index(path.startIndex, offsetBy: 5)..<close]), index < doc.cues.count
    else { return nil }
    let cue = fileOrder ? doc.cues[index] : textTrackCueOrder(doc.cues)[index]
    let rest = path[path.index(after: close)...]
    let s = cue.settings
    switch rest {
    case ".id": return .string(cue.id)
    case ".text": return .string(cue.sourceText ?? "")
    case ".startTime": return .number(cue.start.seconds)
    case ".endTime": return .number(cue.end.seconds)
    case ".line":
      if case .value(let v) = s.line { return .number(v) }
      return .string("auto")
    case ".snapToLines": return .bool(s.snapToLines)
    case ".lineAlign": return .string(s.lineAlign.rawValue)
    case ".position": return s.position.map { .number($0) } ?? .string("auto")
    case ".positionAlign": return .string(s.positionAlign.rawValue)
    case ".size": return .number(s.size)
    case ".align": return .string(s.align.rawValue)
    case ".vertical": return .string(s.vertical.rawValue)
    case ".region": return s.region.map { .string("region:" + $0) } ?? .null
    default:
      guard rest.hasPrefix(".region."), let id = s.region, let r = doc.region(id: id) else { return nil }
      switch rest.dropFirst(8) {
      case "id": return .string(r.id)
      case "width": return .number(r.width)
      case "lines": return .number(r.lines)
      case "regionAnchorX": return .number(r.regionAnchor.x)
      case "regionAnchorY": return .number(r.regionAnchor.y)
      case "viewportAnchorX": return .number(r.viewportAnchor.x)
      case "viewportAnchorY": return .number(r.viewportAnchor.y)
      case "scroll": return .string(r.scroll.rawValue)
      default: return nil
      }
    }
  }

  // MARK: - getCueAsHTML

  /// A DOM node as `getCueAsHTML()` builds it (WebVTT §6.6).
  indirect enum DOMNode: Equatable {
    case text(String)
    case processingInstruction(String)
    /// Element name, attributes (sorted by name), children.
    case element(String, [(String, String)], [DOMNode])

    static func == (a: DOMNode, b: DOMNode) -> Bool {
      switch (a, b) {
      case (.text(let x), .text(let y)): return x == y
      case (.processingInstruction(let x), .processingInstruction(let y)): return x == y
      case (.element(let n1, let a1, let c1), .element(let n2, let a2, let c2)):
        return n1 == n2 && a1.map { $0.0 } == a2.map { $0.0 } && a1.map { $0.1 } == a2.map { $0.1 } && c1 == c2
      default: return false
      }
    }
  }

  /// Maps cue nodes (parsed in `.dom` mode, or `.model` mode with adjacent text and line breaks
  /// joined) onto the DOM.
  static func dom(_ nodes: [CueNode], joinLines: Bool = true) -> [DOMNode] {
    var out: [DOMNode] = []
    for n in nodes {
      switch n {
      case .text(let s):
        if joinLines, case .text(let prev)? = out.last, prev.hasSuffix("\n") {
          out[out.count - 1] = .text(prev + s)
        } else {
          out.append(.text(s))
        }
      case .lineBreak:
        if case .text(let prev)? = out.last { out[out.count - 1] = .text(prev + "\n") } else { out.append(.text("\n")) }
      case .timestamp(let t):
        out.append(.processingInstruction("timestamp " + timestampText(t)))
      case .element(let e):
        var attrs: [(String, String)] = []
        if !e.classes.isEmpty { attrs.append(("class", e.classes.joined(separator: " "))) }
        let name: String
        switch e.kind {
        case .span: name = "span"
        case .italic: name = "i"
        case .bold: name = "b"
        case .underline: name = "u"
        case .ruby: name = "ruby"
        case .rubyText: name = "rt"
        case .voice(let v):
          name = "span"
          attrs.append(("title", v))
        case .language(let l):
          name = "span"
          attrs.append(("lang", l))
        }
        out.append(.element(name, attrs.sorted { $0.0 < $1.0 }, dom(e.children, joinLines: joinLines)))
      }
    }
    return out
  }

  static func timestampText(_ t: CaptionTime) -> String {
    let ms = t.roundedMilliseconds
    let h = ms / 3_600_000
    func pad(_ v: Int64, _ w: Int) -> String {
      let s = String(v)
      return String(repeating: "0", count: max(0, w - s.count)) + s
    }
    return "\(pad(h, 2)):\(pad(ms / 60000 % 60, 2)):\(pad(ms / 1000 % 60, 2)).\(pad(ms % 1000, 3))"
  }

  /// The html5lib test dump: `| ` + two spaces per depth, attributes before children.
  static func dump(_ nodes: [DOMNode], depth: Int = 0, into out: inout [String]) {
    let indent = "| " + String(repeating: "  ", count: depth)
    for n in nodes {
      switch n {
      case .text(let s): out.append(indent + "\"" + s + "\"")
      case .processingInstruction(let s): out.append(indent + "<?" + s + ">")
      case .element(let name, let attrs, let children):
        out.append(indent + "<" + name + ">")
        for (k, v) in attrs { out.append(indent + "  " + k + "=\"" + v + "\"") }
        dump(children, depth: depth + 1, into: &out)
      }
    }
  }
}
