import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File reads and atomic, non-clobbering writes for the CLI.
enum FileAccess {
  /// Reads a file, or standard input for `-`.
  static func read(_ path: String, io: ToolIO, limit: Int) throws(ToolError) -> [UInt8] {
    if path == "-" { return io.readStdin() }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
      throw .io(path: path, message: "no such file")
    }
    if isDir.boolValue { throw .io(path: path, message: "is a directory") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
      throw .io(path: path, message: CaptionErrorText.tooLarge(size: size, limit: limit))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .io(path: path, message: "cannot read the file")
    }
    return Array(data)
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename,
  /// so readers never see a half-written file. Refuses to overwrite any of `inputs`.
  static func writeAtomically(_ bytes: [UInt8], to path: String, protecting inputs: [String]) throws(ToolError) {
    let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    for input in inputs where input != "-" {
      let source = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
      if source.path == target.path || sameFile(source.path, target.path) {
        throw .usage("refusing to overwrite the input file '\(input)'; choose another output path")
      }
    }
    // Never replace a device, pipe, socket or folder: rename(2) would swap it for a plain file.
    if let type = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType,
      type != .typeRegular
    {
      throw .io(path: path, message: "is not a regular file; refusing to replace it (write to '-' and redirect instead)")
    }
    let dir = target.deletingLastPathComponent()
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
      throw .io(path: path, message: "the folder \(dir.path) does not exist")
    }
    let temp = dir.appendingPathComponent(".\(target.lastPathComponent).captionkit-\(UInt32.random(in: 0...UInt32.max)).tmp")
    do {
      try Data(bytes).write(to: temp, options: [.withoutOverwriting])
    } catch {
      try? FileManager.default.removeItem(at: temp)
      throw .io(path: path, message: "cannot write: \(error.localizedDescription)")
    }
    // rename(2) replaces the target atomically: readers see the old file or the new one.
    if rename(temp.path, target.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temp)
      throw .io(path: path, message: "cannot write: \(reason)")
    }
  }

  private static func sameFile(_ a: String, _ b: String) -> Bool {
    guard let x = try? FileManager.default.attributesOfItem(atPath: a),
      let y = try? FileManager.default.attributesOfItem(atPath: b)
    else { return false }
    return (x[.systemFileNumber] as? Int) == (y[.systemFileNumber] as? Int)
      && (x[.systemNumber] as? Int) == (y[.systemNumber] as? Int)
  }

  /// Expands files and folders (recursively) into a sorted list of files whose extension is in
  /// `extensions`. Files named directly are always kept, whatever their extension.
  static func expand(_ paths: [String], extensions: Set<String>) throws(ToolError) -> [String] {
    var out: [String] = []
    for p in paths {
      if p == "-" { out.append(p); continue }
      var isDir: ObjCBool = false
      // A missing path is passed on, so it fails on its own and the others are still checked.
      guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else {
        out.append(p)
        continue
      }
      var found: [String] = []
      if let e = FileManager.default.enumerator(atPath: p) {
        while let rel = e.nextObject() as? String {
          let ext = (rel as NSString).pathExtension.lowercased()
          let name = (rel as NSString).lastPathComponent
          if name.hasPrefix(".") { continue }
          if extensions.contains(ext) { found.append((p as NSString).appendingPathComponent(rel)) }
        }
      }
      out.append(contentsOf: found.sorted())
    }
    return out
  }
}

/// Shared wording for limit errors.
enum CaptionErrorText {
  static func tooLarge(size: Int, limit: Int) -> String {
    "file is \(size) bytes, over the \(limit)-byte limit (raise it with --max-file-size)"
  }
}
