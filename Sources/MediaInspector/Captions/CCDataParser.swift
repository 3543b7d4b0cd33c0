/// Reads ATSC A/53 `cc_data` triplets (CEA-708 §4.4: `marker(5) cc_valid(1) cc_type(2)`, then
/// two bytes) and records which CEA-608 channels and CEA-708 services carry data.
///
/// - 608 (`cc_type` 0 = field 1, 1 = field 2): a control code with first byte 0x10–0x17 selects
///   the first channel of the field (CC1/CC3), 0x18–0x1F the second (CC2/CC4); printable
///   characters belong to the last selected channel. XDS (field 2, 0x01–0x0F) and padding
///   (0x80 0x80) are ignored. Text Restart and Resume Text Display (TR, RTD) switch a channel
///   to its Text service (T1–T4), which is not captions, until a caption command (RCL, RU2–RU4,
///   RDC) switches it back (CEA-608 §7.4; FFmpeg and ExoPlayer decode no text mode either).
/// - 708 (`cc_type` 3 starts a DTVCC packet, 2 continues it): each packet holds service blocks
///   `service_number(3) block_size(5)` (7 = extended, number in the next byte); non-empty
///   blocks name the services present (CEA-708 §6.2).
struct CCDataParser: Sendable {
  private var seen608: Set<Int> = []
  private var current: [Int] = [0, 0]  // per field: 0 = unknown, 1 = first, 2 = second channel
  /// Channels (`field * 2 + channel`) in text mode.
  private var textMode: Set<Int> = []
  private var seen708: Set<Int> = []
  private var dtvcc: [UInt8] = []
  private var dtvccExpected = 0

  var channels608: [String] { seen608.sorted().map { "CC\($0)" } }
  var services708: [Int] { seen708.sorted() }

  mutating func feed(_ data: UnsafeBufferPointer<UInt8>) {
    var i = 0
    while i + 3 <= data.count {
      let head = data[i], b1 = data[i + 1], b2 = data[i + 2]
      i += 3
      guard head & 0x04 != 0 else { continue }
      switch head & 0x03 {
      case 0, 1: feed608(field: Int(head & 0x03), b1 & 0x7F, b2 & 0x7F)
      case 3:
        finishPacket()
        let code = Int(b1 & 0x3F)
        dtvccExpected = code == 0 ? 128 : code * 2
        dtvcc = [b1, b2]
      default:
        if !dtvcc.isEmpty {
          dtvcc.append(b1)
          dtvcc.append(b2)
        }
      }
      if !dtvcc.isEmpty && dtvcc.count >= dtvccExpected { finishPacket() }
    }
  }

  /// Reads one QuickTime `c608` sample: atoms of `size(4) type(4)` holding byte pairs,
  /// `cdat` for field 1 (CC1/CC2) and `cdt2` for field 2 (CC3/CC4) (QTFF, closed captioning
  /// sample data).
  mutating func feedC608Sample(_ b: [UInt8]) {
    var i = 0
    var atoms = 0
    while i + 8 <= b.count, atoms < 1024 {
      atoms += 1
      let size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard size >= 8, size <= b.count - i else { return }
      let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
      let field = type == "cdat" ? 0 : (type == "cdt2" ? 1 : -1)
      if field >= 0 {
        var j = i + 8
        while j + 2 <= i + size {
          feed608(field: field, b[j] & 0x7F, b[j + 1] & 0x7F)
          j += 2
        }
      }
      i += size
    }
  }

  private mutating func feed608(field: Int, _ c1: UInt8, _ c2: UInt8) {
    if c1 == 0 && c2 == 0 { return }
    if (0x10...0x1F).contains(c1) {
      current[field] = c1 & 0x08 == 0 ? 1 : 2
      let key = field * 2 + current[field]
      // Miscellaneous control codes: 0x14/0x15 (first channel), 0x1C/0x1D (second), 0x20–0x2F.
      if c1 & 0xF6 == 0x14, (0x20...0x2F).contains(c2) {
        switch c2 {
        case 0x2A, 0x2B: textMode.insert(key)  // TR, RTD
        case 0x20, 0x25, 0x26, 0x27, 0x29: textMode.remove(key)  // RCL, RU2, RU3, RU4, RDC
        default: break
        }
      }
      if !textMode.contains(key) { seen608.insert(key) }
    } else if c1 >= 0x20 {
      let key = field * 2 + current[field]
      if current[field] != 0, !textMode.contains(key) { seen608.insert(key) }
    }
  }

  private mutating func finishPacket() {
    defer {
      dtvcc = []
      dtvccExpected = 0
    }
    guard dtvcc.count > 1 else { return }
    var j = 1  // skip the packet header byte
    let end = min(dtvcc.count, max(dtvccExpected, 2))
    while j < end {
      let h = dtvcc[j]
      var service = Int(h >> 5)
      let size = Int(h & 0x1F)
      j += 1
      if service == 0 { break }
      if service == 7 {
        guard j < end else { break }
        service = Int(dtvcc[j] & 0x3F)
        j += 1
      }
      if size > 0 && service > 0 { seen708.insert(service) }
      j += size
    }
  }
}
