import Foundation
import CaptionKit

/// `captionkit formats`: lists the formats the tool reads and writes.
enum FormatsCommand: CLICommand {
  static let name = "formats"
  static let summary = "List the supported caption formats"
  static let valuedOptions: Set<String> = []
  static let help = """
    Usage: captionkit formats

    Lists each caption format with its identifier (for --from and --to) and file extensions.

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    try args.checkAllUnderstood()
    if let extra = args.positionals.first {
      throw .usage("formats takes no arguments (got '\(ControlCharacterEscaping.escaped(extra))')")
    }
    for f in FormatRegistry.builtIn {
      io.outLine("\(f.id.padding(toLength: 14, withPad: " ", startingAt: 0)) \(f.displayName.padding(toLength: 34, withPad: " ", startingAt: 0)) .\(f.fileExtensions.joined(separator: " ."))")
    }
    io.outLine("json           CaptionKit JSON                    .json (write only; schema captionkit.document, version 1)")
    return .success
  }
}
