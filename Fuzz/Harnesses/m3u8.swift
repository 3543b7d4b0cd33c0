// HLS master playlist parser and rules (MediaInspector's HLSInspector; no FFmpeg involved).
// The playlist is the only file in its folder, so subtitle playlist URIs resolve to nothing
// (or to the playlist itself, `input.m3u8`).
// fuzz-modules: MediaInspector
// fuzz-seeds: m3u8 m3u
// fuzz-dict: m3u8.dict
// fuzz-max-len: 16384
// fuzz-seed: #EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="input.m3u8"\n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",LANGUAGE="en",INSTREAM-ID="CC1"\n#EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="avc1.4d401f,mp4a.40.2",SUBTITLES="subs",CLOSED-CAPTIONS="cc"\nvideo.m3u8\n
// fuzz-seed: #EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg1.vtt\n#EXT-X-ENDLIST\n
import CaptionCore
@testable import MediaInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = TempFile.write(data, size, name: "input.m3u8")
  guard let file = BoundedFile(path: path) else { fatalError("cannot open the scratch file") }
  var report = MediaReport(path: path, kind: "hls")
  HLSInspector(options: InspectOptions()).inspect(path: path, file: file, into: &report)
  Fuzz.check(report.diagnostics, "m3u8")
  return 0
}
