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

  /// `{namespace}local`, Clark notation.
  public var description: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }
}
