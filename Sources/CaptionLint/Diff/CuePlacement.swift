import CaptionCore

/// Where a cue shows, in a form two formats agree on when a viewer would see the same place.
///
/// `diff` compares these rather than the settings as written: the bottom of the frame is
/// WebVTT's default (`line:auto`), line `-1`, or `line:100%` (TTML's bottom region read
/// back); the top is line `0` or `0%`; an unset position is what the alignment implies (WebVTT
/// §7.2: 0% for start and left, 100% for end and right, else 50%). Regions are containers:
/// only the placement they give the cue is compared.
struct CuePlacement: Equatable {
  enum Vertical: Equatable {
    case top, bottom
    /// A line number from the top (negative: from the bottom).
    case line(Double)
    /// A percentage of the frame height, with the cue box's alignment to it.
    case percent(Double, CueSettings.LineAlignment)
  }

  var vertical: Vertical
  var position: Double
  var size: Double
  var align: CueSettings.TextAlignment
  var writing: CueSettings.WritingDirection

  init(_ s: CueSettings) {
    switch s.line {
    case .auto: vertical = .bottom
    case .value(let v) where s.snapToLines: vertical = v == 0 ? .top : v == -1 ? .bottom : .line(v)
    case .value(let v): vertical = v == 0 ? .top : v == 100 ? .bottom : .percent(v, s.lineAlign)
    }
    align = s.align
    switch s.align {
    case .start, .left: position = s.position ?? 0
    case .end, .right: position = s.position ?? 100
    case .center: position = s.position ?? 50
    }
    size = s.size
    writing = s.vertical
  }
}
