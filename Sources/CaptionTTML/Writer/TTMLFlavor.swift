/// The TTML variant a writer produces (`WriteOptions.flavor`).
public enum TTMLFlavor: String, Sendable, Hashable, CaseIterable {
  /// IMSC 1.1 Text Profile (W3C Recommendation 2018), `ttp:contentProfiles` designator. Default.
  case imsc11 = "imsc1.1"
  /// EBU-TT-D (EBU Tech 3380 v1.0.1): referential styling only, clock times in media time,
  /// no nested spans, no ruby, no agents.
  case ebuttd = "ebu-tt-d"
  /// TTML1 / DFXP-compatible: TTML1 vocabulary only, clock times.
  case dfxp

  /// The flavor named by `WriteOptions.flavor` (`nil` → IMSC 1.1). Unknown names give `nil`.
  public init?(option: String?) {
    guard let option else { self = .imsc11; return }
    switch option.lowercased() {
    case "imsc1.1", "imsc", "imsc11", "ttml": self = .imsc11
    case "ebu-tt-d", "ebuttd", "ebu": self = .ebuttd
    case "dfxp", "ttml1": self = .dfxp
    default: return nil
    }
  }

  /// The profile designator written on the root element.
  var designator: String {
    switch self {
    case .imsc11: "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    case .ebuttd: "urn:ebu:tt:distribution:2014-01"
    case .dfxp: "http://www.w3.org/ns/ttml/profile/dfxp-presentation"
    }
  }
}
