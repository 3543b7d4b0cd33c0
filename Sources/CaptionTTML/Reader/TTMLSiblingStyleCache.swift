import CaptionCore

/// Computed styles and cue settings shared by the children of one `body` or `div`.
///
/// A child with no inline style attributes gets a computed style that depends only on its
/// parent's context, the `region` it names and its `style` references. Documents list thousands
/// of `p`s with the same region and styles under one `div`, so the siblings resolve each
/// combination once instead of once per `p`.
final class TTMLSiblingStyleCache {
  struct Key: Hashable {
    /// The child's own `region` attribute (or inline region id), not the inherited one.
    var region: String?
    /// The child's `style` references, in order.
    var refs: [String]
  }

  /// A class, so that handing out an entry is one retain, not a copy of a whole style.
  final class Entry {
    let computed: TextStyle
    /// The cue settings of a `p` with this key, once one has been made: one box that all
    /// its cues share.
    var settings: Cue.SharedSettings?

    init(computed: TextStyle) {
      self.computed = computed
    }
  }

  /// The reader's `resolverGeneration` the entries were computed with; a rebuilt resolver
  /// (after an inline region) empties the cache.
  private var generation: Int
  private var entries: [Key: Entry] = [:]
  /// The entry used last: consecutive siblings nearly always share a key, and comparing two
  /// short keys costs a tenth of hashing one.
  private var last: (key: Key, entry: Entry)?

  init(generation: Int) {
    self.generation = generation
  }

  /// The entry for `key`, computed under resolver `generation`.
  func entry(_ key: Key, generation: Int) -> Entry? {
    if generation != self.generation {
      entries = [:]
      last = nil
      self.generation = generation
    }
    if let last, last.key == key { return last.entry }
    guard let found = entries[key] else { return nil }
    last = (key, found)
    return found
  }

  func store(_ entry: Entry, for key: Key) {
    entries[key] = entry
    last = (key, entry)
  }

  func storeSettings(_ settings: Cue.SharedSettings, for key: Key) {
    entries[key]?.settings = settings
  }
}
