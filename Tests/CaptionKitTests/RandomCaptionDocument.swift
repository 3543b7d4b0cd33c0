import CaptionKit
import CaptionTestSupport

/// Builds random but valid caption documents for the round-trip property tests.
///
/// What is generated is limited to what the target format can hold, chosen by `Features`: times
/// in whole milliseconds below 100 h, one or two lines of words (accents, CJK, emoji, right-to-left
/// text, and the characters every format must escape: `&`, `<`, `>`), nested bold, italic and
/// underline, and, for WebVTT, cue identifiers, cue settings, voices, languages and classes.
struct RandomCaptionDocument {
  struct Features {
    var identifiers = false
    var settings = false
    var voicesAndClasses = false
  }

  static let words = [
    "the", "Hello", "world", "café", "naïve", "Ça", "ß", "Ελληνικά", "日本語", "字幕", "한국어", "😀", "👍🏽",
    "A&B", "x<y", "a>b", "don't", "\"quoted\"", "—", "…", "مرحبا", "50%", "#1", "l'été", "über",
  ]

  var rng: SplitMix64
  let features: Features

  init(seed: UInt64, features: Features) {
    rng = SplitMix64(seed: seed)
    self.features = features
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  mutating func document() -> CaptionDocument {
    var cues: [Cue] = []
    var start = Int64(int(0...5_000))
    if chance(10) { start += Int64(int(1...98)) * 3_600_000 }  // hours, some files are long
    for index in 0..<int(1...12) {
      let duration = Int64(int(300...7_000))
      var cue = Cue(
        start: CaptionTime(milliseconds: start), end: CaptionTime(milliseconds: start + duration), content: content())
      if features.identifiers, chance(60) { cue.id = chance(50) ? "cue-\(index)" : "\(pick(Self.words)) \(index)" }
      if features.settings, chance(50) { cue.settings = settings() }
      cues.append(cue)
      start += Int64(int(0...3_000)) + (chance(20) ? 0 : duration)  // some cues overlap
    }
    return CaptionDocument(cues: cues)
  }

  mutating func settings() -> CueSettings {
    var s = CueSettings()
    if chance(50) { s.line = .value(Double(int(0...100))); s.snapToLines = false }
    else if chance(30) { s.line = .value(Double(int(-3...12))) }
    if chance(50) { s.position = Double(int(0...100)) }
    // WebVTT writes an alignment only after a line or position value (§4.4): none without one.
    if s.position != nil, chance(30) { s.positionAlign = pick([.lineLeft, .center, .lineRight]) }
    if chance(40) { s.size = Double(int(10...100)) }
    if chance(40) { s.align = pick([.start, .center, .end, .left, .right]) }
    if s.line != .auto, chance(20) { s.lineAlign = pick([.start, .center, .end]) }
    if chance(10) { s.vertical = pick([.verticalGrowingLeft, .verticalGrowingRight]) }
    return s
  }

  /// One or two lines; each line a few words, some runs wrapped in markup.
  mutating func content() -> [CueNode] {
    var nodes: [CueNode] = []
    for line in 0..<int(1...2) {
      if line > 0 { nodes.append(.lineBreak) }
      nodes += runs(depth: 0, count: int(1...3))
    }
    if features.voicesAndClasses, chance(30) {
      return [.element(CueElement(.voice(name: pick(["Bob", "Dr. Who", "Ана"])), children: nodes))]
    }
    return nodes
  }

  mutating func runs(depth: Int, count: Int) -> [CueNode] {
    var out: [CueNode] = []
    for k in 0..<count {
      var text = (0..<int(1...4)).map { _ in pick(Self.words) }.joined(separator: " ")
      if k > 0 { text = " " + text }
      if depth < 3, chance(30) {
        if k > 0 { out.append(.text(" ")) }
        let kinds: [CueElement.Kind] =
          features.voicesAndClasses ? [.italic, .bold, .underline, .span, .language("fr")] : [.italic, .bold, .underline]
        let kind = pick(kinds)
        let classes = features.voicesAndClasses && chance(30) ? [pick(["yellow", "bg_black", "loud"])] : []
        out.append(.element(CueElement(kind, classes: classes, children: runs(depth: depth + 1, count: int(1...2)).trimmingLeadingSpace())))
      } else {
        out.append(.text(text))
      }
    }
    return out.mergingAdjacentText()
  }
}

extension [CueNode] {
  /// Adjacent text nodes as one, as every reader produces them.
  func mergingAdjacentText() -> [CueNode] {
    var out: [CueNode] = []
    for n in self {
      if case .text(let b) = n, case .text(let a)? = out.last {
        out[out.count - 1] = .text(a + b)
      } else {
        out.append(n)
      }
    }
    return out
  }

  func trimmingLeadingSpace() -> [CueNode] {
    guard case .text(let t)? = first, t.hasPrefix(" ") else { return self }
    return [.text(String(t.dropFirst()))] + dropFirst()
  }
}
