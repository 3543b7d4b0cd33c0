/// One `captionkit` subcommand. Commands are listed in `CaptionTool.commands`.
public protocol CLICommand: Sendable {
  /// The subcommand name (`validate`).
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Options that take a value (without the leading `--`).
  static var valuedOptions: Set<String> { get }
  /// Short option aliases (`-o` → `--output`).
  static var aliases: [String: String] { get }
  /// Runs the command.
  ///
  /// - Returns: the exit code.
  /// - Throws: `ToolError` for usage and I/O errors (exit code 2).
  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode
}

extension CLICommand {
  public static var aliases: [String: String] { [:] }
}
