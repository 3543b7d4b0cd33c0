extension Cue {
  /// Cue settings that many cues hold (every cue of a TTML region has its region's): one box
  /// for all of them, where `settings`' setter makes one a cue. The box is immutable, so a cue
  /// whose settings are set later gets a box of its own.
  @usableFromInline package struct SharedSettings: Sendable, Equatable {
    /// Nil for the default settings, which take no box.
    @usableFromInline let box: Optional<Boxed<CueSettings>>

    package init(_ settings: CueSettings) {
      box = settings.isDefault ? nil : Boxed(settings)
    }

    /// The settings.
    package var value: CueSettings { box?.value ?? CueSettings() }
  }

  /// The box that holds the settings, or nil for the default settings. Cues with the same box
  /// have the same settings, which a writer can tell without copying or comparing them.
  package var settingsBox: AnyObject? { boxedSettings }
}
