// In-process parse timing for the benchmark script: reads the file into memory once, then
// parses it RUNS times and prints the median, so process start and file I/O are reported apart.
//
// usage: captionkit-bench parse FILE [RUNS]
import CaptionKit
import Foundation

let args = CommandLine.arguments
guard args.count >= 3, args[1] == "parse", let data = FileManager.default.contents(atPath: args[2]) else {
  FileHandle.standardError.write(Data("usage: captionkit-bench parse FILE [RUNS]\n".utf8))
  exit(2)
}
let runs = args.count > 3 ? max(1, Int(args[3]) ?? 5) : 5
let bytes = Array(data)
let ext = (args[2] as NSString).pathExtension
guard let format = try? FormatRegistry.detect(bytes, fileExtension: ext) else { exit(2) }
var times: [Double] = []
var cues = 0
var diagnostics = 0
for _ in 0..<runs {
  let clock = ContinuousClock()
  var result: ReadResult?
  let elapsed = clock.measure { result = try? format.read(bytes, options: ReadOptions()) }
  cues = result?.document.cues.count ?? -1
  diagnostics = result?.diagnostics.count ?? -1
  times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
times.sort()
print("{\"seconds\": \(times[times.count / 2]), \"cues\": \(cues), \"diagnostics\": \(diagnostics), \"bytes\": \(bytes.count), \"format\": \"\(format.id)\"}")
