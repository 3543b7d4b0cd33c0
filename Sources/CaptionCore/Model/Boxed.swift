/// An immutable heap box for a large value that most cues leave unset (a cue's style, its
/// non-default settings).
///
/// Keeping such fields out of line keeps `Cue` small: a 1M-cue document holds a million of them
/// in one array, and every byte of `Cue` is copied when the array grows and touched when it is
/// built. A set replaces the box, so values keep their copy semantics.
@usableFromInline
final class Boxed<Value: Sendable & Hashable>: Sendable, Hashable {
  let value: Value

  @usableFromInline init(_ value: Value) { self.value = value }

  @usableFromInline static func == (a: Boxed, b: Boxed) -> Bool { a === b || a.value == b.value }

  @usableFromInline func hash(into h: inout Hasher) { h.combine(value) }
}
