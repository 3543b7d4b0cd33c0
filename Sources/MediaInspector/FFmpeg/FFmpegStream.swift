/// A plain copy of what FFmpeg knows about one `AVStream` (no C types escape `FFmpegDemuxer`).
struct FFmpegStream: Sendable {
  var index: Int
  /// `AVStream.id`: MP4 track_ID, Matroska TrackNumber, TS PID.
  var id: Int
  var mediaType: String
  var codecName: String
  /// `AVCodecParameters.codec_tag` as a four-character string, if printable and non-zero.
  var codecTag: String?
  var dispositionBits: Int32
  var metadata: [(key: String, value: String)]
  var extradata: [UInt8]
  var timeBaseNum: Int32
  var timeBaseDen: Int32
  var startTime: Int64?
  var duration: Int64?

  func tag(_ key: String) -> String? { metadata.first { $0.key == key }?.value }
}
