#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of a folder and its subfolders, read with `readdir(3)`, for the commands that
/// take folders (`validate`, `fix`, `inspect`).
///
/// What cannot be walked is returned, never passed over: a CI job must not pass because a
/// file was skipped. Paths are Swift strings, so an entry whose name is not UTF-8 cannot be
/// named to open it; it is listed in `problems`, as is a subfolder that cannot be read.
///
/// - The folder given is followed when it is a symbolic link (it was named).
/// - Inside the walk, a symbolic link to a folder is not followed (a link to an ancestor
///   would never end), a link to a file is.
/// - Names starting with `.` are skipped (`.git`, `.build`, editors' folders), as `ls` does.
/// - Only regular files are kept: a FIFO named `x.srt` would block the reader until written to.
package enum FolderWalk {
  package struct Result: Sendable {
    /// Files kept, as `root/relative/path`, in the order found (not sorted).
    package var files: [String] = []
    /// Entries that could not be walked, with the reason, in the order found.
    package var problems: [(path: String, reason: String)] = []
  }

  /// Walks `root`, keeping the regular files whose name `keep` accepts.
  package static func files(under root: String, keep: (String) -> Bool) -> Result {
    var result = Result()
    var pending = [root]
    while let folder = pending.popLast() {
      guard let dir = opendir(folder) else {
        result.problems.append((folder, "cannot read the folder: " + String(cString: strerror(errno))))
        continue
      }
      defer { closedir(dir) }
      while true {
        // readdir(3) returns nil at the end and on an error; only errno tells them apart.
        errno = 0
        guard let entry = readdir(dir) else {
          if errno != 0 { result.problems.append((folder, "cannot read the folder: " + String(cString: strerror(errno)))) }
          break
        }
        let (name, valid) = entryName(entry)
        if name == "." || name == ".." || name.hasPrefix(".") { continue }
        let path = PathText.appending(name, to: folder)
        var type = entry.pointee.d_type
        if type == UInt8(DT_UNKNOWN) {
          var st = stat()
          guard lstat(path, &st) == 0 else {
            result.problems.append((path, "cannot read: " + String(cString: strerror(errno))))
            continue
          }
          type = (st.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (st.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
        }
        let isFolder = type == UInt8(DT_DIR)
        guard valid else {
          if isFolder || keep(name) {
            result.problems.append((path, "the \(isFolder ? "folder" : "file") name is not valid UTF-8, so it cannot be opened by name; rename it"))
          }
          continue
        }
        if isFolder {
          pending.append(path)
        } else if keep(name), RegularFile.exists(at: path) {
          result.files.append(path)
        }
      }
    }
    return result
  }

  /// The entry's name, and whether its bytes are UTF-8 (else decoded with replacement
  /// characters, for the message).
  private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> (String, Bool) {
    withUnsafeBytes(of: &entry.pointee.d_name) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let n = bytes.firstIndex(of: 0) ?? bytes.count
      let name = UnsafeBufferPointer(rebasing: bytes[0..<n])
      if let s = String(validating: name, as: UTF8.self) { return (s, true) }
      return (String(decoding: name, as: UTF8.self), false)
    }
  }
}
