import CaptionCore

extension TTMLReader {
  /// Presented regions at most reported of each kind; later ones are counted in one summary.
  static let maxPresentedRegionReports = 20
  /// Region comparisons after which overlaps are no longer looked for: 10,000 regions that all
  /// show a background would otherwise take 50 million.
  static let maxRegionComparisons = 5_000_000

  /// IMSC Text Profile (1.0.1 and 1.1, §Region): no two presented regions of an intermediate
  /// synchronic document overlap (`ttml.profile.region-overlap`), and no more than 4 are
  /// presented at once (`ttml.profile.too-many-regions`), both errors.
  ///
  /// A region is presented while it is active, not hidden (opacity 0, `display="none"`,
  /// `visibility="hidden"`), and either shows text of a cue (a `p` with text selected into it)
  /// or has `tts:showBackground="always"` (the initial value) with a background that is not
  /// transparent. Regions are compared as fractions of the root container, from their origin and
  /// extent; one whose placement cannot be worked out (`em`, `px` without a root extent) is
  /// counted, never compared. The cue starts and ends are sorted (n log n in the cues) and swept
  /// once; each region that becomes presented is compared with those already presented.
  mutating func checkPresentedRegions(profile: String, at location: SourceLocation) {
    guard doc.regions.count > 1 else { return }
    let r = resolver
    struct Info {
      var id: String
      var rect: (x: Double, y: Double, w: Double, h: Double)?
      var hidden: Bool
      var showsBackground: Bool
      var active: (begin: CaptionTime, end: CaptionTime?)?
      var source: SourceLocation?
    }
    // The root's shape for a `tts:position`: its pixel extent; else, for a position in percent
    // and root units only, a box of the aspect ratio the document gives (`ittp:aspectRatio`,
    // `ttp:displayAspectRatio`); `rw` down or `rh` across with neither cannot be placed.
    let rootPixels = r.rootExtent.map { (w: $0.width, h: $0.height) }
    let declaredAspect = (doc.metadata.parameters["ittp:aspectRatio"] ?? doc.metadata.parameters["ttp:displayAspectRatio"]).flatMap { v -> Double? in
      let p = v.split(separator: " ").compactMap { Double($0) }
      return p.count == 2 && p[0] > 0 && p[1] > 0 ? p[0] / p[1] : nil
    }
    func rootShape(for position: String) -> (w: Double, h: Double)?? {
      if let rootPixels { return .some(rootPixels) }
      if position.contains("px") { return nil }
      if let declaredAspect { return .some((w: declaredAspect * 1000, h: 1000)) }
      return position.contains("rw") || position.contains("rh") ? nil : .some(nil)
    }
    var number: [String: Int] = [:]
    var infos: [Info] = []
    for region in doc.regions where number[region.id] == nil {
      let s = r.computedRegionStyle(region.id)
      func pair(_ own: Region.LengthPair?, _ name: String) -> (Double, Double)? {
        guard let p = own ?? s.other[name].flatMap(TTMLStyleParser.lengthPair) else { return nil }
        guard let x = r.percentOfRoot(p.x, x: true), let y = r.percentOfRoot(p.y, x: false) else { return nil }
        return (x / 100, y / 100)
      }
      // An origin or extent left auto is the root's origin or its whole extent. A region placed
      // by a `tts:position` it takes from a referenced style gets the origin that amounts to.
      let extent = region.extent == nil && s.other["tts:extent"] == nil ? (1, 1) : pair(region.extent, "tts:extent")
      let origin: (Double, Double)?
      if region.origin != nil || s.other["tts:origin"] != nil {
        origin = pair(region.origin, "tts:origin")
      } else if let position = s.other["tts:position"] {
        origin = extent.flatMap { e in
          rootShape(for: position).flatMap { root in
            TTMLPosition.origin(position, extent: Region.LengthPair(Length(e.0 * 100, .percent), Length(e.1 * 100, .percent)), root: root)
          }.flatMap { o in r.percentOfRoot(o.x, x: true).flatMap { x in r.percentOfRoot(o.y, x: false).map { (x / 100, $0 / 100) } } }
        }
      } else {
        origin = (0, 0)
      }
      number[region.id] = infos.count
      infos.append(Info(
        id: region.id, rect: origin.flatMap { o in extent.map { (o.0, o.1, $0.0, $0.1) } },
        hidden: s.opacity == 0 || s.displayed == false || s.visible == false,
        showsBackground: (s.other["tts:showBackground"] ?? "always") == "always" && (s.backgroundColor?.alpha ?? 0) > 0,
        active: regionIntervals[region.id], source: region.source))
    }
    // Changes in time order: +1 where a cue with text starts in a region, −1 where it ends, 0
    // where a region's own activity begins or ends.
    // (The reader makes no cue without content.) The cues of one region share one settings
    // box: its region is looked up once per box, not copied out of every cue.
    var changes: [(time: CaptionTime, region: Int, delta: Int)] = []
    changes.reserveCapacity(2 * doc.cues.count + infos.count)
    var lastBox: AnyObject?
    var lastRegion: Int?
    doc.cues.withUnsafeBufferPointer { cues in
      for i in cues.indices {
        let box = cues[i].settingsBox
        let k: Int?
        if let box, box === lastBox {
          k = lastRegion
        } else {
          k = cues[i].settings.region.flatMap { number[$0] }
          (lastBox, lastRegion) = (box, k)
        }
        guard let k, cues[i].start < cues[i].end else { continue }
        changes.append((cues[i].start, k, 1))
        changes.append((cues[i].end, k, -1))
      }
    }
    for (k, info) in infos.enumerated() {
      changes.append((info.active?.begin ?? .zero, k, 0))
      if let e = info.active?.end { changes.append((e, k, 0)) }
    }
    changes.sort { $0.time < $1.time }
    var shown = [Int](repeating: 0, count: infos.count)
    var presented: [Int] = []
    var isPresented = [Bool](repeating: false, count: infos.count)
    var reportedPairs = Set<[Int]>()
    var overlaps = 0, crowded = 0, comparisons = 0
    var i = 0
    var touched: [Int] = [], entering: [Int] = []
    while i < changes.count {
      let t = changes[i].time
      if !touched.isEmpty { touched.removeAll(keepingCapacity: true) }
      if !entering.isEmpty { entering.removeAll(keepingCapacity: true) }
      while i < changes.count, changes[i].time == t {
        shown[changes[i].region] += changes[i].delta
        touched.append(changes[i].region)
        i += 1
      }
      // Which regions change state at t.
      for k in touched {
        let info = infos[k]
        let active = info.active.map { $0.begin <= t && ($0.end.map { t < $0 } ?? true) } ?? true
        let now = active && !info.hidden && (shown[k] > 0 || info.showsBackground)
        guard now != isPresented[k] else { continue }
        isPresented[k] = now
        if now { entering.append(k) } else { presented.removeAll { $0 == k } }
      }
      for k in entering {
        if overlaps <= Self.maxPresentedRegionReports, comparisons < Self.maxRegionComparisons, let a = infos[k].rect {
          comparisons += presented.count
          for j in presented {
            guard let b = infos[j].rect, Self.overlap(a, b), reportedPairs.insert([min(j, k), max(j, k)]).inserted else { continue }
            overlaps += 1
            guard overlaps <= Self.maxPresentedRegionReports else { break }
            sink.report(
              "ttml.profile.region-overlap", .error,
              "\(profile): regions '\(infos[j].id.prefix(40))' and '\(infos[k].id.prefix(40))' overlap and are both presented at \(TTMLRenderModel.format(t.seconds)) s; no two presented regions may overlap",
              at: infos[k].source ?? location)
          }
        }
        presented.append(k)
      }
      if presented.count > 4, !entering.isEmpty {
        crowded += 1
        if crowded <= Self.maxPresentedRegionReports {
          sink.report(
            "ttml.profile.too-many-regions", .error,
            "\(profile): \(presented.count) regions are presented at \(TTMLRenderModel.format(t.seconds)) s (\(presented.prefix(6).map { "'\(infos[$0].id.prefix(40))'" }.joined(separator: ", "))\(presented.count > 6 ? ", …" : "")); at most 4 may be",
            at: infos[entering[0]].source ?? location)
        }
      }
    }
    if overlaps > Self.maxPresentedRegionReports {
      sink.report(
        "ttml.profile.region-overlap", .error,
        "\(profile): more presented regions overlap than the \(Self.maxPresentedRegionReports) pairs listed", at: location)
    }
    if crowded > Self.maxPresentedRegionReports {
      sink.report(
        "ttml.profile.too-many-regions", .error,
        "\(profile): more than 4 regions are presented \(crowded) times; the first \(Self.maxPresentedRegionReports) are listed", at: location)
    }
  }

  /// Whether two rectangles share an area, not just an edge.
  static func overlap(_ a: (x: Double, y: Double, w: Double, h: Double), _ b: (x: Double, y: Double, w: Double, h: Double)) -> Bool {
    let e = 1e-9
    return a.x < b.x + b.w - e && b.x < a.x + a.w - e && a.y < b.y + b.h - e && b.y < a.y + a.h - e
  }
}
