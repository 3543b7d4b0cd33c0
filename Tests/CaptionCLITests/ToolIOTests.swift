@testable import CaptionCLI
import Testing

/// `ToolIO.keepUntilDone` keeps a finished command's large values only in the `captionkit`
/// executable (which exits right after); a `ToolIO` that runs commands one after another, as
/// tests and programs embedding the CLI do, must let them go.
@Suite struct ToolIOTests {
  final class Payload {}

  @Test func aCapturedToolIOLetsFinishedValuesGo() {
    let io = ToolIO.captured()
    weak var weakPayload: Payload?
    do {
      let payload = Payload()
      weakPayload = payload
      io.keepUntilDone([payload] as [Any])
    }
    #expect(weakPayload == nil)
  }
}
