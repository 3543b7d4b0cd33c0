import CaptionCore

extension TTMLReader {
  /// Runs the IMSC Hypothetical Render Model (`TTMLRenderModel`) over the cues read, with the
  /// styled runs and significant times the walk collected, and reports what it finds.
  mutating func checkRenderModel(at location: SourceLocation) {
    let r = resolver
    var regions: [String: TTMLRenderModel.RegionInfo] = [:]
    func info(_ id: String?, extent: Region.LengthPair?) -> TTMLRenderModel.RegionInfo {
      let s = r.computedRegionStyle(id)
      var size = 1.0
      // The extent on the region, or from a style it refers to.
      if let e = extent ?? s.other["tts:extent"].flatMap(TTMLStyleParser.lengthPair),
        let w = r.percentOfRoot(e.x, x: true), let h = r.percentOfRoot(e.y, x: false)
      {
        size = max(0, min(w, 100)) * max(0, min(h, 100)) / 10_000
      }
      return TTMLRenderModel.RegionInfo(
        normalizedSize: size, paintsBackground: (s.backgroundColor?.alpha ?? 0) > 0,
        showsBackgroundAlways: (s.other["tts:showBackground"] ?? "always") == "always",
        hidden: s.opacity == 0 || s.displayed == false || s.visible == false,
        active: id.flatMap { regionIntervals[$0] })
    }
    if doc.regions.isEmpty {
      // No regions: everything is in the default region, the whole root container.
      regions[""] = info(nil, extent: nil)
    } else {
      for region in doc.regions { regions[region.id] = info(region.id, extent: region.extent) }
    }
    var times = sortedSignificantTimes
    if times.first != .zero { times.insert(.zero, at: 0) }
    var model = TTMLRenderModel()
    model.run(
      cues: doc.cues, runs: runs, times: times, regions: regions,
      fontFraction: { style in style.fontSize.flatMap { r.percentOfRoot($0, x: false) }.map { $0 / 100 } }, at: location)
    for d in model.diagnostics { sink.report(d) }
  }
}
