/// An sRGB colour with 8-bit channels and 8-bit alpha (255 is opaque), the resolution that
/// CSS hex colours and TTML `rgba()` use.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// Alpha, 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opacity as a fraction 0–1.
  public var opacity: Double { Double(alpha) / 255 }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    for c in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
      bytes.append(digits[Int(c >> 4)])
      bytes.append(digits[Int(c & 15)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  public var description: String { hex }

  /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (CSS Color 4 hex notation).
  public init?(hex: some StringProtocol) {
    var digits: [UInt8] = []
    for b in hex.utf8.dropFirst(hex.hasPrefix("#") ? 1 : 0) {
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(b - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(b - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(b - 55)
      default: return nil
      }
    }
    switch digits.count {
    case 3, 4:
      let c = digits.map { $0 * 17 }
      self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
    case 6, 8:
      let c = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
      self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
    default:
      return nil
    }
  }

  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 255, green: 255, blue: 255)
  public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
