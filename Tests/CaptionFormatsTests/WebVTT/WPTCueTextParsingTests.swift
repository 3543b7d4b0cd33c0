import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// web-platform-tests `webvtt/parsing/cue-text-parsing`: each case's input is put in a cue of a
/// WebVTT file (as wpt's harness does), read, and the `getCueAsHTML()` tree is dumped and
/// compared with `expected_tree`.
@Suite struct WPTCueTextParsingTests {
  @Test(.enabled(if: Corpus.root != nil)) func everyCaseMatches() throws {
    let files = Corpus.files(in: "wpt-webvtt/parsing/cue-text-parsing", extensions: ["json"])
    #expect(files.count == 5)
    var total = 0, passed = 0
    for url in files {
      let suite = try JSONValue.load(url)
      for c in suite["cases"]?.array ?? [] {
        guard let input = c["input"]?.string, let expected = c["expected_tree"]?.string else { continue }
        total += 1
        let result = try WebVTTTestSupport.read("WEBVTT\n\n00:00.000 --> 00:01.000\n" + input)
        guard let cue = result.document.cues.first else {
          Issue.record("\(url.lastPathComponent) \(input.debugDescription): no cue")
          continue
        }
        // DOM mode keeps one text node per WebVTT Text Object, as getCueAsHTML() does.
        let nodes = WebVTTCueTextParser.parse(cue.sourceText ?? "", mode: .dom)
        var lines: [String] = []
        WebVTTTestSupport.dump(WebVTTTestSupport.dom(nodes, joinLines: false), into: &lines)
        let got = lines.joined(separator: "\n")
        // The model tree gives the same DOM once adjacent text nodes are normalized.
        var modelLines: [String] = []
        WebVTTTestSupport.dump(normalize(WebVTTTestSupport.dom(cue.content)), into: &modelLines)
        var expectedNormalized: [String] = []
        WebVTTTestSupport.dump(normalize(WebVTTTestSupport.dom(nodes, joinLines: false)), into: &expectedNormalized)
        #expect(modelLines == expectedNormalized, "\(input.debugDescription): model tree differs from DOM tree")
        if got == expected { passed += 1 }
        #expect(got == expected, "\(url.lastPathComponent) \(input.debugDescription)\nexpected:\n\(expected)\ngot:\n\(got)")
      }
    }
    print("wpt cue-text-parsing: \(passed)/\(total) cases passed")
    #expect(passed == total)
    #expect(total >= 77)
  }

  /// `Node.normalize()`: merges adjacent text nodes.
  func normalize(_ nodes: [WebVTTTestSupport.DOMNode]) -> [WebVTTTestSupport.DOMNode] {
    var out: [WebVTTTestSupport.DOMNode] = []
    for n in nodes {
      switch n {
      case .text(let s):
        if case .text(let p)? = out.last { out[out.count - 1] = .text(p + s) } else { out.append(.text(s)) }
      case .element(let name, let attrs, let children): out.append(.element(name, attrs, normalize(children)))
      default: out.append(n)
      }
    }
    return out
  }
}
