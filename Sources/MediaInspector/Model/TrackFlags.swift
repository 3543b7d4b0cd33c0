/// What a track's facts add up to, as the text report and the policy read them: default,
/// forced, SDH (see `TrackReport.isSDH` for every signal that counts) and the best language
/// tag (BCP 47 if known, else the ISO 639-2 code).
public struct TrackFlags: Sendable, Hashable, Codable {
  public var isDefault: Bool
  public var isForced: Bool
  public var isSDH: Bool
  public var bestLanguage: String?

  public init(isDefault: Bool, isForced: Bool, isSDH: Bool, bestLanguage: String?) {
    self.isDefault = isDefault
    self.isForced = isForced
    self.isSDH = isSDH
    self.bestLanguage = bestLanguage
  }
}
