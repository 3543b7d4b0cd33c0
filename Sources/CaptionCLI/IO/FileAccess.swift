import CaptionCore
import CaptionKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private func posixRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }

/// File reads and atomic, non-clobbering writes for the CLI.
enum FileAccess {
  /// Reads a file, or standard input for `-`.
  static func read(_ path: String, io: ToolIO, limit: Int, flag: String? = "--max-file-size") throws(ToolError) -> [UInt8] {
    if path == "-" {
      let bytes = io.readStdin(limit: limit)
      if io.standardInputError != 0 {
        let reason = io.standardInputError == EBADF ? "it is closed" : String(cString: strerror(io.standardInputError))
        throw .io(path: path, message: "cannot read standard input: \(reason)")
      }
      if bytes.count > limit { throw .io(path: path, message: CaptionErrorText.tooLarge(over: limit, flag: flag)) }
      return bytes
    }
    // A closed standard input was given /dev/null at start (`ToolIO.process`): named by one of
    // its paths it must not read as an empty file.
    if io.standardInputError == EBADF, Self.standardInputPaths.contains(path) {
      throw .io(path: path, message: "cannot read standard input: it is closed")
    }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
      throw .io(path: path, message: "no such file")
    }
    if isDir.boolValue { throw .io(path: path, message: "is a directory") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
      throw .io(path: path, message: CaptionErrorText.tooLarge(size: size, limit: limit, flag: flag))
    }
    var failure: Int32 = 0
    guard let bytes = readWhole(path, limit: limit, failure: &failure) else {
      throw .io(path: path, message: "cannot read the file: " + String(cString: strerror(failure)))
    }
    // A special file (`/dev/zero`, a pipe, `/proc`) announces no size: its read stops past the limit.
    if bytes.count > limit { throw .io(path: path, message: CaptionErrorText.tooLarge(over: limit, flag: flag)) }
    return bytes
  }

  /// The paths that name the process's standard input besides `-`.
  static let standardInputPaths: Set<String> = ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]

  /// Reads a whole regular file straight into an array (no `Data` copy), or `nil` with the
  /// `errno` in `failure`; at most `limit` + 1 bytes of what its size did not announce.
  private static func readWhole(_ path: String, limit: Int, failure: inout Int32) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      failure = errno
      return nil
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      failure = errno
      return nil
    }
    let size = max(Int(st.st_size), 0)
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { b, count in
      var got = 0
      while got < size, let base = b.baseAddress {
        let r = posixRead(fd, base + got, size - got)
        if r < 0 && errno == EINTR { continue }
        if r < 0 {
          failed = true
          failure = errno
        }
        if r <= 0 { break }
        got += r
      }
      count = got
    }
    if failed { return nil }
    // Whatever the size did not announce (a growing file, a special file).
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let r = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if r < 0 && errno == EINTR { continue }
      if r < 0 {
        failure = errno
        return nil
      }
      if r == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<r])
    }
    return bytes
  }

  /// Checks, before any work is done, that `path` can take the output: not one of `inputs`, not a
  /// device, pipe or folder, and in a folder that exists. Returns the resolved target.
  @discardableResult
  static func checkWritable(_ path: String, protecting inputs: [String]) throws(ToolError) -> URL {
    // `out/` names a folder: writing a file called `out` would surprise.
    if path.hasSuffix("/") { throw .io(path: path, message: "names a folder; give the output file's name") }
    let target = resolvedOutput(path)
    for input in inputs where input != "-" {
      let source = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
      if source.path == target.path || sameFile(source.path, target.path) {
        throw .usage("refusing to overwrite the input file '\(ControlCharacterEscaping.escaped(input))'; choose another output path")
      }
    }
    // Never replace a device, pipe, socket or folder: rename(2) would swap it for a plain file.
    if let type = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType,
      type != .typeRegular
    {
      // A link left unresolved points at nothing, loops or cannot be followed: say so rather
      // than "not a file".
      if type == .typeSymbolicLink {
        let to = (try? FileManager.default.destinationOfSymbolicLink(atPath: target.path)).map { " to '\(ControlCharacterEscaping.escaped($0))'" } ?? ""
        throw .io(path: path, message: "is a symbolic link\(to) whose target cannot be reached (it does not exist, the links loop, or a folder on the way cannot be read); refusing to write through it (remove the link or give the target's path)")
      }
      throw .io(path: path, message: "is not a regular file; refusing to replace it (write to '-' and redirect instead)")
    }
    // A file the user may not write stays as it is: rename(2) needs only the folder's
    // permission, so it would replace a read-only file (and take over its ownership).
    if FileAccess.entryExists(target.path), access(target.path, W_OK) != 0 {
      throw .io(path: path, message: "cannot write: \(String(cString: strerror(errno))) (the file is read-only to you; refusing to replace it)")
    }
    let dir = target.deletingLastPathComponent()
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
      throw .io(path: path, message: "the folder \(ControlCharacterEscaping.escaped(dir.path)) does not exist")
    }
    // The file is replaced by a rename in its folder: that needs the folder's write permission
    // and, in a sticky folder (/tmp), owning the file or the folder. Checked now, so that
    // nothing (a fix's backup) is written first.
    guard access(dir.path, W_OK) == 0 else {
      throw .io(path: path, message: "cannot write: the folder \(ControlCharacterEscaping.escaped(dir.path)) is not writable (\(String(cString: strerror(errno))))")
    }
    var folder = stat(), file = stat()
    if stat(dir.path, &folder) == 0, folder.st_mode & S_ISVTX != 0, stat(target.path, &file) == 0, geteuid() != 0,
      file.st_uid != geteuid(), folder.st_uid != geteuid()
    {
      throw .io(path: path, message: "cannot write: the file belongs to another user in a sticky folder (\(ControlCharacterEscaping.escaped(dir.path))), where only its owner may replace it")
    }
    return target
  }

  /// The file an output path names, as the kernel finds it: its folder through `realpath(3)`
  /// (links first, then `..`: `sub/up/../w` with `up` a link to `..` is `w`'s sibling, not
  /// `sub/w`), then the name, followed when it is a link that leads somewhere. A folder that
  /// does not exist is left as written, for `checkWritable` to report.
  static func resolvedOutput(_ path: String) -> URL {
    let folder = PathText.deletingLastComponent(path)
    guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return URL(fileURLWithPath: path).standardizedFileURL }
    defer { free(real) }
    let target = URL(fileURLWithPath: String(cString: real)).appendingPathComponent(PathText.lastComponent(path))
    guard let file = realpath(target.path, nil) else { return target }
    defer { free(file) }
    return URL(fileURLWithPath: String(cString: file))
  }

  /// Refuses two outputs that are one file (`--report json=r --report sarif=r`): the second
  /// would silently replace the first. `-` (standard output) may be given more than once.
  static func checkDistinct(_ outputs: [String]) throws(ToolError) {
    var seen: [String] = []
    for out in outputs where out != "-" {
      // Through the folder's real path: outputs that do not exist yet resolve no links of
      // their own (`d/r.json` and `link-to-d/r.json`).
      let target = resolvedOutput(out).path
      for earlier in seen where earlier == target || sameFile(earlier, target) {
        throw .usage("'\(ControlCharacterEscaping.escaped(out))' is given as two outputs; each output needs its own file")
      }
      seen.append(target)
    }
  }

  /// Refuses (exit 2, like any input) an output `path` that is the file standard input reads
  /// from (`convert - out.srt < out.srt`): a `-` input has no path to compare, so the open file
  /// itself (`fstat` of descriptor 0: device and inode) is compared with the existing output.
  static func checkNotStandardInput(_ path: String, io: ToolIO) throws(ToolError) {
    guard path != "-", let input = io.standardInputIdentity else { return }
    var st = stat()
    guard stat(path, &st) == 0 else { return }
    if UInt64(st.st_dev) == input.device && UInt64(st.st_ino) == input.inode {
      throw .usage("refusing to overwrite '\(ControlCharacterEscaping.escaped(path))': it is the file standard input reads from; choose another output path")
    }
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename,
  /// so readers never see a half-written file. Refuses to overwrite any of `inputs`.
  /// `permissionsOf`: a file whose permissions a new file takes (a backup takes its original's).
  static func writeAtomically(_ bytes: [UInt8], to path: String, protecting inputs: [String], permissionsOf: String? = nil) throws(ToolError) {
    try writeAtomically(chunks: [bytes], to: path, protecting: inputs, permissionsOf: permissionsOf)
  }

  /// `writeAtomically` for output in pieces, written one after the other.
  static func writeAtomically(chunks: [[UInt8]], to path: String, protecting inputs: [String], permissionsOf: String? = nil) throws(ToolError) {
    let writer = try AtomicFileWriter(path, protecting: inputs)
    for chunk in chunks { writer.write(chunk) }
    try writer.commit(permissionsOf: permissionsOf)
  }

  private static func sameFile(_ a: String, _ b: String) -> Bool {
    guard let x = try? FileManager.default.attributesOfItem(atPath: a),
      let y = try? FileManager.default.attributesOfItem(atPath: b)
    else { return false }
    return (x[.systemFileNumber] as? Int) == (y[.systemFileNumber] as? Int)
      && (x[.systemNumber] as? Int) == (y[.systemNumber] as? Int)
  }

  /// Whether `path`, its symbolic links followed, is a regular file, or nothing (a missing file
  /// is left for the read to report).
  static func isRegularFileOrMissing(_ path: String) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0 else { return true }
    return (st.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether the folder has an entry at `path`, whatever it is: a dangling symbolic link
  /// too (`lstat`, not `stat`).
  static func entryExists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  /// Expands files and folders (recursively) into a sorted list of files whose extension is in
  /// `extensions`. Files named directly are always kept, whatever their extension. Hidden files
  /// and folders found in a walk are skipped (a named one is not: it was asked for).
  ///
  /// A named folder in which nothing was found is returned in `empty` (the caller warns): a
  /// shell glob such as `subs/*` names folders of fonts or images beside the captions.
  ///
  /// What a walk could not read (a subfolder without permission, a name that is not UTF-8) is
  /// in `problems` (see `FolderWalk`): the caller reports each as a file it could not read.
  ///
  /// - Throws: `ToolError.io` naming an empty folder when nothing at all was found (`what`
  ///   says what was looked for): a wrong folder must not pass silently.
  static func expand(_ paths: [String], extensions: Set<String>, what: String) throws(ToolError)
    -> (files: [String], empty: [String], problems: [(path: String, reason: String)])
  {
    var out: [String] = []
    var empty: [String] = []
    var problems: [(path: String, reason: String)] = []
    for p in paths {
      if p == "-" { out.append(p); continue }
      var isDir: ObjCBool = false
      // A missing path is passed on, so it fails on its own and the others are still checked.
      guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else {
        out.append(p)
        continue
      }
      let walk = FolderWalk.files(under: p) { extensions.contains(PathText.pathExtension($0).lowercased()) }
      problems += walk.problems.sorted { $0.path < $1.path }
      if walk.files.isEmpty && walk.problems.isEmpty { empty.append(p) }
      out.append(contentsOf: walk.files.sorted())
    }
    if out.isEmpty, problems.isEmpty, let p = empty.first { throw .io(path: p, message: "no \(what) found") }
    return (out, empty, problems)
  }
}

/// Shared wording for limit errors.
enum CaptionErrorText {
  /// `flag` is the option that raises the limit; nil for a fixed one.
  static func tooLarge(size: Int, limit: Int, flag: String? = "--max-file-size") -> String {
    "file is \(size) bytes, over the \(limit)-byte limit" + hint(flag)
  }

  /// For input whose size is known only by reading it (standard input, pipes, devices).
  static func tooLarge(over limit: Int, flag: String? = "--max-file-size") -> String {
    "input is over the \(limit)-byte limit; reading stopped there" + hint(flag)
  }

  private static func hint(_ flag: String?) -> String {
    flag.map { " (raise it with \($0))" } ?? " (a fixed limit)"
  }
}
