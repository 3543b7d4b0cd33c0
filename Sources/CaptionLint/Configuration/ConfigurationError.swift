/// A problem in a `.captionkit.json` file: the JSON path of the bad value (`$.rules["x"]`) and
/// what is wrong with it.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configuration file, if known.
  public var file: String?
  /// The JSON path of the offending key or value, `$` for the root.
  public var path: String
  /// What is wrong.
  public var message: String

  public init(file: String? = nil, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String {
    (file.map { $0 + ": " } ?? "") + "\(path): \(message)"
  }
}
