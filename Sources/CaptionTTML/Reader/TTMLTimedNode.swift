import CaptionCore

/// A content element (`body`, `div`, `p`, `span`, `br`, `set`…) with its resolved interval
/// (TTML2 §12.4, time containment): `begin` is absolute; `end` is absolute or `nil` when
/// indefinite. Ends are not yet clipped to the parent's active interval.
struct TTMLTimedNode: Sendable {
  var element: XMLElementNode
  var begin: CaptionTime
  var end: CaptionTime?
  /// Whether the element carries its own `begin`, `end` or `dur`.
  var explicitlyTimed: Bool
  /// Child content elements, in document order (foreign and metadata elements are not here).
  var children: [TTMLTimedNode]
  /// `timeContainer="seq"`: its bare text (anonymous spans) has no duration (TTML2 §12.1.2).
  var sequential = false
}
