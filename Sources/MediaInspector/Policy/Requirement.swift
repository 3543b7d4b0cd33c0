/// One CI requirement a policy asserts about every file.
public enum Requirement: Sendable, Hashable, CustomStringConvertible {
  /// A subtitle/caption track matching every given filter exists (and is selectable on each
  /// listed player family).
  case track(TrackRequirement)
  /// CEA-608 channel `CC1`…`CC4` is present (embedded in video, a `c608` track, an HLS
  /// CLOSED-CAPTIONS INSTREAM-ID or a DASH CEA-608 Accessibility descriptor).
  case cea608(channel: String)
  /// CEA-708 service `n` is present (embedded in video, HLS `SERVICEn`, DASH CEA-708 descriptor).
  case cea708(service: Int)
  /// No subtitle/caption track has a missing or `und` language.
  case noUntaggedLanguages
  /// Exactly one subtitle track is default-flagged (for HLS: per SUBTITLES group).
  case exactlyOneDefault
  /// No rule finding at `error` severity.
  case noErrors
  /// The named rule (`MP4-002`) reports nothing.
  case noRule(String)

  public var description: String {
    switch self {
    case .track(let t): t.description
    case .cea608(let c): "CEA-608 \(c) present"
    case .cea708(let s): "CEA-708 service \(s) present"
    case .noUntaggedLanguages: "no untagged languages"
    case .exactlyOneDefault: "exactly one default subtitle track"
    case .noErrors: "no rule errors"
    case .noRule(let r): "no \(r) findings"
    }
  }
}

/// The filters of a `Requirement.track`. `nil` filters are not checked.
public struct TrackRequirement: Sendable, Hashable, Codable, CustomStringConvertible {
  /// A BCP 47 or ISO 639 tag; `en` matches `eng` and `en-US`, `en-US` matches only `en-US`.
  public var language: String?
  /// SDH / captions for the deaf and hard of hearing (per container: MP4 `tagc` pair for Apple,
  /// Matroska FlagHearingImpaired, WebM `D_WEBVTT/CAPTIONS`, HLS CHARACTERISTICS, DASH Role
  /// `caption`, DVB subtitling_type 0x20–0x25).
  public var sdh: Bool?
  /// Forced (for Apple MP4: the tx3g all-samples-forced flag).
  public var forced: Bool?
  /// Default-flagged.
  public var isDefault: Bool?
  /// Allowed codecs (`mov_text`, `webvtt`, `subrip`…), any of.
  public var codecs: [String]?
  /// Player families on which the track must be selectable.
  public var selectableOn: [PlayerFamily]

  public init(language: String? = nil, sdh: Bool? = nil, forced: Bool? = nil, isDefault: Bool? = nil, codecs: [String]? = nil, selectableOn: [PlayerFamily] = []) {
    self.language = language
    self.sdh = sdh
    self.forced = forced
    self.isDefault = isDefault
    self.codecs = codecs
    self.selectableOn = selectableOn
  }

  /// E.g. `a subtitle track with language en that is SDH and selectable on apple, android`.
  public var description: String {
    var s = "a subtitle track"
    if let l = language { s += " with language \(l)" }
    var props: [String] = []
    if let v = sdh { props.append(v ? "SDH" : "not SDH") }
    if let v = forced { props.append(v ? "forced" : "not forced") }
    if let v = isDefault { props.append(v ? "default" : "not default") }
    if let c = codecs { props.append("in \(c.joined(separator: "/"))") }
    if !selectableOn.isEmpty { props.append("selectable on \(selectableOn.map(\.rawValue).joined(separator: ", "))") }
    if !props.isEmpty { s += " that is " + props.joined(separator: " and ") }
    return s
  }

  /// A short label for messages: `en SDH`, `fr forced`.
  var label: String {
    var parts: [String] = []
    if let l = language { parts.append(l) }
    if sdh == true { parts.append("SDH") }
    if forced == true { parts.append("forced") }
    if isDefault == true { parts.append("default") }
    return parts.isEmpty ? "subtitle" : parts.joined(separator: " ")
  }
}
