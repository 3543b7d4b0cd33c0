/// Whether one player family will offer a track in its subtitles menu, and why.
public struct SelectabilityVerdict: Sendable, Hashable, Codable {
  /// The player family judged.
  public var player: PlayerFamily
  /// `true` when the family lists the track for the viewer to choose.
  public var selectable: Bool
  /// `true` when the family would show the track without a user choice (default flag, or a
  /// forced track matched to the audio language); `nil` when it cannot be told.
  public var autoSelected: Bool?
  /// Why, each ending with the rule id in parentheses, e.g. `alternate_group 0 (MP4-002)`.
  public var reasons: [String]

  public init(player: PlayerFamily, selectable: Bool, autoSelected: Bool? = nil, reasons: [String] = []) {
    self.player = player
    self.selectable = selectable
    self.autoSelected = autoSelected
    self.reasons = reasons
  }
}
