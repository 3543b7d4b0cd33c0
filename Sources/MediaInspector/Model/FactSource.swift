/// Which layer of the inspector established a fact.
///
/// The same FFmpeg field can mean different things per container (MP4 `default` is really the
/// `tkhd` enabled bit), so every track fact records where it came from.
public enum FactSource: String, Sendable, Hashable, Codable {
  /// libavformat / libavcodec (the same value `ffprobe` shows).
  case ffmpeg
  /// CaptionKit's own bounded reader (MP4 box walker, Matroska EBML reader, M3U8 or MPD parser).
  case direct
  /// Derived by the inspector from other facts (e.g. SDH from two `tagc` characteristics).
  case derived
  /// A container default that applied because the element was absent (Matroska FlagDefault=1).
  case containerDefault = "container-default"
}
