import CaptionCore
import CaptionFormats
import Foundation
import Testing

@Suite struct ZZProfileTests {
  @Test func profile() throws {
    var bytes = Array("WEBVTT\n\n".utf8)
    let cue = Array("00:00:00.000 --> 00:00:01.000\nThis is a fairly ordinary caption line\n\n".utf8)
    for _ in 0..<200_000 { bytes += cue }
    var t = Date()
    _ = try WebVTTFormat().read(bytes, options: ReadOptions())
    let dt = Date().timeIntervalSince(t)
    print("read 200k cues", dt, "MB/s", Double(bytes.count) / 1e6 / dt)
    var styled = Array("WEBVTT\n\n".utf8)
    let c2 = Array("00:00:00.000 --> 00:00:01.000 align:start line:80%\n<v Bob>This is <i>a</i> fairly &amp; ordinary caption line</v>\n\n".utf8)
    for _ in 0..<200_000 { styled += c2 }
    t = Date()
    _ = try WebVTTFormat().read(styled, options: ReadOptions())
    let dt2 = Date().timeIntervalSince(t)
    print("read 200k styled cues", dt2, "MB/s", Double(styled.count) / 1e6 / dt2)
  }
}
