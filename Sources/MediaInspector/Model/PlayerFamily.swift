/// The player families selectability is judged for (reference §1.6).
public enum PlayerFamily: String, Sendable, Hashable, Codable, CaseIterable {
  /// AVFoundation / AVPlayer / QuickTime / Safari (progressive MP4/MOV/M4V, and HLS).
  case apple
  /// androidx/media3 (ExoPlayer).
  case android
  /// mpv and VLC (libavformat-based or their own demuxers).
  case desktop
  /// Chrome and Firefox `<video>` without a JS player: sidecar or manifest text only.
  case web
}
