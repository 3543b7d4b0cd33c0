import CaptionCore

/// Writes a `TextStyle` as TTML style attributes, in a fixed order, and says which
/// properties the flavor cannot hold.
enum TTMLStyleSerializer {
  /// Properties each flavor cannot carry, by attribute name.
  static func unsupported(_ name: String, _ flavor: TTMLFlavor) -> Bool {
    switch flavor {
    case .imsc11:
      // What the validator rejects in IMSC 1.1 Text, and tts:fontVariant (only IMSC 1.3 has it).
      guard name.hasPrefix("tts:") else { return false }
      let local = String(name.dropFirst(4))
      return TTMLValidator.imscProhibitedStyles.contains(local) || local == "fontVariant"
    case .ebuttd:
      let allowed: Set<String> = [
        "tts:color", "tts:backgroundColor", "tts:fontFamily", "tts:fontSize", "tts:fontStyle", "tts:fontWeight",
        "tts:textDecoration", "tts:textAlign", "tts:lineHeight", "tts:padding", "tts:direction", "tts:unicodeBidi",
        "tts:wrapOption", "tts:displayAlign", "tts:writingMode", "tts:showBackground", "tts:origin", "tts:extent",
        "tts:overflow", "ebutts:linePadding", "ebutts:multiRowAlign", "itts:fillLineGap",
      ]
      return !allowed.contains(name)
    case .dfxp:
      let ttml1: Set<String> = [
        "tts:color", "tts:backgroundColor", "tts:fontFamily", "tts:fontSize", "tts:fontStyle", "tts:fontWeight",
        "tts:textDecoration", "tts:textAlign", "tts:lineHeight", "tts:padding", "tts:direction", "tts:unicodeBidi",
        "tts:wrapOption", "tts:displayAlign", "tts:writingMode", "tts:showBackground", "tts:origin", "tts:extent",
        "tts:overflow", "tts:opacity", "tts:textOutline", "tts:visibility", "tts:display", "tts:zIndex",
        "ttm:role",
      ]
      return !ttml1.contains(name)
    }
  }

  /// The namespaces of the style prefixes the writer declares.
  static let stylePrefixes = ["tts": TTMLNamespace.styling, "ebutts": TTMLNamespace.ebuStyling, "itts": TTMLNamespace.imscStyling]

  /// Whether Tech 3380's schema allows the attribute `name` (`tts:color`) on `<style>`
  /// (`TTMLValidator.isEBUStyleAttribute`): the region's own properties go on the region instead.
  static func ebuStyleAllows(_ name: String) -> Bool {
    guard let colon = name.firstIndex(of: ":") else { return true }
    guard let ns = stylePrefixes[String(name[..<colon])] else { return true }
    return TTMLValidator.isEBUStyleAttribute(XMLName(ns, String(name[name.index(after: colon)...])))
  }

  /// The units a region's `tts:origin` and `tts:extent` may have once written: IMSC 1.1 px,
  /// %, rw and rh (§8.3.1); EBU-TT-D % (the writer converts px and cells to it); DFXP any (nil).
  static func regionUnits(_ flavor: TTMLFlavor) -> Set<Length.Unit>? {
    switch flavor {
    case .imsc11: [.pixels, .percent, .rootWidth, .rootHeight]
    case .ebuttd: [.percent]
    case .dfxp: nil
    }
  }

  /// Whether an origin or extent value written as is (`auto`, or two lengths) fits the flavor.
  static func placeable(_ v: String, _ flavor: TTMLFlavor) -> Bool {
    guard let units = regionUnits(flavor), v.trimmingSpaces != "auto" else { return true }
    guard let p = TTMLStyleParser.lengthPair(v) else { return false }
    return units.contains(p.x.unit) && units.contains(p.y.unit)
  }

  static func quoteFamily(_ f: String) -> String {
    let plain = f.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    return plain ? f : "\"" + f.replacingQuotes + "\""
  }

  static func length(_ l: Length) -> String { l.description }

  /// `l` in units the flavor has. TTML1 (DFXP) and EBU-TT-D have no `rw`/`rh` (TTML2 units):
  /// they become cells through `ttp:cellResolution` (`vertical` picks rows or columns), or
  /// percent of the root container where the property's percentages are of it (`rootPercent`:
  /// a region's origin and extent) and the axis matches.
  static func portable(
    _ l: Length, flavor: TTMLFlavor, cells: (rows: Double, columns: Double), vertical: Bool, rootPercent: Bool = false,
    root: (w: Double, h: Double)? = nil
  ) -> Length {
    guard flavor != .imsc11 else { return l }
    switch l.unit {
    case .rootHeight, .rootWidth:
      // Region geometry: percent of the root on the same axis (across axes through the root's
      // aspect ratio, 16:9 when it has no pixel size); other lengths: cells.
      if rootPercent, let p = TTMLPosition.percent(l, horizontal: !vertical, root: root) { return Length(p, .percent) }
      return l.unit == .rootHeight ? Length(l.value * cells.rows / 100, .cells) : Length(l.value * cells.columns / 100, .cells)
    case .cells where rootPercent && flavor == .ebuttd:
      // EBU-TT-D region geometry is in percent only (Tech 3380): cells through the cell grid.
      return Length(l.value * 100 / (vertical ? cells.rows : cells.columns), .percent)
    case .pixels where rootPercent && flavor == .ebuttd:
      guard let root else { return l }
      return Length(l.value * 100 / (vertical ? root.h : root.w), .percent)
    default: return l
    }
  }

  static func color(_ c: Color) -> String { c.hex }

  /// The lengths of `s` in units the flavor has (see `portable(_:flavor:cells:vertical:rootPercent:)`).
  /// EBU-TT-D font sizes and line heights are percentages only (Tech 3380; 100% is one cell
  /// row): cells, em and px become percent, px through the cell height of `root` (pixels).
  static func portable(_ s: TextStyle, flavor: TTMLFlavor, cells: (rows: Double, columns: Double), root: (w: Double, h: Double)? = nil) -> TextStyle {
    func p(_ l: Length, vertical: Bool) -> Length { portable(l, flavor: flavor, cells: cells, vertical: vertical) }
    func percent(_ l: Length) -> Length {
      guard flavor == .ebuttd else { return l }
      switch l.unit {
      case .cells, .em: return Length((l.value * 100_000).rounded() / 1000, .percent)
      case .pixels:
        guard let root, root.h > 0 else { return l }
        return Length((l.value * 100_000 / (root.h / cells.rows)).rounded() / 1000, .percent)
      default: return l
      }
    }
    var s = s
    // EBU-TT-D: a line height percentage is of the element's own font size. A line height in
    // cells or px over a font size in the same style becomes their ratio (a font size in % or
    // em taken of a 1c parent); an em line height is already of the own size.
    if flavor == .ebuttd, let lh = s.lineHeight, lh.unit != .percent, lh.unit != .em, let fs = s.fontSizeVertical ?? s.fontSize {
      let l = percent(p(lh, vertical: true)), f = percent(p(fs, vertical: true))
      if l.unit == .percent, f.unit == .percent, f.value > 0 {
        s.lineHeight = Length((l.value * 100_000 / f.value).rounded() / 1000, .percent)
      }
    }
    // One font size is the vertical one; with two, the first is horizontal (TTML1 §8.2.9).
    if let v = s.fontSize { s.fontSize = percent(p(v, vertical: s.fontSizeVertical == nil)) }
    if let v = s.fontSizeVertical { s.fontSizeVertical = percent(p(v, vertical: true)) }
    if let v = s.lineHeight { s.lineHeight = percent(p(v, vertical: true)) }
    if var o = s.textOutline {
      o.thickness = p(o.thickness, vertical: true)
      o.blur = o.blur.map { p($0, vertical: true) }
      s.textOutline = o
    }
    s.textShadow = s.textShadow?.map { sh in
      var sh = sh
      sh.offsetX = p(sh.offsetX, vertical: false)
      sh.offsetY = p(sh.offsetY, vertical: true)
      sh.blur = sh.blur.map { p($0, vertical: true) }
      return sh
    }
    if let v = s.linePadding { s.linePadding = p(v, vertical: false) }
    // Lengths kept as written (padding, and others the model has no field for): each `rw`/`rh`
    // word becomes cells too, `rh` through the rows and `rw` through the columns.
    for (k, v) in s.other where v.containsUTF8("rw") || v.containsUTF8("rh") {
      let words = v.split(separator: " ").map { w -> String in
        guard let l = TTMLStyleParser.length(String(w)), l.unit == .rootWidth || l.unit == .rootHeight else { return String(w) }
        return p(l, vertical: l.unit == .rootHeight).description
      }
      s.other[k] = words.joined(separator: " ")
    }
    return s
  }

  /// IMSC has no cells in tts: lengths (IMSC 1.1 §8.4.5): a padding in `c` becomes root
  /// percentages through the cell grid, `rh` on the block axis and `rw` on the inline one (one
  /// value: both; two: block, inline; three: before, start and end, after; four: before, end,
  /// after, start), for horizontal text.
  static func withoutCells(_ s: TextStyle, cells: (rows: Double, columns: Double)) -> TextStyle {
    guard let v = s.other["tts:padding"], v.containsUTF8("c") else { return s }
    var s = s
    var words = v.split(separator: " ").map(String.init)
    if words.count == 1 { words = [words[0], words[0]] }
    let converted = words.enumerated().map { k, w -> String in
      guard let l = TTMLStyleParser.length(w), l.unit == .cells else { return w }
      return k % 2 == 0 ? Length(l.value * 100 / cells.rows, .rootHeight).description : Length(l.value * 100 / cells.columns, .rootWidth).description
    }
    s.other["tts:padding"] = converted.joined(separator: " ")
    return s
  }

  /// The attributes for `s`, with the names of the properties the flavor cannot hold.
  static func attributes(
    _ s: TextStyle, flavor: TTMLFlavor, cells: (rows: Double, columns: Double) = (15, 32), root: (w: Double, h: Double)? = nil
  ) -> (attributes: [(String, String)], dropped: [String]) {
    let s = flavor == .imsc11 ? withoutCells(s, cells: cells) : portable(s, flavor: flavor, cells: cells, root: root)
    var a: [(String, String)] = []
    if let v = s.color { a.append(("tts:color", color(v))) }
    if let v = s.backgroundColor { a.append(("tts:backgroundColor", color(v))) }
    if let v = s.fontFamily { a.append(("tts:fontFamily", v.map(quoteFamily).joined(separator: ", "))) }
    if let v = s.fontSize {
      a.append(("tts:fontSize", length(v) + (s.fontSizeVertical.map { " " + length($0) } ?? "")))
    }
    if let v = s.fontStyle {
      // EBU-TT-D has normal and italic only: oblique, a slanted face too, is written as italic.
      a.append(("tts:fontStyle", flavor == .ebuttd && v == .oblique ? "italic" : v.rawValue))
    }
    if let v = s.fontWeight { a.append(("tts:fontWeight", v.rawValue)) }
    if let v = s.textDecoration {
      var w: [String] = []
      if v.contains(.underline) { w.append("underline") }
      if v.contains(.lineThrough) { w.append("lineThrough") }
      if v.contains(.overline) { w.append("overline") }
      a.append(("tts:textDecoration", w.isEmpty ? "none" : w.joined(separator: " ")))
    }
    if let v = s.textOutline {
      a.append(("tts:textOutline", [v.color.map(color), length(v.thickness), v.blur.map(length)].compactMap { $0 }.joined(separator: " ")))
    }
    if let v = s.textShadow {
      let items = v.map { sh in
        [length(sh.offsetX), length(sh.offsetY), sh.blur.map(length), sh.color.map(color)].compactMap { $0 }.joined(separator: " ")
      }
      a.append(("tts:textShadow", items.isEmpty ? "none" : items.joined(separator: ", ")))
    }
    if let v = s.textAlign { a.append(("tts:textAlign", v.rawValue)) }
    if let v = s.displayAlign { a.append(("tts:displayAlign", v.rawValue)) }
    if let v = s.lineHeight { a.append(("tts:lineHeight", length(v))) }
    if let v = s.opacity { a.append(("tts:opacity", Length.format(v))) }
    if let v = s.visible { a.append(("tts:visibility", v ? "visible" : "hidden")) }
    if let v = s.displayed { a.append(("tts:display", v ? "auto" : "none")) }
    if let v = s.writingMode { a.append(("tts:writingMode", v.rawValue)) }
    if let v = s.direction { a.append(("tts:direction", v.rawValue)) }
    if let v = s.forcedDisplay { a.append(("itts:forcedDisplay", v ? "true" : "false")) }
    if let v = s.linePadding { a.append(("ebutts:linePadding", length(v))) }
    if let v = s.multiRowAlign { a.append(("ebutts:multiRowAlign", v)) }
    var dropped: [String] = []
    let emitted = Set(a.map(\.0))
    for k in s.other.keys.sorted() where !emitted.contains(k) {
      guard let v = s.other[k] else { continue }
      if k == "tts:extent" || k == "tts:origin", !placeable(v, flavor) {
        dropped.append("\(k) \(v) (units \(flavor.rawValue) does not allow)")
      } else if k == "tts:padding", flavor == .ebuttd, !TTMLValueRules.words(v).allSatisfy({ TTMLValueRules.length($0, units: ["%"]) }) {
        // Tech 3380 padding is in percentages only; other units depend on the region's size.
        dropped.append("\(k) \(v) (EBU-TT-D allows percentages only)")
      } else if flavor == .imsc11, k == "tts:rubyAlign", ["start", "end", "spaceBetween", "withBase"].contains(v.trimmingSpaces) {
        // IMSC 1.1 has #rubyAlign-minimal only (w3c/imsc#402).
        dropped.append("\(k) \(v) (IMSC 1.1 allows center and spaceAround)")
      } else if flavor == .imsc11, k == "tts:textEmphasis", let c = TTMLValueRules.emphasis(v), !c.isEmpty, c != "current" {
        // IMSC 1.1 has #textEmphasis-minimal only: the marks are drawn in the text's colour.
        let rest = TTMLStyleParser.words(v.replacingOccurrences(of: c, with: " ")).joined(separator: " ")
        a.append((k, rest.isEmpty ? "auto" : rest))
        dropped.append("the colour \(c) of tts:textEmphasis (IMSC 1.1 draws emphasis marks in the text's colour)")
      } else if k.hasPrefix("tts:") || k.hasPrefix("itts:") || k.hasPrefix("ebutts:") || k == "ttm:role" {
        a.append((k, v))
      } else {
        dropped.append(k)
      }
    }
    var kept: [(String, String)] = []
    for (k, v) in a {
      if unsupported(k, flavor) { dropped.append(k) } else { kept.append((k, v)) }
    }
    return (kept, dropped)
  }
}

extension String {
  var replacingQuotes: String {
    String(decoding: utf8.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
  }
}
