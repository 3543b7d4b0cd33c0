import CaptionCore

/// Converts caption-file lengths to the units the legibility model uses: font sizes to rh and
/// edge widths to em.
enum StyleGeometry {
  /// Rows of the TTML cell grid (`ttp:cellResolution`, default 32 × 15).
  static func cellRows(_ doc: CaptionDocument) -> Double {
    guard let v = doc.metadata.parameters["ttp:cellResolution"] else { return 15 }
    let parts = v.split(separator: " ")
    if parts.count == 2, let rows = Double(parts[1]), rows > 0 { return rows }
    return 15
  }

  /// A font size in rh, given the parent's.
  static func fontSize(_ l: Length, parent: Double, rows: Double) -> Double {
    let v = max(0, l.value)
    let rh: Double
    switch l.unit {
    case .rootHeight: rh = v
    case .percent: rh = parent * v / 100
    case .em: rh = parent * v
    case .cells: rh = v * 100 / rows
    case .pixels: rh = v / 1080 * 100
    case .points: rh = v * 4 / 3 / 1080 * 100
    case .rootWidth: rh = v * 16 / 9
    }
    return min(rh, 100)
  }

  /// A length (outline thickness, shadow offset) in em of a font `fontSize` rh tall.
  static func em(_ l: Length, fontSize: Double, rows: Double) -> Double {
    let f = max(fontSize, 0.01)
    switch l.unit {
    case .em: return l.value
    case .percent: return l.value / 100
    case .rootHeight: return l.value / f
    case .rootWidth: return l.value * 16 / 9 / f
    case .cells: return l.value * 100 / rows / f
    case .pixels: return l.value / (1080 * f / 100)
    case .points: return l.value * 4 / 3 / (1080 * f / 100)
    }
  }

  /// The edge a style draws: a `tts:textOutline` is a uniform edge; four or more text shadows
  /// pointing in every direction (the usual WebVTT outline emulation) count as a uniform edge
  /// as wide as their smallest offset, in the colour of their weakest side (`weakestRing`); a
  /// ring with a transparent side, and other shadows, are a drop shadow (no contrast credit).
  /// The blur is the outline's, or the largest of the ring's shadows (its softest side), in em.
  static func edge(_ s: TextStyle, text: Color, fontSize: Double, rows: Double) -> (type: EdgeType, paint: Paint, width: Double, blur: Double) {
    if let o = s.textOutline, o.thickness.value > 0 {
      let c = o.color ?? text
      let blur = o.blur.map { max(0, em($0, fontSize: fontSize, rows: rows)) } ?? 0
      return (.uniform, Paint(RGB(c), opacity: c.opacity), em(o.thickness, fontSize: fontSize, rows: rows), blur)
    }
    guard let shadows = s.textShadow, !shadows.isEmpty else { return (.none, Paint(.black), 0, 0) }
    var xs: Set<Int> = [], ys: Set<Int> = []
    var width = Double.infinity
    var blur = 0.0
    for sh in shadows {
      if let b = sh.blur { blur = max(blur, em(b, fontSize: fontSize, rows: rows)) }
      let x = em(sh.offsetX, fontSize: fontSize, rows: rows)
      let y = em(sh.offsetY, fontSize: fontSize, rows: rows)
      xs.insert(x > 0 ? 1 : x < 0 ? -1 : 0)
      ys.insert(y > 0 ? 1 : y < 0 ? -1 : 0)
      let reach = max(abs(x), abs(y))
      if reach > 0 { width = min(width, reach) }
    }
    let paint = weakestRing(shadows.map { $0.color ?? text }, text: text)
    if shadows.count >= 4, xs.contains(1), xs.contains(-1), ys.contains(1), ys.contains(-1), width.isFinite, paint.opacity > 0 {
      return (.uniform, paint, width, blur)
    }
    return (.dropShadow, paint, 0, blur)
  }

  /// The side of a shadow ring that separates the text least: the lowest opacity, then the
  /// colour closest in contrast to the text. A ring is only as good as its weakest side, so
  /// three transparent shadows and one black one are not a black outline.
  static func weakestRing(_ colors: [Color], text: Color) -> Paint {
    let textRGB = RGB(text)
    let weakest = colors.min { a, b in
      a.alpha != b.alpha ? a.alpha < b.alpha : ContrastMath.contrastRatio(RGB(a), textRGB) < ContrastMath.contrastRatio(RGB(b), textRGB)
    } ?? .black
    return Paint(RGB(weakest), opacity: weakest.opacity)
  }
}
