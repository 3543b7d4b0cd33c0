/// A stream disposition, named as FFmpeg's `av_disposition_to_string` names it.
///
/// Bit values are those of `AV_DISPOSITION_*` in FFmpeg 5.1 `libavformat/avformat.h`.
public enum Disposition: String, Sendable, Hashable, Codable, CaseIterable {
  case `default`, dub, original, comment, lyrics, karaoke, forced
  case hearingImpaired = "hearing_impaired"
  case visualImpaired = "visual_impaired"
  case cleanEffects = "clean_effects"
  case attachedPic = "attached_pic"
  case timedThumbnails = "timed_thumbnails"
  case nonDiegetic = "non_diegetic"
  case captions, descriptions, metadata, dependent
  case stillImage = "still_image"

  /// The `AV_DISPOSITION_*` bit.
  public var bit: Int32 {
    switch self {
    case .default: 1 << 0
    case .dub: 1 << 1
    case .original: 1 << 2
    case .comment: 1 << 3
    case .lyrics: 1 << 4
    case .karaoke: 1 << 5
    case .forced: 1 << 6
    case .hearingImpaired: 1 << 7
    case .visualImpaired: 1 << 8
    case .cleanEffects: 1 << 9
    case .attachedPic: 1 << 10
    case .timedThumbnails: 1 << 11
    case .nonDiegetic: 1 << 12
    case .captions: 1 << 16
    case .descriptions: 1 << 17
    case .metadata: 1 << 18
    case .dependent: 1 << 19
    case .stillImage: 1 << 20
    }
  }

  /// The dispositions set in an `AVStream.disposition` bit field, in declaration order.
  public static func decode(_ bits: Int32) -> [Disposition] {
    allCases.filter { bits & $0.bit != 0 }
  }
}
