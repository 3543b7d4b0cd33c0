import CaptionCore
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
  /// A folder given as a symbolic link is walked, and links to files in it are followed (see
  /// `FolderWalk`). What the walk could not read is left out: `walk(paths:)` lists it.
  public static func expand(paths: [String]) -> [String] {
    walk(paths: paths).files
  }

  /// `expand(paths:)`, with what a walk could not read (a subfolder without permission, a name
  /// that is not UTF-8) in `problems`, sorted by path.
  public static func walk(paths: [String]) -> (files: [String], problems: [(path: String, reason: String)]) {
    var out: [String] = []
    var problems: [(path: String, reason: String)] = []
    for p in paths {
      var isDir: ObjCBool = false
      guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else {
        out.append(p)
        continue
      }
      let walk = FolderWalk.files(under: p) { mediaExtensions.contains(PathText.pathExtension($0).lowercased()) }
      problems += walk.problems.sorted { $0.path < $1.path }
      out += walk.files.filter { PathText.pathExtension($0).lowercased() != "m3u8" || !isMediaPlaylist($0) }.sorted()
    }
    return (out, problems)
  }

  /// Inspects every file `expand(paths:)` yields, in order; a bad file, and an entry the walk
  /// could not read, give a report with `error` set and the walk goes on.
  public static func inspect(paths: [String], options: InspectOptions = InspectOptions()) -> [MediaReport] {
    let (files, problems) = walk(paths: paths)
    return problems.map { MediaReport(path: $0.path, error: $0.reason) } + files.map { inspect(path: $0, options: options) }
  }

  private static func isMediaPlaylist(_ path: String) -> Bool {
    guard let f = BoundedFile(path: path) else { return false }
    let head = String(decoding: f.read(at: 0, count: 64 << 10), as: UTF8.self)
    return head.containsUTF8("#EXTINF") && !head.containsUTF8("#EXT-X-STREAM-INF")
  }
}
