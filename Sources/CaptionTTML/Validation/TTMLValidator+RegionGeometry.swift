import CaptionCore

/// IMSC 1.0.1 and 1.1 (§8.3.1 Region, w3c/imsc#367): a region lies wholly inside the Root
/// Container Region. Origin and extent are compared as fractions of the root container, where
/// their units allow it: `%`, `rw` and `rh` (of the root's width or height; across axes only with
/// a pixel root extent), and `px` with a pixel root extent. `auto` is the root's origin or its
/// whole extent. Lengths it cannot place (`em`, or `px` without a root extent, each reported on
/// its own) are not checked.
extension TTMLValidator {
  mutating func checkRegionInsideRoot(_ region: XMLElementNode) {
    // IMSC 1.1 places a region by tts:position as an alternative to tts:origin; not checked here.
    if regionValue(region, "origin") == nil, regionValue(region, "position") != nil { return }
    let rootPixels = TTMLStyleParser.lengthPair(root.attribute(TTMLNamespace.styling, "extent") ?? "")
      .flatMap { $0.x.unit == .pixels && $0.y.unit == .pixels && $0.x.value > 0 && $0.y.value > 0 ? ($0.x.value, $0.y.value) : nil }
    func fraction(_ l: Length, horizontal: Bool) -> Double? {
      let axis = horizontal ? rootPixels?.0 : rootPixels?.1
      switch l.unit {
      case .percent: return l.value / 100
      case .pixels: return axis.map { l.value / $0 }
      case .rootWidth:
        if horizontal { return l.value / 100 }
        return rootPixels.map { l.value / 100 * $0.0 / $0.1 }
      case .rootHeight:
        if !horizontal { return l.value / 100 }
        return rootPixels.map { l.value / 100 * $0.1 / $0.0 }
      default: return nil
      }
    }
    func pair(_ local: String, auto: (Double, Double)) -> (Double, Double)? {
      guard let v = regionValue(region, local) else { return auto }
      if v.trimmingSpaces == "auto" { return auto }
      guard let p = TTMLStyleParser.lengthPair(v), let x = fraction(p.x, horizontal: true), let y = fraction(p.y, horizontal: false) else { return nil }
      return (x, y)
    }
    guard let origin = pair("origin", auto: (0, 0)), let extent = pair("extent", auto: (1, 1)) else { return }
    let slack = 1e-9
    if origin.0 < -slack || origin.1 < -slack || origin.0 + extent.0 > 1 + slack || origin.1 + extent.1 > 1 + slack {
      let id = region.attribute(TTMLNamespace.xml, "id").map { " '\($0)'" } ?? ""
      profileError(
        "region-outside-root",
        "region\(id) must lie inside the root container (origin \(regionValue(region, "origin") ?? "auto"), extent \(regionValue(region, "extent") ?? "auto"))",
        region.location)
    }
  }

  /// The value a region gives `tts:<local>`: its own attribute, else the last `style` child's
  /// that sets it, else the last referenced style chain that does (TTML2 §8.4.1: inline over
  /// nested over referential, later over earlier).
  mutating func regionValue(_ region: XMLElementNode, _ local: String) -> String? {
    if let v = region.attribute(TTMLNamespace.styling, local) { return v }
    for s in region.elements.reversed() where TTMLReader.isTT(s, "style") {
      if let v = s.attribute(TTMLNamespace.styling, local) { return v }
    }
    for id in TTMLReader.idrefs(region.attribute("", "style")).reversed() {
      if let v = styleValues.value(id, local, root: root) { return v }
    }
    return nil
  }
}
