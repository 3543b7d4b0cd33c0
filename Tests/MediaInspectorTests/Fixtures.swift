import Foundation
import MediaInspector

/// Locates `Tests/Fixtures/media` and runs ffprobe for comparisons.
enum Fixtures {
  static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/media")

  static func path(_ name: String) -> String { root.appendingPathComponent(name).path }

  static func inspect(_ name: String, cc: Bool = true) -> MediaReport {
    var o = InspectOptions()
    o.scanClosedCaptions = cc
    return MediaInspector.inspect(path: path(name), options: o)
  }

  static let ffprobePath: String? = {
    for p in ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe", "/opt/homebrew/bin/ffprobe"] where FileManager.default.isExecutableFile(atPath: p) {
      return p
    }
    return nil
  }()

  /// `ffprobe -of json` streams, or nil when ffprobe is absent.
  static func ffprobeStreams(_ name: String) -> [[String: Any]]? {
    guard let exe = ffprobePath else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: exe)
    p.arguments = [
      "-v", "error", "-show_entries",
      "stream=index,codec_type,codec_name,codec_tag_string:stream_tags=language,title,handler_name:stream_disposition", "-of", "json",
      path(name),
    ]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
    return obj["streams"] as? [[String: Any]]
  }
}
