/// An expanded XML name (Namespaces in XML 1.0 §3): a namespace name and a local part.
///
/// Two names are equal when both parts are equal, whatever prefix the source used, so
/// `tt:p`, `ttml:p` and an unprefixed `p` under the default namespace are the same element.
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
  /// The namespace URI; empty for no namespace.
  public var namespace: String
  /// The local part.
  public var local: String

  public init(_ namespace: String, _ local: String) {
    self.namespace = namespace
    self.local = local
  }

  /// Whether this is the name `{namespace}local`. Lengths are compared first: Swift's `==`
  /// answers equal strings that share storage (or are short) at once, but calls out of line to
  /// find two strings different, and most comparisons here are of different names.
  @inline(__always)
  func matches(_ namespace: String, _ local: String) -> Bool {
    self.local.utf8.count == local.utf8.count && self.namespace.utf8.count == namespace.utf8.count
      && self.local == local && self.namespace == namespace
  }

  /// Whether the name is in namespace `ns`: `namespace == ns` with the lengths compared first
  /// (see `matches`). The reader and the validator ask it of every element and attribute, for
  /// each namespace they know, and most answers are no.
  @inline(__always)
  func isIn(_ ns: String) -> Bool {
    namespace.utf8.count == ns.utf8.count && namespace == ns
  }

  /// `{namespace}local`, Clark notation.
  public var description: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }
}
