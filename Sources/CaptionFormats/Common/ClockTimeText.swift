/// Writes the `hh:mm:ss` + separator + `ttt` clock time that SRT (`,`) and WebVTT (`.`) share.
///
/// Every byte is formed in a small stack buffer and appended once: the writers call this twice
/// per cue, and per-byte appends (each with its own capacity check) showed in the profiles.
enum ClockTimeText {
  /// Appends `b[from...]` in one copy: appending the raw buffer itself goes a byte at a time
  /// (a raw buffer offers no typed contiguous storage).
  @inline(__always)
  static func appendBytes(_ b: UnsafeMutableRawBufferPointer, from i: Int, to out: inout [UInt8]) {
    guard let base = b.baseAddress else { return }
    out.append(contentsOf: UnsafeBufferPointer(start: (base + i).assumingMemoryBound(to: UInt8.self), count: b.count - i))
  }

  /// Appends `ms` (clamped at 0) as at least two hour digits, two minute and two second digits,
  /// `separator` and three millisecond digits.
  @inline(__always)
  static func append(milliseconds ms: Int64, separator: UInt8, to out: inout [UInt8]) {
    let m = UInt64(max(0, ms))
    // 20 hour digits at most (UInt64), plus ":mm:ss,ttt".
    var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { b in
      var i = b.count
      @inline(__always) func put(_ byte: UInt8) {
        i -= 1
        b[i] = byte
      }
      let f = m % 1000, totalSeconds = m / 1000
      put(UInt8(truncatingIfNeeded: 0x30 + f % 10))
      put(UInt8(truncatingIfNeeded: 0x30 + f / 10 % 10))
      put(UInt8(truncatingIfNeeded: 0x30 + f / 100))
      put(separator)
      let s = totalSeconds % 60, mm = totalSeconds / 60 % 60
      var h = totalSeconds / 3600
      put(UInt8(truncatingIfNeeded: 0x30 + s % 10))
      put(UInt8(truncatingIfNeeded: 0x30 + s / 10))
      put(UInt8(ascii: ":"))
      put(UInt8(truncatingIfNeeded: 0x30 + mm % 10))
      put(UInt8(truncatingIfNeeded: 0x30 + mm / 10))
      put(UInt8(ascii: ":"))
      var hourDigits = 0
      repeat {
        put(UInt8(truncatingIfNeeded: 0x30 + h % 10))
        h /= 10
        hourDigits += 1
      } while h > 0 || hourDigits < 2
      appendBytes(b, from: i, to: &out)
    }
  }

  /// Appends the decimal digits of `v` (its magnitude), zero-padded to at least `width` digits
  /// (at most 20).
  @inline(__always)
  static func appendDecimal(_ v: Int64, width: Int, to out: inout [UInt8]) {
    var x = v.magnitude
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { b in
      var i = b.count
      repeat {
        i -= 1
        b[i] = UInt8(truncatingIfNeeded: 0x30 + x % 10)
        x /= 10
      } while x > 0 || b.count - i < min(width, 20)
      appendBytes(b, from: i, to: &out)
    }
  }
}
