import CaptionCLI
import Foundation

// Large buffers (the input file, output chunks) are given back to the system when freed:
// glibc otherwise raises its mmap threshold after the first such free and keeps later ones in
// the heap, which costs a streaming conversion a few MB of peak memory. `mallopt` is looked up at
// run time (the Glibc module does not export it); M_MMAP_THRESHOLD is -3.
if let mallopt = dlsym(nil, "mallopt").map({ unsafeBitCast($0, to: (@convention(c) (Int32, Int32) -> Int32).self) }) {
  _ = mallopt(-3, 128 << 10)
}

exit(CaptionTool.run(Array(CommandLine.arguments.dropFirst()), io: .process(environment: ProcessInfo.processInfo.environment)))
