// WebVTT cue text parser (tokenizer + tree building, WebVTT §6.4) on its own, in both text
// modes and with a small nesting limit. The first byte picks the mode and the limit; the result
// must respect the limit, have no line feed inside a text node in model mode, and every
// diagnostic must be well located.
// fuzz-modules: CaptionFormats
// fuzz-seeds: vtt
// fuzz-dict: webvtt.dict
// fuzz-max-len: 16384
// fuzz-seed: \x00<c.a.b><i>one</i> <b>two<u>three</u></b></c> &amp;&lt;&gt;&nbsp; <v Roger>hi</v>
// fuzz-seed: \x01<ruby>base<rt>ruby</rt></ruby><00:00:01.000><lang en-GB>text</lang>&#x41;&#65;&notin;&notit;
import CaptionCore
import CaptionFormats

func depth(_ nodes: [CueNode]) -> Int {
  var best = 0
  for n in nodes {
    if case .element(let e) = n { best = max(best, 1 + depth(e.children)) }
  }
  return best
}

func checkModelText(_ nodes: [CueNode]) {
  for n in nodes {
    switch n {
    case .text(let s):
      if s.utf8.contains(0x0A) { fatalError("model-mode text node contains a line feed") }
    case .element(let e): checkModelText(e.children)
    default: break
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let control = data[0]
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let mode: WebVTTCueTextParser.TextMode = control & 1 == 0 ? .model : .dom
  let limit = control & 2 == 0 ? 256 : Int(control >> 2) % 8
  var diagnostics: [Diagnostic] = []
  let nodes = WebVTTCueTextParser.parse(text, mode: mode, maxNestingDepth: limit, diagnostics: &diagnostics)
  Fuzz.check(diagnostics, "cue text")
  if depth(nodes) > max(limit, 0) { fatalError("tree depth \(depth(nodes)) over the limit \(limit)") }
  if mode == .model { checkModelText(nodes) }
  return 0
}
