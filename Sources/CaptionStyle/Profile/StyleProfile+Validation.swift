extension StyleProfile {
  /// How to judge the profile (`validation` group).
  public struct Validation: Sendable, Hashable {
    /// `wcag-aa` or `wcag-aaa`.
    public var target: ContrastTarget = .aa
    /// The least APCA |Lc| accepted (advisory).
    public var apcaMinimumLc: Double = 75
    /// The blend spaces the renderer may use; the verdict fails only when all of them fail.
    public var compositing: [BlendSpace] = [.srgb, .linear]
    /// Where the captions are watched; the smallest context sets the size class.
    public var viewingContexts: [ViewingContext] = ViewingContext.standard
    /// SDR, or HDR with a peak and a reference white.
    public var video: VideoRange = .sdr
    /// `auto` (from viewing contexts), or forced `normal` / `large`.
    public var textSizeClass: SizeClassSetting = .auto

    public init() {}
  }

  /// WCAG conformance level to check.
  public enum ContrastTarget: String, Sendable, Hashable, CaseIterable {
    case aa = "wcag-aa"
    case aaa = "wcag-aaa"
  }

  /// How the size class is chosen.
  public enum SizeClassSetting: String, Sendable, Hashable, CaseIterable {
    case auto, normal, large
  }
}
