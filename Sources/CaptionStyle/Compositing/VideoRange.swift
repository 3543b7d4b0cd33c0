/// The video the caption is composited over.
public enum VideoRange: Sendable, Hashable {
  /// Any SDR video: every sRGB colour, with caption white equal to video white.
  case sdr
  /// HDR video with caption white at reference white (ITU-R BT.2408: 203 cd/m²) and video up to
  /// `peakNits`; in linear light the video spans 0 … `peakNits / referenceWhiteNits` times
  /// caption white.
  case hdr(peakNits: Double, referenceWhiteNits: Double)

  /// The brightest video value relative to caption white (1 for SDR).
  public var peakRelative: Double {
    switch self {
    case .sdr: 1
    case .hdr(let peak, let ref): ref > 0 ? max(1, peak / ref) : 1
    }
  }
}
