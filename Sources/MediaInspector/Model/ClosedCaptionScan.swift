/// What a scan of the video for embedded CEA-608/708 (ATSC A/53 `cc_data`) found.
///
/// Absence is "not found within the budget", never proof that a file has no captions.
public struct ClosedCaptionScan: Sendable, Hashable, Codable {
  /// The index of the video stream scanned.
  public var streamIndex: Int
  /// The video codec (`h264`, `hevc`, `mpeg2video`).
  public var codec: String
  /// Seconds of video decoded from the first packet (`nil` when the whole file was scanned).
  public var budgetSeconds: Double?
  /// Frames decoded.
  public var framesDecoded: Int
  /// Frames that carried `AV_FRAME_DATA_A53_CC` side data.
  public var framesWithCaptionData: Int
  /// CEA-608 channels seen with data (`CC1`…`CC4`), from control codes and text in valid
  /// field 1/2 pairs.
  public var channels608: [String]
  /// CEA-708 service numbers seen in DTVCC service blocks.
  public var services708: [Int]
  /// Whether libavcodec flagged the stream (`FF_CODEC_PROPERTY_CLOSED_CAPTIONS`).
  public var decoderFlaggedCaptions: Bool
  /// Why the scan stopped early or could not run, if it did.
  public var note: String?

  /// Whether any 608 or 708 caption data was found.
  public var found: Bool { !channels608.isEmpty || !services708.isEmpty || framesWithCaptionData > 0 }

  public init(streamIndex: Int, codec: String) {
    self.streamIndex = streamIndex
    self.codec = codec
    framesDecoded = 0
    framesWithCaptionData = 0
    channels608 = []
    services708 = []
    decoderFlaggedCaptions = false
  }
}
