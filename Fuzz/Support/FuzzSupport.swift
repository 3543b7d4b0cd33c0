import CaptionCore

/// Shared helpers for the harnesses: input conversion and the invariants every reader must keep.
/// A broken invariant stops the process with `fatalError`, which libFuzzer records as a crash.
enum Fuzz {
  /// The fuzzer's input as an array (the form every reader takes).
  static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Every diagnostic has a stable code (lower-case, dotted) and, when it has a location, a
  /// 1-based line and column and a non-negative offset; the list respects the diagnostics cap
  /// (plus the one summary line).
  static func check(_ diagnostics: [Diagnostic], limits: ReadLimits = ReadLimits(), _ what: String) {
    if diagnostics.count > limits.maxDiagnostics + 1 {
      fatalError("\(what): \(diagnostics.count) diagnostics, cap is \(limits.maxDiagnostics)")
    }
    for d in diagnostics {
      if let l = d.location, l.line < 1 || l.column < 1 || l.offset < 0 {
        fatalError("\(what): diagnostic \(d.code) at invalid location \(l.line):\(l.column)+\(l.offset)")
      }
      if !isStableCode(d.code) {
        fatalError("\(what): diagnostic code \"\(d.code)\" is not lower-case dotted")
      }
    }
  }

  /// `format.area.problem`: lower-case ASCII letters, digits, `-`, `_` and at least one dot.
  static func isStableCode(_ code: String) -> Bool {
    var dots = 0
    var previous: UInt8 = UInt8(ascii: ".")
    for b in code.utf8 {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"):
        break
      case UInt8(ascii: "."):
        if previous == UInt8(ascii: ".") { return false }
        dots += 1
      default:
        return false
      }
      previous = b
    }
    return dots > 0 && previous != UInt8(ascii: ".")
  }

  /// Reads `bytes` with `format`, checks the diagnostics, writes the document and reads the
  /// written bytes back (which must not throw: a writer's output is always readable), and
  /// checks that the reader's probe does not crash on the prefix. Returns the first read.
  @discardableResult
  static func readWriteRead<F: CaptionFormat>(_ format: F, _ bytes: [UInt8], options: ReadOptions = ReadOptions())
    -> ReadResult?
  {
    _ = format.probe(bytes.prefix(4096))
    let first: ReadResult
    do {
      first = try format.read(bytes, options: options)
    } catch {
      return nil
    }
    check(first.diagnostics, limits: options.limits, "\(format.id) read")
    let written = format.write(first.document, options: WriteOptions())
    check(written.diagnostics, "\(format.id) write")
    do {
      let second = try format.read(written.bytes, options: options)
      check(second.diagnostics, limits: options.limits, "\(format.id) re-read")
    } catch {
      fatalError("\(format.id): the writer's output cannot be read back: \(error)")
    }
    return first
  }
}
