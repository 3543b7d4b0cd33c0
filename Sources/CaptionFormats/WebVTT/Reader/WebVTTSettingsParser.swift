import CaptionCore

/// Cue settings and region settings (WebVTT §6.5 "parse the WebVTT cue settings" and §6.3
/// "collect WebVTT region settings"), byte-level, with authoring-conformance reports.
enum WebVTTSettingsParser {
  /// One problem, at a byte offset into the parsed buffer.
  typealias Report = (_ code: String, _ severity: Severity, _ message: String, _ offset: Int) -> Void

  @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
  }

  /// A `name:value` token.
  struct Setting {
    var start: Int
    var name: Range<Int>
    var value: Range<Int>
  }

  /// Splits `p[start..<end]` on ASCII whitespace and yields each well-formed `name:value`;
  /// tokens without a colon (or with it first or last) are reported and skipped.
  static func settings(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, what: String, code: String, report: Report
  ) -> [Setting] {
    var out: [Setting] = []
    var i = start
    while i < end {
      while i < end, isWhitespace(p[i]) { i += 1 }
      guard i < end else { break }
      let tokenStart = i
      var colon = -1
      while i < end, !isWhitespace(p[i]) {
        if colon < 0, p[i] == UInt8(ascii: ":") { colon = i }
        i += 1
      }
      if colon < 0 || colon == tokenStart || colon == i - 1 {
        report(code, .error, "'\(text(p, tokenStart..<min(i, tokenStart + 40)))' is not a \(what) (name:value)", tokenStart)
        continue
      }
      out.append(Setting(start: tokenStart, name: tokenStart..<colon, value: (colon + 1)..<i))
    }
    return out
  }

  static func text(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[r]), as: UTF8.self)
  }

  static func equals(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ s: StaticString) -> Bool {
    guard r.count == s.utf8CodeUnitCount else { return false }
    let sp = s.utf8Start
    for k in 0..<r.count where p[r.lowerBound + k] != sp[k] { return false }
    return true
  }

  /// "Parse a percentage string": digits, optional `.digits`, `%`, in 0…100.
  static func percentage(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
    guard r.count >= 2, p[r.upperBound - 1] == UInt8(ascii: "%") else { return nil }
    var i = r.lowerBound
    let end = r.upperBound - 1
    var intDigits = 0
    while i < end, WebVTTTimestamp.isDigit(p[i]) { i += 1; intDigits += 1 }
    guard intDigits > 0 else { return nil }
    if i < end {
      guard p[i] == UInt8(ascii: ".") else { return nil }
      i += 1
      var frac = 0
      while i < end, WebVTTTimestamp.isDigit(p[i]) { i += 1; frac += 1 }
      guard frac > 0, i == end else { return nil }
    }
    guard let v = decimal(p, r.lowerBound..<end), v.isFinite, v >= 0, v <= 100 else { return nil }
    return v
  }

  /// The value of `digits[.digits]` (already checked), as `Double(String)` reads it. Up to 15
  /// digits the digits make an exact integer and the divisor an exact power of ten, and one
  /// correctly rounded division gives the correctly rounded value, as the string parse does;
  /// longer numbers go through the string parse.
  static func decimal(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
    guard r.count <= 16 else { return Double(text(p, r)) }
    var mantissa: Int64 = 0, digits = 0, fraction = -1
    for k in r {
      if p[k] == UInt8(ascii: ".") {
        fraction = 0
        continue
      }
      mantissa = mantissa * 10 + Int64(p[k] &- 0x30)
      digits += 1
      if fraction >= 0 { fraction += 1 }
    }
    guard digits <= 15 else { return Double(text(p, r)) }
    return Double(mantissa) / powersOfTen[max(fraction, 0)]
  }

  private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

  static let cueSettingNames: [StaticString] = ["region", "vertical", "line", "position", "size", "align"]

  /// Parses the settings after the end timestamp into `settings` (WebVTT §6.5).
  ///
  /// - Parameter regions: the regions defined so far, by identifier.
  static func parseCueSettings(
    _ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, regions: Set<String>,
    into s: inout CueSettings, report: Report
  ) {
    var seen: UInt8 = 0
    var regionIgnoredBy: String? = nil
    var regionOffset = 0
    for st in settings(p, start, end, what: "cue setting", code: "webvtt.setting.malformed", report: report) {
      let value = st.value
      // Match the name on bytes: no String per setting on the hot path.
      var known = -1
      for k in 0..<cueSettingNames.count where equals(p, st.name, cueSettingNames[k]) {
        known = k
        break
      }
      // The name and value as text only for a message: most settings have none to give.
      let name = { text(p, st.name) }
      let valueText = { text(p, value.lowerBound..<min(value.upperBound, value.lowerBound + 40)) }
      func invalid(_ expected: String) {
        report("webvtt.setting.invalid-value", .error, "'\(name()):\(valueText())' is invalid (\(expected)); the setting is ignored", st.start)
      }
      if known >= 0 {
        let bit: UInt8 = 1 << UInt8(known)
        if seen & bit != 0 {
          report("webvtt.setting.duplicate", .error, "the '\(name())' setting is given more than once; the last one wins", st.start)
        }
        seen |= bit
      }
      // `cueSettingNames`' order.
      switch known {
      case 0:  // region
        // Region ids had U+0000 replaced like all text (WebVTT §6.1 step 1); so does this value.
        let id = p[value].contains(0) ? String(String.UnicodeScalarView(text(p, value).unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })) : text(p, value)
        if regions.contains(id) {
          s.region = id
          regionOffset = st.start
        } else {
          s.region = nil
          report("webvtt.setting.region-undefined", .error, "region '\(id.prefix(40))' is not defined in a REGION block before the cues", st.start)
        }
      case 1:  // vertical
        if equals(p, value, "rl") {
          s.vertical = .verticalGrowingLeft
        } else if equals(p, value, "lr") {
          s.vertical = .verticalGrowingRight
        } else {
          invalid("expected rl or lr")
        }
        if s.vertical != .horizontal, s.region != nil {
          s.region = nil
          regionIgnoredBy = "vertical"
        }
      case 2:  // line
        var linepos = value
        var linealign: Range<Int>? = nil
        if let comma = p[value].firstIndex(of: UInt8(ascii: ",")) {
          linepos = value.lowerBound..<comma
          linealign = (comma + 1)..<value.upperBound
        }
        guard p[linepos].contains(where: { WebVTTTimestamp.isDigit($0) }) else { invalid("expected a number or a percentage"); continue }
        var number: Double
        let percent = p[linepos.upperBound - 1] == UInt8(ascii: "%")
        if percent {
          guard let v = percentage(p, linepos) else { invalid("expected a percentage from 0% to 100%"); continue }
          number = v
        } else {
          guard let v = lineNumber(p, linepos) else { invalid("expected an integer line number"); continue }
          number = v
          if p[linepos].contains(UInt8(ascii: ".")) {
            report("webvtt.setting.invalid-value", .error, "line number '\(text(p, linepos).prefix(40))' is not an integer (accepted by parsers)", st.start)
          }
        }
        // Without an alignment the line alignment stays as it was (an earlier `line:`).
        var align = s.lineAlign
        if let la = linealign {
          if equals(p, la, "start") { align = .start } else if equals(p, la, "center") { align = .center } else if equals(p, la, "end") {
            align = .end
          } else {
            invalid("expected start, center or end after the comma" + (equals(p, la, "middle") ? "; 'middle' is an early draft's name for 'center'" : ""))
            continue
          }
        }
        if number == 0 { number = 0 }  // no negative zero
        s.line = .value(number)
        s.lineAlign = align
        s.snapToLines = !percent
        if s.region != nil {
          s.region = nil
          regionIgnoredBy = "line"
        }
      case 3:  // position
        var colpos = value
        var colalign: Range<Int>? = nil
        if let comma = p[value].firstIndex(of: UInt8(ascii: ",")) {
          colpos = value.lowerBound..<comma
          colalign = (comma + 1)..<value.upperBound
        }
        guard let number = percentage(p, colpos) else { invalid("expected a percentage from 0% to 100%"); continue }
        var align = s.positionAlign
        if let ca = colalign {
          if equals(p, ca, "line-left") { align = .lineLeft } else if equals(p, ca, "center") { align = .center } else if equals(p, ca, "line-right") {
            align = .lineRight
          } else {
            // `middle` is what early drafts called `center` (many files still carry it).
            invalid("expected line-left, center or line-right after the comma" + (equals(p, ca, "middle") ? "; 'middle' is an early draft's name for 'center'" : ""))
            continue
          }
        }
        s.position = number
        s.positionAlign = align
      case 4:  // size
        guard let number = percentage(p, value) else { invalid("expected a percentage from 0% to 100%"); continue }
        s.size = number
        if number != 100, s.region != nil {
          s.region = nil
          regionIgnoredBy = "size"
        }
      case 5:  // align
        if equals(p, value, "start") { s.align = .start } else if equals(p, value, "center") { s.align = .center } else if equals(p, value, "end") {
          s.align = .end
        } else if equals(p, value, "left") { s.align = .left } else if equals(p, value, "right") { s.align = .right } else {
          invalid("expected start, center, end, left or right" + (equals(p, value, "middle") ? "; 'middle' is an early draft's name for 'center'" : ""))
        }
      default:
        report("webvtt.setting.unknown", .error, "unknown cue setting '\(name().prefix(40))'; it is ignored", st.start)
      }
    }
    if let by = regionIgnoredBy {
      report("webvtt.setting.region-ignored", .warning, "the cue's '\(by)' setting takes it out of its region", regionOffset)
    }
  }

  /// A line number: optional leading `-`, digits, at most one `.` between digits; parsed with
  /// the HTML rules for floating-point numbers (overflow is an error).
  static func lineNumber(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
    var dots = 0
    for k in r {
      let c = p[k]
      if c == UInt8(ascii: "-") { if k != r.lowerBound { return nil } } else if c == UInt8(ascii: ".") {
        dots += 1
        if dots > 1 || k == r.lowerBound || k == r.upperBound - 1 { return nil }
        if !WebVTTTimestamp.isDigit(p[k - 1]) || !WebVTTTimestamp.isDigit(p[k + 1]) { return nil }
      } else if !WebVTTTimestamp.isDigit(c) {
        return nil
      }
    }
    guard let v = Double(text(p, r)), v.isFinite else { return nil }
    return v
  }

  /// Collects region settings from a REGION block's text (WebVTT §6.3).
  static func parseRegionSettings(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into region: inout Region, report: Report) {
    var seen: Set<String> = []
    var hasID = false
    for st in settings(p, start, end, what: "region setting", code: "webvtt.region.malformed-setting", report: report) {
      let name = text(p, st.name)
      let value = st.value
      func invalid(_ expected: String) {
        report("webvtt.region.invalid-value", .error, "'\(name):\(text(p, value.lowerBound..<min(value.upperBound, value.lowerBound + 40)))' is invalid (\(expected)); the setting is ignored", st.start)
      }
      let known = ["id", "width", "lines", "regionanchor", "viewportanchor", "scroll"].contains(name)
      if known {
        if seen.contains(name) {
          report("webvtt.region.duplicate-setting", .error, "the region setting '\(name)' is given more than once; the last one wins", st.start)
        }
        seen.insert(name)
      }
      switch name {
      case "id":
        region.id = text(p, value)
        hasID = true
        if p[value].contains(UInt8(ascii: ">")), text(p, value).containsUTF8("-->") {
          report("webvtt.region.invalid-value", .error, "a region identifier must not contain '-->'", st.start)
        }
      case "width":
        if let v = percentage(p, value) { region.width = v } else { invalid("expected a percentage from 0% to 100%") }
      case "lines":
        guard p[value].allSatisfy({ WebVTTTimestamp.isDigit($0) }) else { invalid("expected a whole number"); continue }
        // The nearest double, as a browser's number (correctly rounded by the decimal parser;
        // leading zeros dropped first, so a long run of them does not matter).
        var first = value.lowerBound
        while first < value.upperBound - 1 && p[first] == 0x30 { first += 1 }
        let digits = value.upperBound - first
        let n = digits > 400 ? Double.infinity : (Double(text(p, first..<value.upperBound)) ?? .infinity)
        region.lines = min(n, .greatestFiniteMagnitude)
      case "regionanchor", "viewportanchor":
        guard let comma = p[value].firstIndex(of: UInt8(ascii: ",")),
          let x = percentage(p, value.lowerBound..<comma), let y = percentage(p, (comma + 1)..<value.upperBound)
        else { invalid("expected two percentages, x%,y%"); continue }
        if name == "regionanchor" {
          region.regionAnchor = Region.Anchor(x: x, y: y)
        } else {
          region.viewportAnchor = Region.Anchor(x: x, y: y)
        }
      case "scroll":
        if equals(p, value, "up") { region.scroll = .up } else { invalid("expected up") }
      default:
        report("webvtt.region.unknown-setting", .error, "unknown region setting '\(name.prefix(40))'; it is ignored", st.start)
      }
    }
    if !hasID {
      report("webvtt.region.missing-id", .error, "the region has no id setting, so no cue can use it", start)
    }
  }
}
