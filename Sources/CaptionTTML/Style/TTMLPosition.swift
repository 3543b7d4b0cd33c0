import CaptionCore

/// `tts:position` (TTML2 §10.2.35, IMSC 1.1 #position): places a region as CSS
/// `background-position` places an image in its box, the region being the image and the root
/// container the box. The reader turns it into the `tts:origin` it amounts to.
enum TTMLPosition {
  /// One axis: an edge keyword (`left`/`top` = start, `right`/`bottom` = end, `center`) with an
  /// optional offset from that edge, or a bare offset from the start edge.
  struct Axis {
    var edge: Edge = .start
    var offset: Length? = nil
    enum Edge { case start, center, end }
  }

  /// The origin, in percent of the root container, of a region of `extent` at `position`;
  /// nil when the value is not a `<position>`, or uses `px` and `root` (the root `tts:extent`
  /// in pixels) is nil.
  static func origin(_ position: String, extent: Region.LengthPair, root: (w: Double, h: Double)? = nil) -> Region.LengthPair? {
    guard let (h, v) = axes(position) else { return nil }
    guard let x = place(h, extent: extent.x, horizontal: true, root: root), let y = place(v, extent: extent.y, horizontal: false, root: root) else { return nil }
    return Region.LengthPair(Length(x, .percent), Length(y, .percent))
  }

  /// `l` in percent of the root container along one axis. `rh` across or `rw` down need the
  /// root's aspect ratio: its pixel size when given, else 16:9 (the usual video frame).
  static func percent(_ l: Length, horizontal: Bool, root: (w: Double, h: Double)?) -> Double? {
    let aspect = root.map { $0.w / $0.h } ?? 16.0 / 9.0
    switch l.unit {
    case .percent: return l.value
    case .rootWidth: return horizontal ? l.value : l.value * aspect
    case .rootHeight: return horizontal ? l.value / aspect : l.value
    case .pixels: return root.map { l.value * 100 / (horizontal ? $0.w : $0.h) }
    default: return nil
    }
  }

  static func place(_ a: Axis, extent: Length, horizontal: Bool, root: (w: Double, h: Double)?) -> Double? {
    func percent(_ l: Length) -> Double? { TTMLPosition.percent(l, horizontal: horizontal, root: root) }
    guard let size = percent(extent) else { return nil }
    let free = 100 - size
    // Percent offsets are of the free space (container less region), lengths are absolute.
    func amount(_ o: Length?) -> Double? {
      guard let o else { return 0 }
      if o.unit == .percent { return free * o.value / 100 }
      return percent(o)
    }
    guard let off = amount(a.offset) else { return nil }
    switch a.edge {
    case .start: return off
    case .center: return free / 2
    case .end: return free - off
    }
  }

  static func axes(_ value: String) -> (Axis, Axis)? {
    let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    guard (1...4).contains(words.count) else { return nil }
    // Reads the words into keyword/offset groups: ["right", "10%"], ["center"], ["25%"].
    var groups: [(keyword: String?, offset: Length?)] = []
    var i = 0
    while i < words.count {
      let w = words[i]
      if ["left", "right", "top", "bottom", "center"].contains(w) {
        var offset: Length?
        // Edge offsets ("right 10%") only exist in the three- and four-word forms; with two
        // words, "left 25rw" is a horizontal keyword and a vertical offset (as in CSS).
        if w != "center", words.count >= 3, i + 1 < words.count, let l = TTMLStyleParser.length(words[i + 1]) {
          offset = l
          i += 1
        }
        groups.append((w, offset))
      } else if let l = TTMLStyleParser.length(w) {
        groups.append((nil, l))
      } else {
        return nil
      }
      i += 1
    }
    func isVertical(_ k: String?) -> Bool { k == "top" || k == "bottom" }
    func isHorizontal(_ k: String?) -> Bool { k == "left" || k == "right" }
    func axis(_ g: (keyword: String?, offset: Length?)) -> Axis {
      switch g.keyword {
      case "center": return Axis(edge: .center)
      case "right", "bottom": return Axis(edge: .end, offset: g.offset)
      case "left", "top": return Axis(edge: .start, offset: g.offset)
      default: return Axis(edge: .start, offset: g.offset)
      }
    }
    switch groups.count {
    case 1:
      let g = groups[0]
      return isVertical(g.keyword) ? (Axis(edge: .center), axis(g)) : (axis(g), Axis(edge: .center))
    case 2:
      var (a, b) = (groups[0], groups[1])
      // Bare lengths keep their order (horizontal first); keywords may come either way.
      if isVertical(a.keyword) || isHorizontal(b.keyword) { swap(&a, &b) }
      if isVertical(a.keyword) || isHorizontal(b.keyword) { return nil }
      // In the three- and four-word forms both axes are keywords ("left 10% top").
      if words.count >= 3, a.keyword == nil || b.keyword == nil { return nil }
      return (axis(a), axis(b))
    default:
      return nil
    }
  }
}
