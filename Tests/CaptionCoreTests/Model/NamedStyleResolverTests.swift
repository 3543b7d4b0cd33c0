import CaptionCore
import Testing

/// `NamedStyleResolver`: bases first, own properties win, each style once, cycles and deep
/// chains bounded.
@Suite struct NamedStyleResolverTests {
  static func style(_ color: Color? = nil, italic: Bool = false) -> TextStyle {
    var s = TextStyle()
    s.color = color
    if italic { s.fontStyle = .italic }
    return s
  }

  @Test func chainsMergeInOrderAndDuplicatesCascade() {
    var r = NamedStyleResolver([
      NamedStyle(id: "base", style: Self.style(Color(named: "red")!, italic: true)),
      NamedStyle(id: "child", basedOn: ["base"], style: Self.style(Color(named: "lime")!)),
      NamedStyle(id: "child", style: { var s = TextStyle(); s.fontWeight = .bold; return s }()),
    ])
    let c = r.resolve("child")
    #expect(c?.color == Color(named: "lime") && c?.fontStyle == .italic && c?.fontWeight == .bold)
    #expect(r.resolve("nope") == nil)
    #expect(r.bases(of: NamedStyle(id: "x", basedOn: ["base", "nope"], style: TextStyle())).color == Color(named: "red"))
  }

  /// A chain of 5,000 is followed to its root without recursion, with the same result
  /// whichever style was resolved first (a depth cut made results order-dependent); a cycle
  /// ends.
  @Test func deepChainsAndCycles() {
    var styles = (0..<5000).map { NamedStyle(id: "s\($0)", basedOn: ["s\($0 + 1)"], style: TextStyle()) }
    styles.append(NamedStyle(id: "s5000", style: Self.style(Color(named: "red")!, italic: true)))
    var r = NamedStyleResolver(styles)
    #expect(r.resolve("s0")?.color == Color(named: "red"))
    var middleFirst = NamedStyleResolver(styles)
    _ = middleFirst.resolve("s2500")
    #expect(middleFirst.resolve("s0") == r.resolve("s0"))
    var cyc = NamedStyleResolver([
      NamedStyle(id: "a", basedOn: ["b"], style: Self.style(Color(named: "red")!)),
      NamedStyle(id: "b", basedOn: ["a"], style: Self.style(italic: true)),
    ])
    let a = cyc.resolve("a")
    #expect(a?.color == Color(named: "red") && a?.fontStyle == .italic)
  }

  /// 16 levels, each style based on all three of the next level: 3^16 paths, 48 styles.
  /// Resolving each style once makes this instant (it hung the writers before).
  @Test func diamondsResolveOnce() {
    var styles: [NamedStyle] = []
    for level in 0..<16 {
      for name in ["a", "b", "c"] {
        styles.append(NamedStyle(id: "\(name)\(level)", basedOn: ["a\(level + 1)", "b\(level + 1)", "c\(level + 1)"], style: TextStyle()))
      }
    }
    styles.append(NamedStyle(id: "a16", style: Self.style(Color(named: "yellow")!)))
    var r = NamedStyleResolver(styles)
    #expect(r.resolve("a0")?.color == Color(named: "yellow"))
  }
}
