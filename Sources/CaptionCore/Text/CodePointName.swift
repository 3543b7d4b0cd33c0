/// The Unicode name form of a code point, for messages: `U+00A0`, `U+1F600` (at least four
/// upper-case hexadecimal digits).
public enum CodePointName {
  public static func of(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
