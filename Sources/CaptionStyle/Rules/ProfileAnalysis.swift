/// Everything the rules need about one profile, computed once: the layer stack (flashing
/// layers in their transparent phase), the worst case in each configured blend space, the
/// size class and the thresholds that follow from it.
public struct ProfileAnalysis: Sendable {
  public let profile: StyleProfile
  /// The stack contrast is judged on: flashing background, window or edge layers are taken in
  /// their transparent phase (the worse one).
  public let stack: LayerStack
  /// Worst cases over SDR video, one per configured blend space, in configuration order.
  public let worst: [WorstCase]
  /// The effective font size in rh.
  public let fontSize: Double
  /// Per viewing context: reference pixels and size class.
  public let contexts: [(context: ViewingContext, pixels: Double, sizeClass: SizeClass)]
  /// The size class that decides thresholds (the smallest context's, unless forced).
  public let sizeClass: SizeClass
  /// The context that decided the size class.
  public let decidingContext: ViewingContext?

  public init(_ profile: StyleProfile) {
    self.profile = profile
    fontSize = profile.effectiveFontSize
    contexts = profile.validation.viewingContexts.map { c in
      (c, c.referencePixels(rh: profile.effectiveFontSize), c.sizeClass(rh: profile.effectiveFontSize, fontWeight: profile.text.fontWeight))
    }
    let smallest = contexts.min { $0.pixels < $1.pixels }
    var s = profile.layerStack
    // The outline in pixels where the text is smallest, as CS-C06 measures it.
    if let px = smallest?.pixels { s.edgeWidthPixels = profile.edge.width * px }
    let flash = profile.effects.flash
    if flash.contains("background") { s.background.opacity = 0 }
    if flash.contains("window") { s.window.opacity = 0 }
    if flash.contains("edge") { s.edge.opacity = 0 }
    stack = s
    worst = WorstCaseEngine.evaluate(s, spaces: profile.validation.compositing)
    decidingContext = smallest?.context
    switch profile.validation.textSizeClass {
    case .normal: sizeClass = .normal
    case .large: sizeClass = .large
    case .auto: sizeClass = smallest?.sizeClass ?? .normal
    }
  }

  /// The SC 1.4.3 minimum for this size class.
  public var requiredAA: Double { sizeClass.minimumAA }
  /// The SC 1.4.6 minimum for this size class.
  public var requiredAAA: Double { sizeClass.minimumAAA }

  /// "normal text in phone-portrait-inline (17 px)".
  public var sizeClassReason: String {
    if profile.validation.textSizeClass != .auto { return "\(sizeClass.rawValue) text (set in the profile)" }
    guard let c = decidingContext, let px = contexts.first(where: { $0.context == c })?.pixels else {
      return "\(sizeClass.rawValue) text"
    }
    return "\(sizeClass.rawValue) text in \(c.id), \(NumberFormat.fixed(px, 0)) px"
  }

  /// `3.98:1 (sRGB blend), 1.91:1 (linear)` for a list of worst cases.
  public static func ratios(_ w: [WorstCase], threshold: Double? = nil, halo: Bool = true) -> String {
    w.map { c in
      var s = "\(NumberFormat.ratio(c.ratio, threshold: threshold)) (\(c.blendSpace)"
      if halo && c.haloDecides { s += "; halo, plain \(NumberFormat.ratio(c.plainRatio))" }
      return s + ")"
    }.joined(separator: ", ")
  }

  /// `74.5 (linear)` style list of APCA values.
  public static func lcs(_ w: [WorstCase]) -> String {
    w.map { "\(NumberFormat.lc($0.apca)) (\($0.blendSpace))" }.joined(separator: ", ")
  }

  /// Named numbers for a list of worst cases (`srgb`, `linear`, `apca.srgb`, …).
  public static func values(_ w: [WorstCase], prefix: String = "") -> [String: Double] {
    var v: [String: Double] = [:]
    for c in w {
      v[prefix + c.blendSpace.rawValue] = c.ratio
      v[prefix + "plain." + c.blendSpace.rawValue] = c.plainRatio
      v[prefix + "apca." + c.blendSpace.rawValue] = c.apca
    }
    return v
  }

  /// Estimated advance of an average character in em: 0.6 for monospaced families, 0.5 else.
  var averageAdvance: Double {
    let first = profile.text.fontFamily.last ?? ""
    return first.lowercased().hasPrefix("monospace") ? 0.6 : 0.5
  }

  /// Estimated width of a full line (`maxCharsPerLine` characters) at `rh`, as a fraction of
  /// the video width.
  func estimatedLineWidth(rh: Double) -> Double {
    Double(profile.layout.maxCharsPerLine) * (averageAdvance + profile.text.letterSpacing) * rh / 100
      / profile.layout.aspectRatio
  }
}
