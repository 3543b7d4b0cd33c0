/// The overall result of checking a profile: `fail` when any finding is an error, `warn` when
/// any is a warning, `pass` otherwise.
public enum ProfileVerdict: String, Sendable, Hashable, CaseIterable, Comparable {
  case pass, warn, fail

  private var rank: Int { self == .pass ? 0 : self == .warn ? 1 : 2 }
  public static func < (a: ProfileVerdict, b: ProfileVerdict) -> Bool { a.rank < b.rank }
}
