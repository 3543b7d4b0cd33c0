/// Solves for the least background-box opacity that keeps a colour readable over any video
/// (the "minimum box opacity" table of the style reference, §4c), by bisection on the
/// worst-case engine. Worst-case contrast grows monotonically with box opacity.
public enum MinimumOpacity {
  /// What the box must achieve.
  public enum Target: Sendable, Hashable {
    /// A WCAG contrast ratio, e.g. 4.5.
    case ratio(Double)
    /// An APCA |Lc| × 100, e.g. 75.
    case apca(Double)
  }

  /// The smallest opacity of a `box`-coloured background under `text` that meets `target` in
  /// `space` over `video`, to within 1e-6; `nil` when even an opaque box cannot.
  public static func backgroundOpacity(
    text: RGB, box: RGB = .black, target: Target, space: BlendSpace, video: VideoRange = .sdr
  ) -> Double? {
    func meets(_ a: Double) -> Bool {
      let w = WorstCaseEngine.evaluate(
        LayerStack(text: Paint(text), background: Paint(box, opacity: a)), space: space, video: video)
      switch target {
      case .ratio(let r): return w.ratio >= r
      case .apca(let l): return w.apca >= l
      }
    }
    guard meets(1) else { return nil }
    var lo = 0.0, hi = 1.0
    if meets(0) { return 0 }
    while hi - lo > 1e-6 {
      let mid = (lo + hi) / 2
      if meets(mid) { hi = mid } else { lo = mid }
    }
    return hi
  }
}
