/// A small command-line scanner: long options with values (`--to vtt`, `--to=vtt`), flags, and
/// positional arguments; `--` ends options. No outside argument parser is available, and the
/// tool's grammar is simple enough not to need one.
public struct ArgumentScanner: Sendable {
  private var options: [(name: String, value: String?)] = []
  /// Positional arguments, in order.
  public private(set) var positionals: [String] = []
  private var consumed: Set<Int> = []

  /// Scans `arguments` (without the program and command names). `valued` lists the options
  /// that take a value; `-x` short aliases map to long names through `aliases`.
  public init(_ arguments: [String], valued: Set<String>, aliases: [String: String] = [:]) throws(ToolError) {
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let a = arguments[i]
      i += 1
      if onlyPositionals || a == "-" || !a.hasPrefix("-") {
        positionals.append(a)
        continue
      }
      if a == "--" { onlyPositionals = true; continue }
      var name = a
      var value: String?
      if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
        name = String(a[..<eq])
        value = String(a[a.index(after: eq)...])
      }
      if let long = aliases[name] { name = long }
      guard name.hasPrefix("--") else { throw .usage("unknown option '\(a)'") }
      let bare = String(name.dropFirst(2))
      if valued.contains(bare) {
        if value == nil {
          guard i < arguments.count else { throw .usage("option '--\(bare)' needs a value") }
          value = arguments[i]
          i += 1
        }
      } else if value != nil {
        throw .usage("option '--\(bare)' takes no value")
      }
      options.append((bare, value))
    }
  }

  /// Whether a flag was given; marks it as understood.
  public mutating func flag(_ name: String) -> Bool {
    var found = false
    for (k, o) in options.enumerated() where o.name == name {
      consumed.insert(k)
      found = true
    }
    return found
  }

  /// The last value of an option, if given; marks it as understood.
  public mutating func value(_ name: String) -> String? {
    var v: String?
    for (k, o) in options.enumerated() where o.name == name {
      consumed.insert(k)
      v = o.value
    }
    return v
  }

  /// Every value of a repeatable option.
  public mutating func values(_ name: String) -> [String] {
    var vs: [String] = []
    for (k, o) in options.enumerated() where o.name == name {
      consumed.insert(k)
      if let v = o.value { vs.append(v) }
    }
    return vs
  }

  /// Throws for the first option no command asked about.
  public func checkAllUnderstood() throws(ToolError) {
    for (k, o) in options.enumerated() where !consumed.contains(k) {
      throw .usage("unknown option '--\(o.name)'")
    }
  }
}
