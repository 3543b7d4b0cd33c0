/// Finds the worst-case contrast of a layer stack over all video (style reference §2.3).
///
/// The luminance of the surround `S(V) = background over (window over V)` is monotonic in each
/// channel of the video `V`, so for opaque text the worst case lies at a black or white frame,
/// or is exactly 1:1 when the glyph's luminance falls between the two surround luminances (a
/// "crossing"). The engine evaluates a 256-level grey sweep, which contains both endpoints and
/// finds every crossing as a sign change of `L(G) − L(S)`, plus the cube corners; when the
/// text or a halo-qualifying outline is translucent and blending is in encoded sRGB it also
/// searches an 18×18×18 grid of the colour cube. HDR sweeps linear video from 0 to
/// `peak / reference white`.
public enum WorstCaseEngine {
  /// The worst case of `stack` over `video`, blended in `space`.
  public static func evaluate(_ stack: LayerStack, space: BlendSpace, video: VideoRange = .sdr) -> WorstCase {
    let k = video.peakRelative
    let hdr = k > 1
    let w = Working(stack, space)

    // Grey sweep, in working values.
    let steps = hdr ? 1024 : 255
    var greys: [Sample] = []
    greys.reserveCapacity(steps + 1)
    for i in 0...steps {
      let v: RGB
      if hdr {
        v = RGB(grey: k * Double(i) / Double(steps))  // linear light
      } else {
        v = space.working(RGB(grey: Double(i) / Double(steps)))
      }
      greys.append(w.sample(v))
    }
    var best = Accumulator()
    for s in greys { best.add(s) }

    // Crossings along the grey path.
    var crossing = false
    for i in 0..<greys.count {
      let a = greys[i]
      if a.delta == 0 {
        crossing = true
        best.addCrossing(haloRatio: a.haloRatio, haloLc: a.haloLc, video: a.video)
      } else if i + 1 < greys.count {
        let b = greys[i + 1]
        if b.delta != 0 && (a.delta < 0) != (b.delta < 0) {
          crossing = true
          let hr = minOptional(a.haloRatio, b.haloRatio)
          let hl = minOptional(a.haloLc, b.haloLc)
          best.addCrossing(haloRatio: hr, haloLc: hl, video: a.video)
        }
      }
    }

    // Cube corners, and the grid when translucency can move the minimum off the grey line.
    let levels: [Double]
    if !hdr && space == .srgb && stack.needsGrid {
      levels = (0...17).map { Double($0) * 15 / 255 }
    } else {
      levels = [0, 1]
    }
    for r in levels {
      for g in levels {
        for b in levels {
          let v = hdr ? RGB(r * k, g * k, b * k) : space.working(RGB(r, g, b))
          best.add(w.sample(v))
        }
      }
    }

    let black = greys[0]
    let white = greys[greys.count - 1]
    return WorstCase(
      blendSpace: space, ratio: best.ratio, plainRatio: best.plain, haloRatio: best.halo,
      apca: best.lc, crossing: crossing, overBlack: black.ratio, overWhite: white.ratio,
      worstVideo: space.encoded(best.video))
  }

  /// The same stack evaluated in each space, in the given order.
  public static func evaluate(_ stack: LayerStack, spaces: [BlendSpace], video: VideoRange = .sdr) -> [WorstCase] {
    spaces.map { evaluate(stack, space: $0, video: video) }
  }

  private static func minOptional(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let x?, let y?): min(x, y)
    case (let x?, nil): x
    case (nil, let y?): y
    default: nil
    }
  }

  /// One evaluated video pixel.
  struct Sample {
    var video: RGB
    /// `L(G) − L(S)`: its sign change marks a crossing.
    var delta: Double
    var plainRatio: Double
    var haloRatio: Double?
    var plainLc: Double
    var haloLc: Double?
    var ratio: Double { max(plainRatio, haloRatio ?? 0) }
    var lc: Double { max(plainLc, haloLc ?? 0) }
  }

  /// The stack's layer colours converted once to working values.
  struct Working {
    let space: BlendSpace
    let stack: LayerStack
    let t, e, bg, win: RGB
    let under: [(RGB, Double)]

    init(_ stack: LayerStack, _ space: BlendSpace) {
      self.space = space
      self.stack = stack
      t = space.working(stack.text.color)
      e = space.working(stack.edge.color)
      bg = space.working(stack.background.color)
      win = space.working(stack.window.color)
      under = stack.underlays.map { (space.working($0.color), $0.opacity) }
    }

    func sample(_ v: RGB) -> Sample {
      var s = space.over(win, alpha: stack.window.opacity, on: v)
      for (c, a) in under { s = space.over(c, alpha: a, on: s) }
      s = space.over(bg, alpha: stack.background.opacity, on: s)
      let g = space.over(t, alpha: stack.text.opacity, on: s)
      let ls = space.luminance(s)
      let lg = space.luminance(g)
      let ys = space.apcaLuminance(s)
      let yg = space.apcaLuminance(g)
      var sample = Sample(
        video: v, delta: lg - ls, plainRatio: ContrastMath.contrastRatio(luminance: lg, ls), haloRatio: nil,
        plainLc: abs(APCA.lc(text: yg, background: ys)), haloLc: nil)
      if stack.outlineQualifies {
        let ring = space.over(e, alpha: stack.edge.opacity, on: s)
        sample.haloRatio = ContrastMath.contrastRatio(luminance: lg, space.luminance(ring))
        sample.haloLc = abs(APCA.lc(text: yg, background: space.apcaLuminance(ring)))
      }
      return sample
    }
  }

  /// Running minima.
  struct Accumulator {
    var ratio = Double.infinity
    var plain = Double.infinity
    var halo: Double? = nil
    var lc = Double.infinity
    var video = RGB.black

    mutating func add(_ s: Sample) {
      if s.ratio < ratio {
        ratio = s.ratio
        video = s.video
      }
      plain = min(plain, s.plainRatio)
      if let h = s.haloRatio { halo = min(halo ?? .infinity, h) }
      lc = min(lc, s.lc)
    }

    /// At a crossing the plain contrast is exactly 1 and the plain Lc exactly 0.
    mutating func addCrossing(haloRatio: Double?, haloLc: Double?, video v: RGB) {
      plain = 1
      let r = max(1, haloRatio ?? 0)
      if r < ratio {
        ratio = r
        video = v
      }
      lc = min(lc, haloLc ?? 0)
    }
  }
}
