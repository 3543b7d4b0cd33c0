/// WCAG text size class ("large scale" text: ≥ 18 pt, or ≥ 14 pt bold).
public enum SizeClass: String, Sendable, Hashable {
  case normal, large

  /// The SC 1.4.3 (AA) minimum ratio: 4.5 normal, 3 large.
  public var minimumAA: Double { self == .normal ? 4.5 : 3 }
  /// The SC 1.4.6 (AAA) minimum ratio: 7 normal, 4.5 large.
  public var minimumAAA: Double { self == .normal ? 7 : 4.5 }
}
