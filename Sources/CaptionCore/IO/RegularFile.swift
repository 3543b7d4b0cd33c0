#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a path names a regular file (after symbolic links).
///
/// Folder walks keep only these: opening a FIFO found in a folder blocks until something
/// writes to it, and a device or socket is no caption file. A path the user names is still
/// read whatever it is (`<(command)` is a pipe).
package enum RegularFile {
  package static func exists(at path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
  }
}
