/// Why a time expression is invalid.
public struct TTMLTimeError: Error, Sendable, Hashable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
