import CaptionCLI
import CaptionKit
import Foundation

// Buffers of 1 MiB and more (the input file, a document's arrays) are given back to the system
// when freed: glibc otherwise raises its mmap threshold after the first such free and keeps later
// ones in the heap, which cost a streaming conversion of 100k cues 4 MB of peak memory (12%). A
// lower threshold would also map and unmap the converter's 256 KiB output pieces each time, which
// costs more in page faults than it saves. `mallopt` is looked up at run time (the Glibc module
// does not export it); M_MMAP_THRESHOLD is -3.
if let mallopt = dlsym(nil, "mallopt").map({ unsafeBitCast($0, to: (@convention(c) (Int32, Int32) -> Int32).self) }) {
  _ = mallopt(-3, 1 << 20)
}

// Arguments are Swift strings, which replace bytes that are not UTF-8: a file named so could
// not be opened, and would be reported as missing. Say what is wrong instead.
for k in 1..<Int(CommandLine.argc) {
  guard let arg = CommandLine.unsafeArgv[k] else { continue }
  let bytes = UnsafeRawBufferPointer(start: arg, count: strlen(arg)).bindMemory(to: UInt8.self)
  if String(validating: bytes, as: UTF8.self) == nil {
    let shown = ControlCharacterEscaping.escaped(String(decoding: bytes, as: UTF8.self))
    // write(2), not FileHandle: that traps when standard error is closed or full.
    let message = Array("captionkit: error: argument \(k) ('\(shown)') is not valid UTF-8; a file of that name cannot be opened by this tool (rename it)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
  }
}

// A global, so that what commands leave with it (`ToolIO.keepUntilDone`) is never freed: the
// process exits at once.
let io = ToolIO.processExitingAfterOneCommand(environment: ProcessInfo.processInfo.environment)
exit(CaptionTool.run(Array(CommandLine.arguments.dropFirst()), io: io))
