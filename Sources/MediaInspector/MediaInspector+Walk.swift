import Foundation

extension MediaInspector {
  /// File extensions a directory walk inspects (explicitly named files are always inspected).
  public static let mediaExtensions: Set<String> = [
    "mp4", "m4v", "m4a", "mov", "qt", "3gp", "mkv", "mka", "mks", "webm", "ts", "m2ts", "mts", "m3u8", "mpd",
  ]

  /// The files to inspect for some command-line paths: files as given, directories walked
  /// recursively (sorted, hidden entries skipped, symbolic links to directories not followed),
  /// keeping media and manifest extensions and leaving out HLS media playlists, which are
  /// checked through their master playlist. Missing paths are kept so that they are reported.
  public static func expand(paths: [String]) -> [String] {
    var out: [String] = []
    let fm = FileManager.default
    for p in paths {
      var isDir: ObjCBool = false
      guard fm.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else {
        out.append(p)
        continue
      }
      let base = URL(fileURLWithPath: p)
      guard let e = fm.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { continue }
      var found: [String] = []
      for case let url as URL in e {
        guard mediaExtensions.contains(url.pathExtension.lowercased()) else { continue }
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        if url.pathExtension.lowercased() == "m3u8", isMediaPlaylist(url.path) { continue }
        found.append(p.hasSuffix("/") ? p + relative(url, to: base) : p + "/" + relative(url, to: base))
      }
      out += found.sorted()
    }
    return out
  }

  /// Inspects every file `expand(paths:)` yields, in order; a bad file gives a report with
  /// `error` set and the walk goes on.
  public static func inspect(paths: [String], options: InspectOptions = InspectOptions()) -> [MediaReport] {
    expand(paths: paths).map { inspect(path: $0, options: options) }
  }

  private static func relative(_ url: URL, to base: URL) -> String {
    let b = base.standardizedFileURL.path, u = url.standardizedFileURL.path
    return u.hasPrefix(b + "/") ? String(u.dropFirst(b.count + 1)) : url.lastPathComponent
  }

  private static func isMediaPlaylist(_ path: String) -> Bool {
    guard let f = BoundedFile(path: path) else { return false }
    let head = String(decoding: f.read(at: 0, count: 64 << 10), as: UTF8.self)
    return head.containsUTF8("#EXTINF") && !head.containsUTF8("#EXT-X-STREAM-INF")
  }
}
