extension StyleProfile {
  /// Character edge settings (`edge` group).
  public struct Edge: Sendable, Hashable {
    public var type: EdgeType = .none
    /// Edge colour, encoded sRGB.
    public var color: RGB = .black
    /// Edge opacity 0–1.
    public var opacity: Double = 1
    /// Outline width in em (0–0.25; IMSC export allows at most 0.10).
    public var width: Double = 0.06
    /// Shadow offset `[x, y]` in em.
    public var offset: [Double] = [0.06, 0.06]
    /// Blur radius in em.
    public var blur: Double = 0

    public init() {}
  }
}
