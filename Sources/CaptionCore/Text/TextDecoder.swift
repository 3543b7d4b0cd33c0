import Foundation

/// Turns raw file bytes into UTF-8 bytes for the byte-level parsers.
///
/// Order of decisions: an explicit encoding wins; then a byte order mark (UTF-8, UTF-32 LE/BE,
/// UTF-16 LE/BE; UTF-32 LE's `FF FE 00 00` is tested before UTF-16 LE's `FF FE`);
/// then BOM-less UTF-16 recognised by its zero bytes; then valid UTF-8, or UTF-8 with no more
/// invalid sequences than valid multi-byte ones (the invalid ones replaced); otherwise a legacy
/// code page is detected from byte statistics (see `LegacyEncodingDetector`). Every decision that was
/// a guess is reported as an `info` diagnostic (`text.encoding.detected`), and bytes that could
/// not be decoded become U+FFFD with a warning, so nothing is dropped silently.
public enum TextDecoder {
  /// The decoded text and how it was decoded.
  public struct Decoded: Sendable {
    /// UTF-8 bytes, without a byte order mark.
    public var utf8: [UInt8]
    /// The encoding used.
    public var encoding: TextEncoding
    /// Whether the input started with a byte order mark.
    public var hadBOM: Bool
    /// Decisions and problems (detection guesses, invalid sequences).
    public var diagnostics: [Diagnostic]
  }

  /// Decodes `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: the raw file.
  ///   - encoding: a forced encoding (`--encoding`), or `nil` to detect.
  ///   - utf8Only: the format mandates UTF-8 (WebVTT §6.1): skip legacy detection and replace
  ///     invalid sequences with U+FFFD, reporting them.
  /// - Returns: the decoded text.
  public static func decode(_ bytes: [UInt8], encoding: TextEncoding? = nil, utf8Only: Bool = false) -> Decoded {
    var diags: [Diagnostic] = []
    if let encoding {
      var body = bytes[...]
      var bom = false
      if encoding == .utf8, body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3); bom = true }
      if encoding == .utf16LE, body.starts(with: [0xFF, 0xFE]) { body = body.dropFirst(2); bom = true }
      if encoding == .utf16BE, body.starts(with: [0xFE, 0xFF]) { body = body.dropFirst(2); bom = true }
      if encoding == .utf32LE, body.starts(with: [0xFF, 0xFE, 0, 0]) { body = body.dropFirst(4); bom = true }
      if encoding == .utf32BE, body.starts(with: [0, 0, 0xFE, 0xFF]) { body = body.dropFirst(4); bom = true }
      return Decoded(utf8: transcode(body, from: encoding, diagnostics: &diags), encoding: encoding, hadBOM: bom, diagnostics: diags)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return Decoded(utf8: validatedUTF8(bytes[3...], diagnostics: &diags), encoding: .utf8, hadBOM: true, diagnostics: diags)
    }
    // UTF-32 by its byte order mark only: no caption format is written in it, but a file saved
    // so is read rather than taken for UTF-16 full of NULs.
    if bytes.starts(with: [0xFF, 0xFE, 0, 0]) {
      return Decoded(utf8: transcode(bytes[4...], from: .utf32LE, diagnostics: &diags), encoding: .utf32LE, hadBOM: true, diagnostics: diags)
    }
    if bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
      return Decoded(utf8: transcode(bytes[4...], from: .utf32BE, diagnostics: &diags), encoding: .utf32BE, hadBOM: true, diagnostics: diags)
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return Decoded(utf8: transcode(bytes[2...], from: .utf16LE, diagnostics: &diags), encoding: .utf16LE, hadBOM: true, diagnostics: diags)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return Decoded(utf8: transcode(bytes[2...], from: .utf16BE, diagnostics: &diags), encoding: .utf16BE, hadBOM: true, diagnostics: diags)
    }
    if let utf16 = guessBOMLessUTF16(bytes[...]) {
      diags.append(Diagnostic(code: "text.encoding.detected", severity: .info, message: "no byte order mark; detected \(utf16.rawValue) from its zero bytes", location: nil))
      return Decoded(utf8: transcode(bytes[...], from: utf16, diagnostics: &diags), encoding: utf16, hadBOM: false, diagnostics: diags)
    }
    if isValidUTF8(bytes[...]) {
      // Already checked: no second validation pass, no copy.
      return Decoded(utf8: bytes, encoding: .utf8, hadBOM: false, diagnostics: diags)
    }
    if utf8Only {
      return Decoded(utf8: validatedUTF8(bytes[...], diagnostics: &diags), encoding: .utf8, hadBOM: false, diagnostics: diags)
    }
    // Mostly UTF-8 with a few stray bytes (a line pasted from a windows-1252 file, a cut
    // character): decoding it all as a legacy code page would garble every correct character,
    // so it is read as UTF-8 with each invalid sequence replaced and reported.
    // A tie goes to UTF-8: a valid multi-byte sequence (a lead byte, then exactly its
    // continuation bytes) seldom occurs by chance in legacy text, and `Caf\u{C3}\u{A9}` read
    // as windows-1251 is `CafГ©`.
    let (valid, invalid) = multibyteSequenceCounts(bytes)
    if valid > 0 && valid >= invalid {
      diags.append(Diagnostic(
        code: "text.encoding.detected", severity: .info,
        message: "the file is UTF-8 but for \(invalid) invalid byte sequence\(invalid == 1 ? "" : "s"); read as UTF-8 (use --encoding to choose another)",
        location: nil))
      return Decoded(utf8: validatedUTF8(bytes[...], diagnostics: &diags), encoding: .utf8, hadBOM: false, diagnostics: diags)
    }
    let guess = LegacyEncodingDetector.rank(bytes).first
    let legacy = guess?.encoding ?? .windows1252
    let language = guess.map { $0.language.isEmpty ? "" : " (\($0.language) text)" } ?? ""
    diags.append(Diagnostic(code: "text.encoding.detected", severity: .info, message: "the file is not UTF-8; decoded as \(legacy.rawValue)\(language) (use --encoding to choose another)", location: nil))
    return Decoded(utf8: transcode(bytes[...], from: legacy, diagnostics: &diags), encoding: legacy, hadBOM: false, diagnostics: diags)
  }

  /// Whether the bytes are well-formed UTF-8.
  public static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    UTF8Validator.isValid(bytes)
  }

  /// How many invalid sequences get a diagnostic of their own; the rest are counted in one.
  static let maxInvalidUTF8Reports = 20

  /// Returns the bytes if valid UTF-8; otherwise replaces each maximal invalid subpart with
  /// U+FFFD (Unicode §3.9, "U+FFFD Substitution of Maximal Subparts", as the WHATWG decoder
  /// does) and reports where each one is: line and column (1-based, in bytes of the input as
  /// read) for the first `maxInvalidUTF8Reports`, then one summary with the total.
  static func validatedUTF8(_ bytes: ArraySlice<UInt8>, diagnostics: inout [Diagnostic]) -> [UInt8] {
    if isValidUTF8(bytes) { return Array(bytes) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var count = 0
    bytes.withUnsafeBufferPointer { buf in
      var i = 0
      var line = 1
      var lineStart = 0
      while i < buf.count {
        let b = buf[i]
        if b < 0x80 {
          out.append(b)
          // CR, LF and CRLF each end a line, as in every caption reader (and XML).
          if b == 0x0D || b == 0x0A {
            if b == 0x0D || i == 0 || buf[i - 1] != 0x0D { line += 1 }
            lineStart = i + 1
          }
          i += 1
          continue
        }
        let n = utf8SequenceLength(buf, at: i)
        if n > 0 {
          out.append(contentsOf: buf[i..<(i + n)])
          i += n
          continue
        }
        count += 1
        if count <= maxInvalidUTF8Reports {
          let bad = buf[i..<(i - n)].map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
          diagnostics.append(Diagnostic(
            code: "text.encoding.invalid-utf8", severity: .warning,
            message: "invalid UTF-8 (byte\(n == -1 ? "" : "s") \(bad)) replaced with U+FFFD",
            location: SourceLocation(line: line, column: i - lineStart + 1, offset: i)))
        }
        out.append(contentsOf: [0xEF, 0xBF, 0xBD])
        i -= n
      }
    }
    if count > maxInvalidUTF8Reports {
      diagnostics.append(Diagnostic(code: "text.encoding.invalid-utf8", severity: .warning, message: "\(count) invalid UTF-8 sequences in all were replaced with U+FFFD; the first \(maxInvalidUTF8Reports) are listed", location: nil))
    }
    return out
  }

  /// How many well-formed multi-byte UTF-8 sequences and how many ill-formed ones (maximal
  /// subparts, as `validatedUTF8` replaces them) the bytes hold.
  static func multibyteSequenceCounts(_ bytes: [UInt8]) -> (valid: Int, invalid: Int) {
    bytes.withUnsafeBufferPointer { buf in
      var valid = 0, invalid = 0, i = 0
      while i < buf.count {
        if buf[i] < 0x80 {
          i += 1
          continue
        }
        let n = utf8SequenceLength(buf, at: i)
        if n > 0 { valid += 1 } else { invalid += 1 }
        i += abs(n)
      }
      return (valid, invalid)
    }
  }

  /// The length of the well-formed UTF-8 sequence that starts at `i` (Unicode Table 3-7), or,
  /// when it is ill-formed, minus the length of its maximal subpart (at least 1).
  static func utf8SequenceLength(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let b0 = buf[i]
    let length: Int
    var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the second byte's range
    switch b0 {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return -1
    }
    var k = 1
    while k < length {
      guard i + k < buf.count else { return -k }
      let b = buf[i + k]
      let ok = k == 1 ? (b >= low && b <= high) : (b >= 0x80 && b <= 0xBF)
      if !ok { return -k }
      k += 1
    }
    return length
  }

  /// Transcodes from any supported encoding to UTF-8.
  static func transcode(_ bytes: ArraySlice<UInt8>, from encoding: TextEncoding, diagnostics: inout [Diagnostic]) -> [UInt8] {
    switch encoding {
    case .utf8:
      return validatedUTF8(bytes, diagnostics: &diagnostics)
    case .utf16LE, .utf16BE:
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var i = bytes.startIndex
      while i + 1 < bytes.endIndex {
        let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
        units.append(encoding == .utf16LE ? (b << 8 | a) : (a << 8 | b))
        i += 2
      }
      var out: [UInt8] = []
      out.reserveCapacity(units.count)
      var bad = 0
      var it = units.makeIterator()
      var decoder = UTF16()
      loop: while true {
        switch decoder.decode(&it) {
        case .scalarValue(let s): UTF8.encode(s) { out.append($0) }
        case .emptyInput: break loop
        case .error: bad += 1; out.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
      }
      if bad > 0 || i < bytes.endIndex {
        diagnostics.append(Diagnostic(code: "text.encoding.invalid-utf16", severity: .warning, message: "\(bad + (i < bytes.endIndex ? 1 : 0)) invalid UTF-16 unit(s) replaced with U+FFFD", location: nil))
      }
      return out
    case .utf32LE, .utf32BE:
      // Each unit a scalar value; a surrogate, a value past U+10FFFF or a cut last unit is
      // replaced with U+FFFD and counted.
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count / 4)
      var bad = 0
      var i = bytes.startIndex
      while i + 3 < bytes.endIndex {
        let (b0, b1, b2, b3) = (UInt32(bytes[i]), UInt32(bytes[i + 1]), UInt32(bytes[i + 2]), UInt32(bytes[i + 3]))
        let v = encoding == .utf32LE ? b3 << 24 | b2 << 16 | b1 << 8 | b0 : b0 << 24 | b1 << 16 | b2 << 8 | b3
        if let s = Unicode.Scalar(v) {
          UTF8.encode(s) { out.append($0) }
        } else {
          bad += 1
          out.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
        i += 4
      }
      if i < bytes.endIndex { bad += 1; out.append(contentsOf: [0xEF, 0xBF, 0xBD]) }
      if bad > 0 {
        diagnostics.append(Diagnostic(code: "text.encoding.invalid-utf32", severity: .warning, message: "\(bad) invalid UTF-32 unit(s) replaced with U+FFFD", location: nil))
      }
      return out
    default:
      if let table = LegacyEncodingTables.highHalf(encoding) {
        return decodeSingleByte(bytes, table: table)
      }
      if let s = String(data: Data(bytes), encoding: foundationEncoding(encoding)) {
        return Array(s.utf8)
      }
      return decodeMultibyteByLine(bytes, encoding: encoding, diagnostics: &diagnostics)
    }
  }

  /// Decodes a single-byte code page with its generated table: ASCII as is, high bytes mapped.
  static func decodeSingleByte(_ bytes: ArraySlice<UInt8>, table: [UInt32]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 4)
    for b in bytes {
      if b < 0x80 {
        out.append(b)
      } else {
        let v = table[Int(b) - 0x80]
        if v < 0x800 {
          out.append(UInt8(0xC0 | v >> 6))
          out.append(UInt8(0x80 | v & 0x3F))
        } else {
          out.append(UInt8(0xE0 | v >> 12))
          out.append(UInt8(0x80 | v >> 6 & 0x3F))
          out.append(UInt8(0x80 | v & 0x3F))
        }
      }
    }
    return out
  }

  /// When a multibyte file does not decode as a whole, decodes it line by line so one bad byte
  /// costs one line, not the file; undecodable lines keep their ASCII and get U+FFFD for the rest.
  static func decodeMultibyteByLine(_ bytes: ArraySlice<UInt8>, encoding: TextEncoding, diagnostics: inout [Diagnostic]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 2)
    var bad = 0
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var end = start
      while end < bytes.endIndex && bytes[end] != 0x0A { end += 1 }
      if end < bytes.endIndex { end += 1 }
      let line = bytes[start..<end]
      if let s = String(data: Data(line), encoding: foundationEncoding(encoding)) {
        out.append(contentsOf: s.utf8)
      } else {
        bad += 1
        for b in line { if b < 0x80 { out.append(b) } else { out.append(contentsOf: [0xEF, 0xBF, 0xBD]) } }
      }
      start = end
    }
    if bad > 0 {
      diagnostics.append(Diagnostic(code: "text.encoding.undecodable", severity: .warning, message: "\(bad) line(s) are not valid \(encoding.rawValue); their non-ASCII bytes were replaced with U+FFFD", location: nil))
    }
    return out
  }

  static func foundationEncoding(_ e: TextEncoding) -> String.Encoding {
    switch e {
    case .utf8: .utf8
    case .utf16LE: .utf16LittleEndian
    case .utf16BE: .utf16BigEndian
    case .utf32LE: .utf32LittleEndian
    case .utf32BE: .utf32BigEndian
    case .windows1250: .windowsCP1250
    case .windows1251: .windowsCP1251
    case .windows1252: .windowsCP1252
    case .windows1253: .windowsCP1253
    case .windows1254: .windowsCP1254
    case .iso8859_1: .isoLatin1
    case .iso8859_2: .isoLatin2
    case .shiftJIS: .shiftJIS
    // CoreFoundation encoding constants, as NSStringEncoding values (0x80000000 | CFStringEncoding).
    case .windows1255: String.Encoding(rawValue: 0x8000_0505)
    case .windows1256: String.Encoding(rawValue: 0x8000_0506)
    case .koi8R: String.Encoding(rawValue: 0x8000_0A02)
    case .gb18030: String.Encoding(rawValue: 0x8000_0632)
    case .big5: String.Encoding(rawValue: 0x8000_0A03)
    case .eucKR: String.Encoding(rawValue: 0x8000_0940)
    }
  }

  /// Recognises UTF-16 without a BOM: in text that is mostly ASCII, every other byte is zero.
  static func guessBOMLessUTF16(_ bytes: ArraySlice<UInt8>) -> TextEncoding? {
    let sample = bytes.prefix(4096)
    guard sample.count >= 4 else { return nil }
    var evenZeros = 0, oddZeros = 0
    for (k, b) in sample.enumerated() where b == 0 {
      if k % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
    }
    let half = sample.count / 2
    if oddZeros * 10 >= half * 7 && evenZeros * 10 < half { return .utf16LE }
    if evenZeros * 10 >= half * 7 && oddZeros * 10 < half { return .utf16BE }
    // Text in a non-Latin script (Cyrillic, CJK) has no zero byte in its code units, but the
    // ASCII around it (indices, timing lines, line ends) has one in every other byte: zeros at
    // one parity only, and code units that pair their surrogates.
    // A line end must be one of those ASCII code units too: UTF-8 text with stray NUL bytes
    // at one parity has its line ends paired with other bytes.
    let minimum = max(4, half / 8)
    if oddZeros >= minimum && evenZeros * 50 <= oddZeros && hasLineEnd(sample, littleEndian: true) && pairsSurrogates(sample, littleEndian: true) {
      return .utf16LE
    }
    if evenZeros >= minimum && oddZeros * 50 <= evenZeros && hasLineEnd(sample, littleEndian: false) && pairsSurrogates(sample, littleEndian: false) {
      return .utf16BE
    }
    return nil
  }

  /// Whether `bytes` read as UTF-16 has an LF or CR code unit.
  static func hasLineEnd(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> Bool {
    var k = bytes.startIndex
    while k + 1 < bytes.endIndex {
      let (low, high) = littleEndian ? (bytes[k], bytes[k + 1]) : (bytes[k + 1], bytes[k])
      if high == 0 && (low == 0x0A || low == 0x0D) { return true }
      k += 2
    }
    return false
  }

  /// Whether `bytes` read as UTF-16 has every high surrogate followed by a low one and no low
  /// surrogate alone (a cut at the end of the sample is allowed).
  static func pairsSurrogates(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> Bool {
    var expectLow = false
    var k = bytes.startIndex
    while k + 1 < bytes.endIndex {
      let u = littleEndian ? UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8 : UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1])
      let isHigh = u >= 0xD800 && u <= 0xDBFF, isLow = u >= 0xDC00 && u <= 0xDFFF
      if expectLow != isLow { return false }
      expectLow = isHigh
      k += 2
    }
    return true
  }
}
