import CaptionCore

/// Derives a TTML region (origin, extent, display alignment) and a text alignment from WebVTT
/// cue settings: the inverse of `TTMLRegionMapper` (see `docs/TTML.md`, "Positioning").
enum TTMLRegionSynthesizer {
  /// A region geometry in percent of the root container.
  struct Geometry: Hashable {
    var x: Double
    var y: Double
    var w: Double
    var h: Double
    var displayAlign: TextStyle.DisplayAlign
    var writingMode: TextStyle.WritingMode?

    var key: String { "\(x) \(y) \(w) \(h) \(displayAlign.rawValue) \(writingMode?.rawValue ?? "")" }
  }

  static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(v, lo), hi) }

  /// The geometry and text alignment for `s`; `approximated` is true when snap-to-lines line
  /// numbers had to be turned into percentages (one line = one cell row).
  static func geometry(for s: CueSettings, cellRows: Double) -> (geometry: Geometry, textAlign: TextStyle.TextAlign, approximated: Bool) {
    let textAlign: TextStyle.TextAlign
    switch s.align {
    case .start: textAlign = .start
    case .center: textAlign = .center
    case .end: textAlign = .end
    case .left: textAlign = .left
    case .right: textAlign = .right
    }
    // Inline axis.
    var size = clamp(s.size, 0, 100)
    var pa = s.positionAlign
    if pa == .auto {
      switch s.align {
      case .left, .start: pa = .lineLeft
      case .right, .end: pa = .lineRight
      case .center: pa = .center
      }
    }
    let pos: Double
    if let p = s.position {
      pos = p
    } else {
      switch pa {
      case .lineLeft: pos = 0
      case .lineRight: pos = 100
      default: pos = 50
      }
    }
    // WebVTT §7.2 ("apply WebVTT cue settings", steps on the maximum size): the box never
    // reaches past the edge its alignment points to, so the size shrinks first.
    let maxSize: Double
    switch pa {
    case .lineLeft: maxSize = 100 - pos
    case .lineRight: maxSize = pos
    default: maxSize = 2 * min(pos, 100 - pos)
    }
    // At an edge the maximum is 0: a region of no width would show nothing, so the box keeps
    // its size and is moved inside the frame below instead.
    if maxSize >= 1 { size = min(size, clamp(maxSize, 0, 100)) }
    var start: Double
    switch pa {
    case .lineLeft: start = pos
    case .lineRight: start = pos - size
    default: start = pos - size / 2
    }
    start = clamp(start, 0, 100 - size)
    // Block axis.
    var approximated = false
    var bStart = 0.0, bSize = 100.0
    var display = TextStyle.DisplayAlign.after
    switch s.line {
    case .auto:
      break
    case .value(let v):
      var linePct = v
      var align = s.lineAlign
      if s.snapToLines {
        approximated = true
        let lh = 100 / cellRows
        if v >= 0 {
          linePct = v * lh
          align = .start
        } else {
          linePct = 100 + (v + 1) * lh
          align = .end
        }
      }
      linePct = clamp(linePct, 0, 100)
      switch align {
      case .start:
        display = .before
        bStart = linePct
        bSize = 100 - linePct
      case .end:
        display = .after
        bStart = 0
        bSize = linePct
      case .center:
        display = .center
        let half = min(linePct, 100 - linePct)
        bStart = linePct - half
        bSize = 2 * half
      }
    }
    let r = TTMLRegionMapper.round
    switch s.vertical {
    case .horizontal:
      return (Geometry(x: r(start), y: r(bStart), w: r(size), h: r(bSize), displayAlign: display, writingMode: nil), textAlign, approximated)
    case .verticalGrowingLeft:
      // Block progresses right to left: the "before" edge is on the right.
      let x = 100 - bStart - bSize
      return (Geometry(x: r(clamp(x, 0, 100)), y: r(start), w: r(bSize), h: r(size), displayAlign: display, writingMode: .tbrl), textAlign, approximated)
    case .verticalGrowingRight:
      return (Geometry(x: r(bStart), y: r(start), w: r(bSize), h: r(size), displayAlign: display, writingMode: .tblr), textAlign, approximated)
    }
  }
}
