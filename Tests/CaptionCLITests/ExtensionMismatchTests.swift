import CaptionCLI
import CaptionKit
import Foundation
import Testing

/// A file whose extension names one caption format and whose content is another: read by its
/// content, with `core.format.extension-mismatch` first among its diagnostics (an error for a
/// `.vtt` without the WEBVTT signature, which browsers reject).
/// (Run through `CommandTests`' scratch folder, `file` and `run`.)
extension CommandTests {
  static let renamedSRT = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n"

  @Test func headerlessVTTFailsValidationButConverts() throws {
    let path = try file("renamed.vtt", Self.renamedSRT)
    let (code, out, _) = run(["validate", path])
    #expect(code == 1)
    #expect(out.contains("renamed.vtt:1:1: error: [core.format.extension-mismatch] the file is named .vtt but does not start with the WEBVTT signature"))
    #expect(out.contains("it was read as SubRip (SRT)"))
    // Nothing is lost: the cues convert (streamed), and the note is printed once.
    let (cc, vtt, err) = run(["convert", path, "--to", "webvtt"])
    #expect(cc == 0)
    #expect(vtt == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello\n\n2\n00:00:03.000 --> 00:00:04.000\nWorld\n\n")
    #expect(err.components(separatedBy: "core.format.extension-mismatch").count == 2)
  }

  @Test func otherMismatchesWarn() throws {
    let path = try file("really-webvtt.srt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")
    let (code, out, _) = run(["validate", path, "--fail-on", "warning"])
    #expect(code == 1)
    #expect(out.contains("really-webvtt.srt:1:1: warning: [core.format.extension-mismatch] the file is named .srt but holds WebVTT; it was read as such"))
    // Named with --from: the user chose, nothing to say. Matching or generic extensions: silent.
    #expect(!run(["validate", "--from", "webvtt", path]).1.contains("extension-mismatch"))
    #expect(!run(["validate", try file("ok.srt", Self.renamedSRT)]).1.contains("extension-mismatch"))
    #expect(!run(["validate", try file("subs.txt", Self.renamedSRT)]).1.contains("extension-mismatch"))
  }

  @Test func libraryCall() {
    #expect(FormatRegistry.extensionMismatch(detected: SubRipFormat(), fileExtension: "VTT")?.severity == .error)
    #expect(FormatRegistry.extensionMismatch(detected: WebVTTFormat(), fileExtension: "ttml")?.severity == .warning)
    #expect(FormatRegistry.extensionMismatch(detected: WebVTTFormat(), fileExtension: "vtt") == nil)
    #expect(FormatRegistry.extensionMismatch(detected: TTMLFormat(), fileExtension: "xml") == nil)
    #expect(FormatRegistry.extensionMismatch(detected: SubRipFormat(), fileExtension: nil) == nil)
  }

  /// The extension is what follows the last dot of the file name: a name ending in a dot or a
  /// dot file has none, and a dot in a folder name is not one.
  @Test func extensionComesFromTheFileNameOnly() throws {
    // `vtt.` and `.vtt` name no format: an SRT file under either name validates clean.
    for name in ["vtt.", ".vtt"] {
      let (code, out, _) = run(["validate", try file(name, Self.renamedSRT)])
      #expect(code == 0, "\(name)")
      #expect(!out.contains("extension-mismatch"), "\(name)")
    }
    // `x.VTT.` is not `.vtt` either, while `x.VTT` is.
    #expect(!run(["validate", try file("x.VTT.", Self.renamedSRT)]).1.contains("extension-mismatch"))
    #expect(run(["validate", try file("x.VTT", Self.renamedSRT)]).1.contains("x.VTT:1:1: error: [core.format.extension-mismatch]"))
    // A convert output without an extension asks for --to, whatever its folder is called.
    let input = try file("in.srt", Self.renamedSRT)
    let folder = dir.appendingPathComponent("out.d")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for out in [folder.appendingPathComponent("captions").path, folder.appendingPathComponent("captions.").path] {
      let (code, _, err) = run(["convert", input, out])
      #expect(code == 2)
      #expect(err.contains("name the target format with --to"), "\(err)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    // With an extension after a dotted folder, the target comes from the file name.
    let vtt = folder.appendingPathComponent("captions.vtt").path
    #expect(run(["convert", input, vtt]).0 == 0)
    #expect(try String(contentsOfFile: vtt, encoding: .utf8).hasPrefix("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello\n"))
  }
}
