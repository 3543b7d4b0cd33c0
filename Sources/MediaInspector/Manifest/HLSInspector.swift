import CaptionCore
import Foundation

/// Inspects an HLS master playlist: every EXT-X-MEDIA SUBTITLES and CLOSED-CAPTIONS rendition
/// and every EXT-X-STREAM-INF reference (RFC 8216 §4.3.4.1–4.3.4.2, with Apple's authoring
/// rules as the reference doc restates them), plus the local subtitle media playlists and their
/// WebVTT segments (RFC 8216 §3.5). Applies the HLS-0xx rules and sets verdicts.
///
/// Nothing is fetched from the network, and no path outside the playlist's folder is read
/// unless `InspectOptions.allowOutsideManifestFolder` is set; both are reported instead.
struct HLSInspector {
  var options: InspectOptions

  static let sdhUTIs = TrackReport.sdhCharacteristics

  /// The most renditions (EXT-X-MEDIA) and variants (EXT-X-STREAM-INF) read from a master
  /// playlist; past them the rest are counted, `media.hls.too-many-entries` (as DASH lists at
  /// most `DASHInspector.maxTracks` tracks). 120,000 renditions made 400 MB of JSON and 2 GB.
  static let maxRenditions = 1024
  static let maxVariants = 1024

  func inspect(path: String, file: BoundedFile, into report: inout MediaReport) {
    let bytes = file.read(at: 0, count: options.maxManifestSize)
    var hls = HLSReport()
    var d: [Diagnostic] = []
    if file.size > UInt64(options.maxManifestSize) {
      d.append(
        diag(
          "media.hls.too-large", .warning,
          "the playlist is \(file.size) bytes, over the limit of \(options.maxManifestSize) bytes; the rest is ignored (raise it with --max-manifest-size)",
          line: nil))
    }
    let text = String(decoding: bytes, as: UTF8.self)
    var lineNo = 0
    var pendingVariant: HLSVariant?
    var sawExtinf = false
    var skipped = (renditions: 0, variants: 0)
    for raw in Self.lines(text) {
      lineNo += 1
      var line = raw
      if lineNo == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
      if line.hasPrefix("#EXT-X-MEDIA:") {
        guard hls.renditions.count < Self.maxRenditions else {
          skipped.renditions += 1
          continue
        }
        var r = HLSRendition(line: lineNo)
        let attributes = HLSAttributeList.parse(line.dropFirst("#EXT-X-MEDIA:".count))
        for a in attributes {
          r.attributes[a.name] = a.value
          switch a.name {
          case "TYPE": r.type = a.value
          case "GROUP-ID": r.groupID = a.value
          case "NAME": r.name = a.value
          case "LANGUAGE": r.language = a.value
          case "ASSOC-LANGUAGE": r.assocLanguage = a.value
          case "DEFAULT": r.defaultValue = a.value
          case "AUTOSELECT": r.autoselect = a.value
          case "FORCED": r.forced = a.value
          case "INSTREAM-ID": r.instreamID = a.value
          case "CHARACTERISTICS": r.characteristics = a.value.split(separator: ",").map { String($0).trimmingSpaces }
          case "URI": r.uri = a.value
          default: break
          }
        }
        let what = "\(r.type ?? "EXT-X-MEDIA") rendition '\(r.name ?? "?")'"
        for problem in Self.syntaxProblems(attributes, enumerated: Self.mediaEnumerated, quoted: Self.mediaQuoted, section: "4.3.4.1") {
          d.append(rule("HLS-017", .error, "\(what): \(problem)", line: lineNo))
        }
        hls.renditions.append(r)
      } else if line.hasPrefix("#EXT-X-STREAM-INF:") {
        guard hls.variants.count < Self.maxVariants else {
          skipped.variants += 1
          pendingVariant = nil
          continue
        }
        var v = HLSVariant(line: lineNo)
        let attributes = HLSAttributeList.parse(line.dropFirst("#EXT-X-STREAM-INF:".count))
        for a in attributes {
          v.attributes[a.name] = a.value
          switch a.name {
          case "BANDWIDTH": v.bandwidth = Int(a.value)
          case "CODECS": v.codecs = a.value.split(separator: ",").map { String($0).trimmingSpaces }
          case "AUDIO": v.audio = a.value
          case "SUBTITLES": v.subtitles = a.value
          case "CLOSED-CAPTIONS":
            // Only the unquoted enumerated-string NONE means "no captions"; "NONE" names a group.
            v.closedCaptions = a.value
            v.closedCaptionsNone = !a.quoted && a.value == "NONE"
          default: break
          }
        }
        for problem in Self.syntaxProblems(attributes, enumerated: [:], quoted: ["SUBTITLES"], section: "4.3.4.2") {
          d.append(rule("HLS-017", .error, "EXT-X-STREAM-INF: \(problem)", line: lineNo))
        }
        if let cc = attributes.last(where: { $0.name == "CLOSED-CAPTIONS" }), !cc.quoted, cc.value != "NONE" {
          d.append(
            rule(
              "HLS-017", .error,
              "EXT-X-STREAM-INF: CLOSED-CAPTIONS=\(cc.value) must be a quoted GROUP-ID (CLOSED-CAPTIONS=\"\(cc.value)\") or the unquoted NONE (RFC 8216 §4.3.4.2)",
              line: lineNo))
        }
        pendingVariant = v
      } else if line.hasPrefix("#EXTINF") {
        sawExtinf = true
      } else if !line.isEmpty, !line.hasPrefix("#"), var v = pendingVariant {
        v.uri = String(line).trimmingSpaces
        hls.variants.append(v)
        pendingVariant = nil
      }
    }
    if skipped.renditions > 0 || skipped.variants > 0 {
      let what = [
        skipped.renditions > 0 ? "\(hls.renditions.count + skipped.renditions) EXT-X-MEDIA renditions" : nil,
        skipped.variants > 0 ? "\(hls.variants.count + skipped.variants) EXT-X-STREAM-INF variants" : nil,
      ].compactMap { $0 }.joined(separator: " and ")
      d.append(
        diag(
          "media.hls.too-many-entries", .warning,
          "the playlist has \(what); only the first \(Self.maxRenditions) of each are checked and listed (no real package has that many)",
          line: nil))
    }
    // HLS-016: every URI the master names must work when the package is moved or served.
    let root = ManifestReference.directory(of: path)
    for r in hls.renditions {
      if let u = r.uri { d += portability(u, in: path, root: root, what: "\(r.type ?? "EXT-X-MEDIA") rendition '\(r.name ?? "?")' URI", line: r.line) }
    }
    for v in hls.variants {
      if let u = v.uri { d += portability(u, in: path, root: root, what: "variant playlist", line: v.line) }
    }
    if hls.variants.isEmpty && hls.renditions.isEmpty {
      d.append(diag("media.hls.not-master", .info, sawExtinf ? "a media playlist, not a master playlist: inspect its master playlist" : "no EXT-X-STREAM-INF or EXT-X-MEDIA tags", line: nil))
    }
    // Subtitle media playlists.
    var checkedURIs = Set<String>()
    // One playlist named by several URIs (`s.m3u8?a`, `s.m3u8?b`) is read and checked once:
    // 200 such renditions of a 1,000-segment playlist took 20 s.
    var checkedFiles: [String: HLSSubtitlePlaylist] = [:]
    for r in hls.renditions where r.type == "SUBTITLES" {
      guard let uri = r.uri, !checkedURIs.contains(uri) else { continue }
      checkedURIs.insert(uri)
      let file: String? =
        if case .local(let local) = ManifestReference.resolve(uri, relativeTo: path, root: root, allowOutside: options.allowOutsideManifestFolder) { local } else { nil }
      if let file, var same = checkedFiles[file] {
        same.uri = uri
        hls.subtitlePlaylists.append(same)
        continue
      }
      let checked = checkPlaylist(uri, master: path, root: root, line: r.line, diagnostics: &d)
      if let file { checkedFiles[file] = checked }
      hls.subtitlePlaylists.append(checked)
    }
    let lookup = HLSLookup(hls)
    d += rules(hls, lookup)
    if options.scanClosedCaptions {
      let (scans, found) = checkClosedCaptions(hls, master: path)
      report.closedCaptions = scans
      d += found
    }
    report.hls = hls
    report.tracks = tracks(hls, lookup)
    for i in report.tracks.indices {
      report.tracks[i].verdicts = PlayerFamily.allCases.map { verdict(report.tracks[i], lookup, $0) }
    }
    report.diagnostics += d
  }

  private func diag(_ code: String, _ sev: Severity, _ message: String, line: Int?) -> Diagnostic {
    Diagnostic(code: code, severity: sev, message: message, location: line.map { SourceLocation(line: $0, column: 1) })
  }

  private func rule(_ id: String, _ sev: Severity, _ message: String, line: Int?) -> Diagnostic {
    var x = RuleFinding.make(id, sev, message)
    x.location = line.map { SourceLocation(line: $0, column: 1) }
    return x
  }

  /// The lines of a playlist. RFC 8216 §4.1 ends lines with LF or CR LF; Swift reads CR LF as one
  /// `Character`, so splitting on "\n" alone would see a CRLF playlist as a single line.
  static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  /// EXT-X-MEDIA attributes whose values are enumerated-strings, written without quotes, with
  /// the values RFC 8216 §4.3.4.1 allows (exactly, case-sensitive).
  static let mediaEnumerated: [String: [String]] = [
    "TYPE": ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"], "DEFAULT": ["YES", "NO"], "AUTOSELECT": ["YES", "NO"], "FORCED": ["YES", "NO"],
  ]
  /// EXT-X-MEDIA attributes whose values are quoted-strings (RFC 8216 §4.3.4.1).
  static let mediaQuoted: Set<String> = ["GROUP-ID", "NAME", "LANGUAGE", "ASSOC-LANGUAGE", "URI", "INSTREAM-ID", "CHARACTERISTICS"]

  /// HLS-017: attribute values of the wrong type (RFC 8216 §4.2): a quoted enumerated-string or
  /// one outside its values, an unquoted quoted-string. Players such as ExoPlayer reject these,
  /// and `DEFAULT=yes` would otherwise silently mean "not default".
  static func syntaxProblems(
    _ attributes: [(name: String, value: String, quoted: Bool)], enumerated: [String: [String]], quoted: Set<String>, section: String
  ) -> [String] {
    var out: [String] = []
    for a in attributes {
      let written = a.quoted ? "\(a.name)=\"\(a.value)\"" : "\(a.name)=\(a.value)"
      if let allowed = enumerated[a.name], a.quoted || !allowed.contains(a.value) {
        let list = allowed.count > 1 ? allowed.dropLast().joined(separator: ", ") + " or " + allowed.last! : allowed.joined()
        out.append("\(written) must be \(list) exactly, without quotes (an enumerated-string, RFC 8216 §\(section))")
      } else if quoted.contains(a.name), !a.quoted {
        out.append("\(written) must be a quoted-string: \(a.name)=\"\(a.value)\" (RFC 8216 §\(section))")
      }
    }
    return out
  }

  /// RFC 8216 §4.3.4.1 INSTREAM-ID: `CC1`…`CC4`, or `SERVICEn` with n from 1 to 63 in decimal
  /// digits (no sign, no leading zero).
  static func isValidInstreamID(_ id: String) -> Bool {
    if ["CC1", "CC2", "CC3", "CC4"].contains(id) { return true }
    guard id.hasPrefix("SERVICE") else { return false }
    let n = id.dropFirst("SERVICE".count)
    guard let first = n.first, first != "0", n.count <= 2, n.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(n) else { return false }
    return (1...63).contains(v)
  }

  /// Whether `text` is a media playlist: `#EXTM3U` on the first line (RFC 8216 §4.3.1.1) and a
  /// tag only media playlists have (`#EXTINF`, `#EXT-X-TARGETDURATION`, §4.3.2–4.3.3).
  static func isMediaPlaylist(_ text: String) -> Bool {
    let lines = Self.lines(text)
    guard var first = lines.first else { return false }
    if first.hasPrefix("\u{FEFF}") { first = first.dropFirst() }
    guard String(first).trimmingSpaces == "#EXTM3U" else { return false }
    return lines.contains { $0.hasPrefix("#EXTINF:") || $0.hasPrefix("#EXT-X-TARGETDURATION:") }
  }

  /// Whether a WebVTT file starts with its signature: an optional BOM, `WEBVTT`, then a space,
  /// tab, CR, LF or the end of the file (WebVTT §4.1), so `WEBVTTX` is not one.
  static func hasWebVTTSignature(_ head: [UInt8]) -> Bool {
    var b = head[...]
    if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
    guard b.starts(with: Array("WEBVTT".utf8)) else { return false }
    b = b.dropFirst(6)
    guard let next = b.first else { return true }
    return next == 0x20 || next == 0x09 || next == 0x0D || next == 0x0A
  }

  /// HLS-016 for a URI that is an absolute path, a `file:` URL or a `..` escape from the
  /// package folder: players resolve URIs against the playlist's URL, so such a package breaks
  /// once it is moved or served over HTTP. Nothing outside the package is read either way.
  private func portability(_ uri: String, in file: String, root: String, what: String, line: Int?) -> [Diagnostic] {
    guard let why = ManifestReference.nonPortableReason(uri, relativeTo: file, root: root) else { return [] }
    let read = ManifestReference.resolve(uri, relativeTo: file, root: root, allowOutside: options.allowOutsideManifestFolder) == .outside
      ? "; it was not read (outside the package folder)" : ""
    return [rule("HLS-016", .warning, "\(what) '\(uri)' is \(why), which breaks when the package is moved or served over HTTP\(read)", line: line)]
  }

  // MARK: - Subtitle playlists and segments

  private func checkPlaylist(_ uri: String, master: String, root: String, line: Int, diagnostics d: inout [Diagnostic]) -> HLSSubtitlePlaylist {
    var p = HLSSubtitlePlaylist(uri: uri)
    let allow = options.allowOutsideManifestFolder
    switch ManifestReference.resolve(uri, relativeTo: master, root: root, allowOutside: allow) {
    case .remote:
      p.skippedReason = "remote URL not fetched"
      d.append(diag("media.hls.remote-uri", .info, "'\(uri)' is a URL; it was not fetched", line: line))
    case .outside:
      p.skippedReason = "outside the manifest folder"
      d.append(diag("media.hls.outside-folder", .warning, "'\(uri)' points outside the playlist's folder; it was not read", line: line))
    case .local(let local):
      guard let f = BoundedFile(path: local), f.size > 0 else {
        p.skippedReason = "missing"
        d.append(rule("HLS-002", .error, "subtitle playlist '\(uri)' does not exist or is empty", line: line))
        return p
      }
      p.checked = true
      if f.size > UInt64(options.maxManifestSize) {
        d.append(
          diag(
            "media.hls.playlist-too-large", .warning,
            "subtitle playlist '\(uri)' is \(f.size) bytes, over the limit of \(options.maxManifestSize) bytes; only its start was read (raise it with --max-manifest-size)",
            line: line))
      }
      let text = String(decoding: f.read(at: 0, count: options.maxManifestSize), as: UTF8.self)
      // A WebVTT file or a master playlist named as the rendition's URI has no segments to check
      // (its lines are not URIs); HLS-015 reports it.
      p.isMediaPlaylist = Self.isMediaPlaylist(text)
      guard p.isMediaPlaylist == true else { return p }
      // Every segment is counted; only the first `maxSegmentsChecked` are kept and opened.
      var segments: [String] = []
      let playlistIsInside = ManifestReference.nonPortableReason("x", relativeTo: local, root: root) == nil
      var nonPortable: [String] = []
      var nonPortableCount = 0
      for l in Self.lines(text) where !l.isEmpty {
        let s = String(l).trimmingSpaces
        var ref: String?
        if s.hasPrefix("#EXT-X-MAP:") {
          ref = HLSAttributeList.parse(Substring(s).dropFirst("#EXT-X-MAP:".count)).first { $0.name == "URI" }?.value
          if p.mapURI == nil { p.mapURI = ref }
        } else if !s.isEmpty && !s.hasPrefix("#") {
          ref = s
          p.segmentCount += 1
          if segments.count < options.maxSegmentsChecked { segments.append(s) }
        }
        // A plain relative reference stays where the playlist is: decided once, not with URL
        // normalisations per segment (a million segment lines took 23 s).
        if let ref, ManifestReference.isPlainRelative(ref) ? !playlistIsInside : ManifestReference.nonPortableReason(ref, relativeTo: local, root: root) != nil {
          nonPortableCount += 1
          if nonPortable.count < 3 { nonPortable.append(ref) }
        }
      }
      if nonPortableCount > 0 {
        let more = nonPortableCount > nonPortable.count ? " and \(nonPortableCount - nonPortable.count) more" : ""
        d.append(
          rule(
            "HLS-016", .warning,
            "subtitle playlist '\(uri)' names \(nonPortableCount) segment URI(s) that are absolute paths, file: URLs or leave the package folder: \(nonPortable.joined(separator: ", "))\(more); they break when the package is moved or served over HTTP, and those outside the package were not read",
            line: line))
      }
      if p.segmentCount > segments.count {
        d.append(
          diag(
            "media.hls.too-many-segments", .info,
            "only the first \(segments.count) of the \(p.segmentCount) segments of '\(uri)' were checked (raise the limit with --max-segments)",
            line: line))
      }
      if let map = p.mapURI, case .local(let mp) = ManifestReference.resolve(map, relativeTo: local, root: root, allowOutside: allow),
        let mf = BoundedFile(path: mp)
      {
        p.sampleEntry = Self.textSampleEntry(mf.read(at: 0, count: 1 << 16))
      }
      for seg in segments {
        guard case .local(let sp) = ManifestReference.resolve(seg, relativeTo: local, root: root, allowOutside: allow) else {
          continue
        }
        guard let sf = BoundedFile(path: sp), sf.size > 0 else {
          p.segmentsMissing.append(seg)
          continue
        }
        // The extension of the path, not of the URI: `e.vtt?token=1` is a .vtt segment.
        let ext = PathText.pathExtension(ManifestReference.pathPart(seg)).lowercased()
        guard ext == "vtt" || ext == "webvtt" else { continue }
        var head = sf.read(at: 0, count: 4096)
        if !Self.hasWebVTTSignature(head) { p.segmentsWithoutWebVTTHeader.append(seg) }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        // The header ends at the first blank line; X-TIMESTAMP-MAP must be in it.
        let headText = String(decoding: head, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let header = headText.components(separatedBy: "\n\n").first ?? ""
        if !header.containsUTF8("X-TIMESTAMP-MAP=") { p.segmentsWithoutTimestampMap.append(seg) }
      }
      if !p.segmentsMissing.isEmpty {
        d.append(rule("HLS-013", .error, "\(p.segmentsMissing.count) segment(s) of '\(uri)' are missing: \(Self.firstThree(p.segmentsMissing))", line: line))
      }
      if !p.segmentsWithoutWebVTTHeader.isEmpty {
        d.append(rule("HLS-013", .warning, "\(p.segmentsWithoutWebVTTHeader.count) WebVTT segment(s) of '\(uri)' do not start with WEBVTT: \(Self.firstThree(p.segmentsWithoutWebVTTHeader))", line: line))
      }
      if !p.segmentsWithoutTimestampMap.isEmpty {
        d.append(rule("HLS-013", .warning, "\(p.segmentsWithoutTimestampMap.count) WebVTT segment(s) of '\(uri)' have no X-TIMESTAMP-MAP; clients assume cue time 0 is MPEG-2 time 0", line: line))
      }
    }
    return p
  }

  /// The first text sample entry fourcc (`stpp`, `wvtt`) in the first 64 KiB of an fMP4 init
  /// segment: a byte search for the entry's type preceded by a plausible box size.
  static func textSampleEntry(_ b: [UInt8]) -> String? {
    b.withUnsafeBufferPointer { p -> String? in
      var i = 4
      while i + 4 <= p.count {
        // "stpp" or "wvtt"
        let isStpp = p[i] == 0x73 && p[i + 1] == 0x74 && p[i + 2] == 0x70 && p[i + 3] == 0x70
        let isWvtt = p[i] == 0x77 && p[i + 1] == 0x76 && p[i + 2] == 0x74 && p[i + 3] == 0x74
        if isStpp || isWvtt {
          let size = Int(p[i - 4]) << 24 | Int(p[i - 3]) << 16 | Int(p[i - 2]) << 8 | Int(p[i - 1])
          if size >= 16 && i - 4 + size <= p.count { return isStpp ? "stpp" : "wvtt" }
        }
        i += 1
      }
      return nil
    }
  }

  // MARK: - HLS-012: declared closed captions against the first video segment

  /// Decodes the first segment of the first variant (when it is local) for embedded captions
  /// and compares the CEA-608 channels found with the INSTREAM-IDs the variant declares.
  func checkClosedCaptions(_ hls: HLSReport, master: String) -> ([ClosedCaptionScan], [Diagnostic]) {
    let root = ManifestReference.directory(of: master)
    guard let variant = hls.variants.first, let uri = variant.uri,
      case .local(let playlist) = ManifestReference.resolve(uri, relativeTo: master, root: root, allowOutside: options.allowOutsideManifestFolder),
      let pf = BoundedFile(path: playlist), pf.size > 0
    else { return ([], []) }
    let text = String(decoding: pf.read(at: 0, count: options.maxManifestSize), as: UTF8.self)
    guard let first = Self.lines(text).lazy.map({ String($0).trimmingSpaces }).first(where: { !$0.isEmpty && !$0.hasPrefix("#") }),
      case .local(let segment) = ManifestReference.resolve(first, relativeTo: playlist, root: root, allowOutside: options.allowOutsideManifestFolder),
      let sf = BoundedFile(path: segment), sf.size > 0
    else { return ([], []) }
    // A "segment" that is itself a playlist (a loop back to this one, or a nested manifest) is not
    // media: inspecting it would recurse without end.
    let segHead = sf.read(at: 0, count: 1024)
    let segExt = PathText.pathExtension(segment).lowercased()
    if ManifestSniffer.isHLS(segHead, ext: segExt) || ManifestSniffer.isDASH(segHead, ext: segExt) { return ([], []) }
    var o = options
    o.countCues = false
    // Media only: whatever its bytes look like, the segment is never taken for a manifest.
    o.mediaOnly = true
    // An fMP4 media segment cannot be read without its initialisation segment (EXT-X-MAP before
    // it): the two are inspected joined, as a player would feed them.
    var path = segment
    var joined: String?
    defer { if let joined { try? FileManager.default.removeItem(atPath: joined) } }
    let beforeFirst = Self.lines(text).prefix { String($0).trimmingSpaces != first }
    if let map = beforeFirst.last(where: { $0.hasPrefix("#EXT-X-MAP:") }),
      let mapURI = HLSAttributeList.parse(map.dropFirst("#EXT-X-MAP:".count)).first(where: { $0.name == "URI" })?.value,
      case .local(let initPath) = ManifestReference.resolve(mapURI, relativeTo: playlist, root: root, allowOutside: options.allowOutsideManifestFolder),
      let inf = BoundedFile(path: initPath), inf.size > 0
    {
      // An "init segment" that is a playlist is no media either (and joined with the segment it
      // would be inspected as a manifest in the temporary folder, again and again).
      let initHead = inf.read(at: 0, count: 1024)
      let initExt = PathText.pathExtension(initPath).lowercased()
      if ManifestSniffer.isHLS(initHead, ext: initExt) || ManifestSniffer.isDASH(initHead, ext: initExt) { return ([], []) }
      let bytes = inf.read(at: 0, count: inf.maxRead) + sf.read(at: 0, count: sf.maxRead)
      let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-hls-\(UUID().uuidString).mp4").path
      if FileManager.default.createFile(atPath: tmp, contents: Data(bytes)) {
        joined = tmp
        path = tmp
      }
    }
    let seg = MediaInspector.inspect(path: path, options: o)
    guard seg.error == nil else {
      // The joined file's temporary name would make the message differ from run to run.
      let why = joined.map { (seg.error ?? "").replacingOccurrences(of: $0, with: first) } ?? (seg.error ?? "")
      return ([], [rule("HLS-012", .info, "the first segment of \(uri) (\(first)) could not be read to check the declared captions: \(why)", line: variant.line)])
    }
    let found = Set(seg.closedCaptions.flatMap(\.channels608) + seg.closedCaptions.flatMap { $0.services708.map { "SERVICE\($0)" } })
    let declared = Set(
      hls.renditions.filter { $0.type == "CLOSED-CAPTIONS" && $0.groupID != nil && $0.groupID == variant.closedCaptionGroup }.compactMap(\.instreamID))
    var d: [Diagnostic] = []
    let where_ = "the first segment of \(uri) (\(first))"
    for id in declared.subtracting(found).sorted() {
      d.append(rule("HLS-012", .warning, "INSTREAM-ID \(id) is declared but no \(id) data was found in \(where_)", line: variant.line))
    }
    let none = variant.closedCaptionsNone ? "; the variant says CLOSED-CAPTIONS=NONE, so players do not offer them" : ""
    for id in found.subtracting(declared).sorted() {
      d.append(rule("HLS-012", .warning, "\(id) captions were found in \(where_) but are not declared by a CLOSED-CAPTIONS rendition\(none)", line: variant.line))
    }
    return (seg.closedCaptions, d)
  }

  // MARK: - Rules

  func rules(_ hls: HLSReport, _ lookup: HLSLookup) -> [Diagnostic] {
    var d: [Diagnostic] = []
    let subs = hls.renditions.filter { $0.type == "SUBTITLES" }
    let ccs = hls.renditions.filter { $0.type == "CLOSED-CAPTIONS" }
    let subGroups = Set(subs.compactMap(\.groupID))
    let ccGroups = Set(ccs.compactMap(\.groupID))
    for v in hls.variants {
      if let g = v.subtitles, !subGroups.contains(g) {
        d.append(rule("HLS-001", .error, "EXT-X-STREAM-INF names SUBTITLES group '\(g)', which has no SUBTITLES rendition", line: v.line))
      } else if v.subtitles == nil && !subs.isEmpty && !Self.isAudioOnly(v) {
        d.append(rule("HLS-001", .error, "EXT-X-STREAM-INF has no SUBTITLES attribute, so this variant offers no subtitles", line: v.line))
      }
      if let c = v.closedCaptionGroup, !ccGroups.contains(c) {
        let hint = c == "NONE" ? " (\"NONE\" in quotes is a GROUP-ID; CLOSED-CAPTIONS=NONE without quotes means no captions)" : ""
        d.append(rule("HLS-010", .error, "EXT-X-STREAM-INF names CLOSED-CAPTIONS group '\(c)', which has no CLOSED-CAPTIONS rendition\(hint)", line: v.line))
      }
    }
    // NAME is unique within a Group of Renditions: same GROUP-ID and same TYPE (§4.3.4.1.1).
    var seenNames: [HLSLookup.Group: Set<String>] = [:]
    for r in hls.renditions {
      let what = "\(r.type ?? "EXT-X-MEDIA") rendition '\(r.name ?? "?")'"
      if r.forced != nil && r.type != "SUBTITLES" {
        d.append(rule("HLS-008", .error, "\(what) has FORCED, which is allowed only on SUBTITLES", line: r.line))
      } else if r.isForced && !r.isAutoselect {
        // Players show forced subtitles by choosing them automatically, which AUTOSELECT=NO
        // (or its absence) forbids: RFC 8216 §4.3.4.1 AUTOSELECT; Apple's authoring spec.
        d.append(rule("HLS-008", .warning, "\(what) has FORCED=YES without AUTOSELECT=YES, so players do not choose it by themselves and its forced text is not shown", line: r.line))
      }
      // RFC 8216 §4.3.4.1: "For all other TYPE values, the INSTREAM-ID MUST NOT be specified."
      if let id = r.instreamID, r.type != "CLOSED-CAPTIONS" {
        d.append(rule("HLS-010", .error, "\(what) has INSTREAM-ID '\(id)', which only CLOSED-CAPTIONS renditions may have", line: r.line))
      }
      guard let type = r.type, type == "SUBTITLES" || type == "CLOSED-CAPTIONS" else { continue }
      if let n = r.name {
        let g = HLSLookup.Group(type: type, id: r.groupID ?? "")
        if seenNames[g, default: []].contains(n) {
          d.append(rule("HLS-003", .error, "NAME '\(n)' is used twice in \(type) group '\(g.id)'", line: r.line))
        }
        seenNames[g, default: []].insert(n)
      } else {
        d.append(rule("HLS-003", .error, "\(r.type!) rendition has no NAME", line: r.line))
      }
      if r.groupID == nil { d.append(rule("HLS-003", .error, "\(what) has no GROUP-ID", line: r.line)) }
      if let l = r.language {
        if !LanguageTag.isWellFormedBCP47(l) { d.append(rule("HLS-004", .warning, "\(what): LANGUAGE '\(l)' is not a well-formed BCP 47 tag", line: r.line)) }
      } else {
        d.append(rule("HLS-004", .warning, "\(what) has no LANGUAGE", line: r.line))
      }
      if r.isDefault && r.autoselect == "NO" {
        d.append(rule("HLS-005", .error, "\(what) has DEFAULT=YES with AUTOSELECT=NO", line: r.line))
      } else if r.isDefault && r.autoselect == nil {
        d.append(rule("HLS-005", .warning, "\(what) has DEFAULT=YES without AUTOSELECT=YES (Apple)", line: r.line))
      }
      if r.type == "SUBTITLES" {
        if r.uri == nil { d.append(rule("HLS-002", .error, "\(what) has no URI", line: r.line)) }
        let hasOne = r.characteristics.contains { HLSInspector.sdhUTIs.contains($0) }
        let hasBoth = HLSInspector.sdhUTIs.allSatisfy(r.characteristics.contains)
        let namedSDH = (r.name ?? "").uppercased().containsUTF8("SDH")
        if (hasOne || namedSDH) && !hasBoth {
          d.append(rule("HLS-009", .warning, "\(what) looks like SDH but CHARACTERISTICS lacks transcribes-spoken-dialog and describes-music-and-sound", line: r.line))
        } else if hasBoth && !r.isAutoselect {
          d.append(rule("HLS-009", .warning, "SDH \(what) should have AUTOSELECT=YES (Apple)", line: r.line))
        }
        if let u = r.uri, let why = notMediaPlaylist(u, lookup) {
          d.append(rule("HLS-015", .error, "\(what) URI '\(u)' is not a media playlist: \(why)", line: r.line))
        }
      } else {
        if let id = r.instreamID {
          if !Self.isValidInstreamID(id) { d.append(rule("HLS-010", .error, "\(what): INSTREAM-ID '\(id)' is not CC1–CC4 or SERVICE1–SERVICE63", line: r.line)) }
        } else {
          d.append(rule("HLS-010", .error, "\(what) has no INSTREAM-ID", line: r.line))
        }
        if r.uri != nil { d.append(rule("HLS-010", .error, "\(what) has a URI, which CLOSED-CAPTIONS must not have", line: r.line)) }
        if let g = r.groupID, !lookup.closedCaptionGroupsOfVariants.contains(g) {
          d.append(rule("HLS-010", .error, "CLOSED-CAPTIONS group '\(g)' is not named by any EXT-X-STREAM-INF", line: r.line))
        }
      }
    }
    // HLS-006: one DEFAULT per group; HLS-007: AUTOSELECT members must differ.
    for (g, members) in lookup.textRenditionsByGroup.sorted(by: { $0.key < $1.key }) {
      let defaults = members.filter(\.isDefault)
      if defaults.count > 1 {
        d.append(rule("HLS-006", .error, "\(g.type) group '\(g.id)' has \(defaults.count) DEFAULT=YES renditions", line: defaults[1].line))
      }
      var keys = Set<String>()
      for m in members where m.isAutoselect {
        // Language tags compare without case (RFC 5646 §2.1.1): `en` and `EN` do not differ.
        let key = [(m.language ?? "").lowercased(), (m.assocLanguage ?? "").lowercased(), m.forced ?? "NO", m.characteristics.sorted().joined(separator: ",")]
          .joined(separator: "|")
        if keys.contains(key) {
          d.append(rule("HLS-007", .warning, "AUTOSELECT rendition '\(m.name ?? "?")' in \(g.type) group '\(g.id)' does not differ from another in LANGUAGE, ASSOC-LANGUAGE, FORCED or CHARACTERISTICS", line: m.line))
        }
        keys.insert(key)
      }
    }
    // HLS-011: CLOSED-CAPTIONS=NONE on all variants or none.
    let none = hls.variants.filter(\.closedCaptionsNone)
    if !none.isEmpty && none.count != hls.variants.count {
      d.append(rule("HLS-011", .error, "CLOSED-CAPTIONS=NONE is on \(none.count) of \(hls.variants.count) variants; it must be on all or none", line: none[0].line))
    } else if ccs.isEmpty && none.isEmpty && !hls.variants.isEmpty {
      d.append(rule("HLS-011", .info, "no closed captions are declared; Apple recommends CLOSED-CAPTIONS=NONE on every EXT-X-STREAM-INF", line: nil))
    }
    // HLS-014: IMSC (fMP4) subtitle renditions need stpp in CODECS.
    let withSegments = Set(hls.subtitlePlaylists.filter { $0.segmentCount > 0 }.map(\.uri))
    let imsc = subs.filter { r in r.uri.map(withSegments.contains) == true && codec(r, lookup) == "stpp" }
    if !imsc.isEmpty, !hls.variants.contains(where: { $0.codecs.contains { $0.hasPrefix("stpp") } }) {
      d.append(rule("HLS-014", .error, "IMSC subtitle rendition '\(imsc[0].name ?? "?")' (stpp in its init segment) is not listed in any EXT-X-STREAM-INF CODECS (stpp.ttml.im1t)", line: imsc[0].line))
    }
    return d
  }

  /// Whether a variant's CODECS are all audio codecs (an audio-only variant, which has no
  /// picture to show subtitles on, so it needs no SUBTITLES group).
  static func isAudioOnly(_ v: HLSVariant) -> Bool {
    let audio = ["mp4a", "ac-3", "ec-3", "ac-4", "opus", "Opus", "fLaC", "flac", "alac", "mp3", "dtsc", "dtse", "dtsh", "dtsl", "dtsx", "mhm1", "mha1"]
    return !v.codecs.isEmpty && v.codecs.allSatisfy { c in audio.contains { c == $0 || c.hasPrefix($0 + ".") } }
  }

  /// The first three of `items`, comma-separated, with "…" after them when there are more.
  static func firstThree(_ items: [String]) -> String {
    items.prefix(3).joined(separator: ", ") + (items.count > 3 ? ", …" : "")
  }

  /// HLS-015: why a SUBTITLES URI is not a media playlist, or nil. What was read decides (RFC 8216
  /// §4 also allows `.m3u` and identification by Content-Type); a URI that was not read (remote,
  /// outside the package, missing) only by an extension other than `.m3u8`/`.m3u`.
  func notMediaPlaylist(_ uri: String, _ lookup: HLSLookup) -> String? {
    if let isPlaylist = lookup.playlist(uri)?.isMediaPlaylist {
      return isPlaylist ? nil : "it does not start with #EXTM3U or has no #EXTINF or #EXT-X-TARGETDURATION"
    }
    let path = ManifestReference.isRemote(uri) ? (URL(string: uri)?.path ?? "") : ManifestReference.pathPart(uri)
    let ext = PathText.pathExtension(path).lowercased()
    return ext.isEmpty || ext == "m3u8" || ext == "m3u" ? nil : "its extension is .\(ext), not .m3u8 or .m3u"
  }

  /// `webvtt` for WebVTT segment playlists, `stpp` when the variants declare IMSC in CODECS.
  func codec(_ r: HLSRendition, _ lookup: HLSLookup) -> String {
    if r.type == "CLOSED-CAPTIONS" { return (r.instreamID ?? "").hasPrefix("SERVICE") ? "eia_708" : "eia_608" }
    // What the init segment carries decides; CODECS is the fallback (HLS-014 checks they agree).
    let playlist = lookup.playlist(r.uri)
    if let entry = playlist?.sampleEntry { return entry }
    if HLSLookup.names(lookup.stppGroups, r.groupID) { return "stpp" }
    // `wvtt` in CODECS may name plain WebVTT segments (Apple's authoring spec allows it; Shaka
    // Packager writes it): only a playlist with an initialisation segment (fMP4) carries the
    // wvtt sample entry.
    if HLSLookup.names(lookup.wvttGroups, r.groupID), playlist?.isMediaPlaylist != true || playlist?.mapURI != nil { return "wvtt" }
    return "webvtt"
  }

  // MARK: - Tracks and verdicts

  func tracks(_ hls: HLSReport, _ lookup: HLSLookup) -> [TrackReport] {
    var out: [TrackReport] = []
    for r in lookup.textRenditions {
      var t = TrackReport(index: out.count, mediaType: r.type == "SUBTITLES" ? "subtitle" : "closed-captions", codec: codec(r, lookup))
      t.sources["codec"] = .derived
      t.groupID = r.groupID
      t.title = r.name
      if let l = r.language {
        t.languageBCP47 = l
        t.sources["languageBCP47"] = .direct
        let iso = LanguageTag.canonical(l)
        if iso.count == 3 {
          t.language = iso
          t.sources["language"] = .derived
        }
      }
      if r.isDefault { t.dispositions.append(.default) }
      if r.isForced { t.dispositions.append(.forced) }
      t.characteristics = r.characteristics
      t.instreamID = r.instreamID
      for k in ["title", "dispositions", "characteristics", "groupID"] { t.sources[k] = .direct }
      if r.instreamID != nil { t.sources["instreamID"] = .direct }
      out.append(t)
    }
    return out
  }

  func verdict(_ t: TrackReport, _ lookup: HLSLookup, _ player: PlayerFamily) -> SelectabilityVerdict {
    var reasons: [String] = []
    var ok = true
    let rendition = lookup.textRenditions[t.index]
    if t.mediaType == "subtitle" {
      if t.groupID == nil {
        ok = false
        reasons.append("no GROUP-ID, so no variant can name it (HLS-001)")
      } else if !HLSLookup.names(lookup.subtitleGroupsOfVariants, t.groupID) {
        ok = false
        reasons.append("group '\(t.groupID ?? "")' is not named by any EXT-X-STREAM-INF SUBTITLES (HLS-001)")
      }
      if rendition.uri == nil {
        ok = false
        reasons.append("no URI (HLS-002)")
      }
      if let p = lookup.playlist(rendition.uri), p.skippedReason == "missing" {
        ok = false
        reasons.append("subtitle playlist is missing (HLS-002)")
      }
    } else {
      if t.groupID == nil {
        ok = false
        reasons.append("no GROUP-ID, so no variant can name it (HLS-010)")
      } else if !HLSLookup.names(lookup.closedCaptionGroupsOfVariants, t.groupID) {
        ok = false
        reasons.append("group '\(t.groupID ?? "")' is not named by any EXT-X-STREAM-INF CLOSED-CAPTIONS (HLS-010)")
      }
      if t.instreamID == nil {
        ok = false
        reasons.append("no INSTREAM-ID (HLS-010)")
      }
    }
    // A forced rendition is shown unasked only in the audio's language (`ProgrammeAudio`), and
    // only when players may choose it by themselves (AUTOSELECT=YES).
    let auto = ok
      && ((t.isDefault && rendition.autoselect != "NO") || (rendition.isAutoselect && ProgrammeAudio.showsForced(t, audioLanguage: lookup.audioLanguage)))
    // IMSC segments that no variant declares (stpp in CODECS): hls.js and ExoPlayer pick the
    // subtitle parser by that codec and read the segments as WebVTT (HLS-014).
    if ok, t.codec == "stpp", player == .web || player == .android, !HLSLookup.names(lookup.stppGroups, t.groupID) {
      ok = false
      reasons.append("no variant lists stpp in CODECS, so \(player == .web ? "hls.js" : "ExoPlayer") reads the IMSC segments as WebVTT (HLS-014)")
    }
    switch player {
    case .apple:
      if ok && t.mediaType == "subtitle" && !["webvtt", "stpp"].contains(t.codec) {
        ok = false
        reasons.append("Apple plays WebVTT or IMSC1 subtitles only (HLS-015)")
      }
      if ok { reasons.append("rendition linked from the variants (SEL-APPLE)") }
    case .android:
      if ok { reasons.append("ExoPlayer lists linked SUBTITLES and CLOSED-CAPTIONS renditions (SEL-ANDROID)") }
    case .desktop:
      if t.mediaType == "subtitle" {
        ok = false
        reasons.append("FFmpeg's HLS demuxer (mpv) drops subtitle renditions unless strict=experimental")
      } else if ok {
        reasons.append("captions are decoded from the video")
      }
    case .web:
      if ok { reasons.append("offered by JS players (hls.js, Shaka, Safari natively) (SEL-WEB)") }
    }
    return SelectabilityVerdict(player: player, selectable: ok, autoSelected: ok ? auto : false, reasons: reasons)
  }
}
