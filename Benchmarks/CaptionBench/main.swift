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
let ext = URL(fileURLWithPath: args[2]).pathExtension
guard let format = try? FormatRegistry.detect(bytes, fileExtension: ext) else { exit(2) }
var times: [Double] = []
var cues = 0
var diagnostics = 0
/// glibc defers merging freed chunks to the next large allocation, which would charge the
/// previous run's teardown to this one; `malloc_trim` does that merge now (looked up at run time:
/// the Glibc module does not export it).
let mallocTrim = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
func trimHeap() { _ = mallocTrim?(0) }

var result: ReadResult?
for _ in 0..<runs {
  let clock = ContinuousClock()
  // Free the previous run's document before the clock starts: parse time, not teardown.
  result = nil
  trimHeap()
  let elapsed = clock.measure { result = try? format.read(bytes, options: ReadOptions()) }
  cues = result?.document.cues.count ?? -1
  diagnostics = result?.diagnostics.count ?? -1
  times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
times.sort()
print("{\"seconds\": \(times[times.count / 2]), \"cues\": \(cues), \"diagnostics\": \(diagnostics), \"bytes\": \(bytes.count), \"format\": \"\(format.id)\"}")
