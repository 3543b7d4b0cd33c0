import Foundation
import CaptionKit

/// The `captionkit` command-line tool, callable in-process (tests) or from `main.swift`.
public enum CaptionTool {
  /// The tool's version.
  public static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  public static let commands: [any CLICommand.Type] = [
    ValidateCommand.self, ConvertCommand.self, InspectCommand.self, ExtractCommand.self, FixCommand.self, DiffCommand.self,
    FormatsCommand.self, ProfileCommand.self,
  ]

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - io: where output goes.
  /// - Returns: the process exit code (0 clean, 1 findings, 2 usage or I/O error).
  public static func run(_ arguments: [String], io: ToolIO) -> Int32 {
    let code = dispatch(arguments, io: io)
    // Output that did not reach standard output (a full disk, a closed descriptor) is an I/O
    // error, whatever the command found.
    if io.standardOutputError != 0 {
      io.errLine("captionkit: error: cannot write to standard output: \(String(cString: strerror(io.standardOutputError)))")
      return ExitCode.usageOrIO.rawValue
    }
    return code
  }

  private static func dispatch(_ arguments: [String], io: ToolIO) -> Int32 {
    guard let first = arguments.first else {
      io.err(usage)
      return ExitCode.usageOrIO.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let c = commands.first(where: { $0.name == arguments[1] }) {
        io.out(c.help)
      } else {
        io.out(usage)
      }
      return 0
    case "--version":
      io.outLine("captionkit \(version)")
      return 0
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      // `lint` is what many tools call it: the quality rules run in `validate`.
      let hint = first == "lint" ? " (the lint rules run in 'captionkit validate'; --no-lint turns them off)" : ""
      io.errLine("captionkit: unknown command '\(ControlCharacterEscaping.escaped(first))'\(hint)")
      io.err(usage)
      return ExitCode.usageOrIO.rawValue
    }
    let rest = Array(arguments.dropFirst())
    // After `--` every argument is a file: `validate -- -h` checks a file named -h.
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      io.out(command.help)
      return 0
    }
    do {
      var scanner = try ArgumentScanner(rest, valued: command.valuedOptions, aliases: command.aliases)
      return try command.run(&scanner, io: io).rawValue
    } catch {
      io.errLine("captionkit \(command.name): error: \(error)")
      if case .usage = error { io.errLine("Run 'captionkit \(command.name) --help' for usage.") }
      return ExitCode.usageOrIO.rawValue
    }
  }

  static var usage: String {
    var s = """
      captionkit \(version): validate (spec checks and quality lint), convert and inspect caption files and media.

      Usage: captionkit <command> [options] [arguments]

      Commands:

      """
    for c in commands {
      s += "  " + c.name.padding(toLength: 12, withPad: " ", startingAt: 0) + c.summary + "\n"
    }
    s += """

      Run 'captionkit <command> --help' for a command's options.
      Exit codes: 0 clean, 1 findings at or above the failing severity, 2 usage or I/O error.

      """
    return s
  }
}
