import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// The older WebKit-derived WebVTT tests of wpt `html/semantics/…/track-element/resources`:
/// cue lists, settings and `getCueAsHTML()` fragments.
@Suite struct WPTHTMLTrackTests {
  /// Assertions where this old suite disagrees with the current spec and wpt file-parsing tests;
  /// the spec wins. Keyed by `file|actual`. Empty: every assertion currently agrees.
  static let specWins: [String: String] = [:]

  @Test(.enabled(if: Corpus.root != nil)) func assertionsPass() throws {
    let expectations = Corpus.files(in: "wpt-html-track/resources", extensions: ["json"])
      .filter { $0.lastPathComponent.hasSuffix(".expected.json") }
    #expect(expectations.count >= 50)
    var files = 0, assertions = 0, passed = 0, skipped = 0
    for url in expectations {
      let exp = try WebVTTJSON.load(url)
      guard let input = exp["input"]?.string else { continue }
      let result = try WebVTTTestSupport.read(url.deletingLastPathComponent().appendingPathComponent(input))
      files += 1
      for test in exp["tests"]?.array ?? [] {
        for a in test["assertions"]?.array ?? [] {
          guard let op = a["op"]?.string, let actual = a["actual"]?.string, let expected = a["expected"] else { continue }
          assertions += 1
          if let why = Self.specWins["\(input)|\(actual)"] {
            skipped += 1
            print("skipped \(input) \(actual): \(why)")
            continue
          }
          let ok = evaluate(op: op, actual: actual, expected: expected, result)
          if ok { passed += 1 }
          #expect(ok, "\(input): \(op) \(actual) expected \(expected)")
        }
      }
    }
    print("wpt html-track: \(files) files, \(passed)/\(assertions) assertions passed, \(skipped) skipped (spec wins)")
    #expect(passed + skipped == assertions)
  }

  func evaluate(op: String, actual: String, expected: WebVTTJSON, _ result: ReadResult) -> Bool {
    let cues = WebVTTTestSupport.textTrackCueOrder(result.document.cues)
    switch op {
    case "equals":
      return WebVTTTestSupport.apiValue(actual, result) == expected
    case "cues_equal(id,startTime,endTime,text)", "cues_match(listed properties)":
      guard let list = expected.array, list.count == cues.count else { return false }
      for (k, want) in list.enumerated() {
        guard case .object(let props) = want else { return false }
        for (name, value) in props where WebVTTTestSupport.apiValue("cues[\(k)].\(name)", result) != value { return false }
      }
      return true
    case "cues_getCueAsHTML_textContent":
      guard let list = expected.array, list.count == cues.count else { return false }
      return zip(list, cues).allSatisfy { $0.string == textContent(dom($1)) }
    case "textContent_equals_fragment":
      guard let k = index(actual), k < cues.count, let frag = expected.array else { return false }
      return textContent(dom(cues[k])) == frag.map(fragmentText).joined()
    case "fragment_equals":
      guard let k = index(actual), k < cues.count, let frag = expected.array else { return false }
      return matches(dom(cues[k]), frag)
    default:
      return false
    }
  }

  func index(_ path: String) -> Int? {
    guard path.hasPrefix("cues["), let close = path.firstIndex(of: "]") else { return nil }
    return Int(path[path.index(path.startIndex, offsetBy: 5)..<close])
  }

  func dom(_ cue: Cue) -> [WebVTTTestSupport.DOMNode] {
    WebVTTTestSupport.dom(WebVTTCueTextParser.parse(cue.sourceText ?? "", mode: .dom), joinLines: false)
  }

  func textContent(_ nodes: [WebVTTTestSupport.DOMNode]) -> String {
    nodes.map { n in
      switch n {
      case .text(let s): s
      case .processingInstruction: ""
      case .element(_, _, let children): textContent(children)
      }
    }.joined()
  }

  func fragmentText(_ f: WebVTTJSON) -> String {
    if f["type"]?.string == "text" { return f["value"]?.string ?? "" }
    return (f["value"]?.array ?? []).map(fragmentText).joined()
  }

  /// Compares a DOM list with the recorded fragment: node types, text, and the `className`,
  /// `title` and `lang` the fragment lists.
  func matches(_ nodes: [WebVTTTestSupport.DOMNode], _ frag: [WebVTTJSON]) -> Bool {
    guard nodes.count == frag.count else { return false }
    for (n, f) in zip(nodes, frag) {
      guard let type = f["type"]?.string else { return false }
      switch n {
      case .text(let s):
        guard type == "text", f["value"]?.string == s else { return false }
      case .processingInstruction:
        guard type != "text" && type.contains("timestamp") || type == "#processing-instruction" else { return false }
      case .element(let name, let attrs, let children):
        guard type == name else { return false }
        let attr = Dictionary(attrs, uniquingKeysWith: { a, _ in a })
        if case .object(let style)? = f["style"] {
          for (k, v) in style {
            let key = k == "className" ? "class" : k
            guard attr[key] == v.string else { return false }
          }
        } else if attr["class"] != nil {
          return false
        }
        guard matches(children, f["value"]?.array ?? []) else { return false }
      }
    }
    return true
  }
}
