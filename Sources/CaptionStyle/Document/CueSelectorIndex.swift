import CaptionCore

/// `::cue(…)` selector rules indexed by something each one requires of what it matches, so
/// that an element is tested only against the rules that could match it: 8,000 rules over
/// 8,000 spans cost 64 million `CueSelector.matches` calls (about 20 s) when every element
/// tried every rule.
///
/// Each rule is filed once, under the most selective key it has: its rarest class, else a
/// voice or lang value it needs (`=`, or a word for `~=`), else a start (`^=`, `|=`) or end
/// (`$=`) it needs, else the element type it needs (given, or implied by a `voice` or `lang`
/// attribute test: only `*=` and presence tests are left to it). Rules that name an ID alone
/// (`#c1`) are filed by that ID, for the cue. `candidates` is a superset of the matches, in
/// rule order; the caller still tests each with `matches`.
struct CueSelectorIndex {
  /// A voice or lang value a rule needs.
  private struct Value: Hashable {
    var attribute: String
    var value: String
  }

  private var byClass: [String: [Int]] = [:]
  private var byValue: [Value: [Int]] = [:]
  private var byPrefix: [Value: [Int]] = [:]
  private var bySuffix: [Value: [Int]] = [:]
  /// The lengths (in characters) of the `byPrefix` and `bySuffix` values, by attribute: the
  /// only starts and ends of an element's value worth looking up.
  private var prefixLengths: [String: Set<Int>] = [:]
  private var suffixLengths: [String: Set<Int>] = [:]
  private var byType: [String: [Int]] = [:]
  private var byCueID: [String: [Int]] = [:]

  /// Indexes `selectors`; the indices returned are positions in it.
  init(_ selectors: [CueSelector]) {
    var classUses: [String: Int] = [:]
    for s in selectors where s.id == nil {
      for c in Set(s.classes) { classUses[c, default: 0] += 1 }
    }
    for (k, s) in selectors.enumerated() {
      if let id = s.id {
        // With anything else beside it, an ID matches neither the cue nor an element.
        if s.matchesCue { byCueID[id, default: []].append(k) }
      } else if let c = s.classes.min(by: { classUses[$0, default: 0] < classUses[$1, default: 0] }) {
        byClass[c, default: []].append(k)
      } else if let a = s.attributes.first(where: { $0.op == "=" || $0.op == "~=" }) {
        byValue[Value(attribute: a.name, value: a.value), default: []].append(k)
      } else if let a = s.attributes.first(where: { $0.op == "^=" || $0.op == "|=" }) {
        // `|=` needs the value itself or the value then "-": either way, a start.
        byPrefix[Value(attribute: a.name, value: a.value), default: []].append(k)
        prefixLengths[a.name, default: []].insert(a.value.count)
      } else if let a = s.attributes.first(where: { $0.op == "$=" }) {
        bySuffix[Value(attribute: a.name, value: a.value), default: []].append(k)
        suffixLengths[a.name, default: []].insert(a.value.count)
      } else if let t = s.type ?? s.attributes.first.map({ $0.name == "voice" ? "v" : "lang" }) {
        byType[t, default: []].append(k)
      }
    }
  }

  /// The rules that may match `element`, in ascending order.
  func candidates(for element: CueElement) -> [Int] {
    var out: [Int] = []
    if let list = byType[CueSelector.typeName(element.kind)] { out += list }
    if !byClass.isEmpty {
      for c in Set(element.classes) { if let list = byClass[c] { out += list } }
    }
    let attribute: (name: String, value: String)? =
      switch element.kind {
      case .voice(let name): ("voice", name)
      case .language(let tag): ("lang", tag)
      default: nil
      }
    guard let (name, actual) = attribute else { return out.sorted() }
    if !byValue.isEmpty {
      // The whole value (`=`) and each of its words (`~=`), each looked up once.
      var keys: Set<Substring> = [Substring(actual)]
      for w in actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) { keys.insert(w) }
      for key in keys { if let list = byValue[Value(attribute: name, value: String(key))] { out += list } }
    }
    // Starts and ends only of the lengths some rule needs: one walk along the value.
    if let lengths = prefixLengths[name] {
      var i = actual.startIndex
      var count = 0
      while true {
        if lengths.contains(count), let list = byPrefix[Value(attribute: name, value: String(actual[..<i]))] { out += list }
        guard i < actual.endIndex else { break }
        actual.formIndex(after: &i)
        count += 1
      }
    }
    if let lengths = suffixLengths[name] {
      var i = actual.endIndex
      var count = 0
      while true {
        if lengths.contains(count), let list = bySuffix[Value(attribute: name, value: String(actual[i...]))] { out += list }
        guard i > actual.startIndex else { break }
        actual.formIndex(before: &i)
        count += 1
      }
    }
    // Each rule is in one list, so there are no repeats; only the order is to restore.
    return out.sorted()
  }

  /// The rules that name the cue `id` alone (`::cue(#id)`), in ascending order.
  func cueRules(id: String) -> [Int] { byCueID[id] ?? [] }
}
