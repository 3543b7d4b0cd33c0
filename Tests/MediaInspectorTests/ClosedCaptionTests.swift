import Testing
@testable import MediaInspector

@Suite struct ClosedCaptionTests {
  @Test func cea608InH264SEI() {
    let r = Fixtures.inspect("ts_cc608.ts")
    #expect(r.container == "mpegts")
    let scan = r.closedCaptions.first
    #expect(scan?.codec == "h264")
    #expect(scan?.channels608 == ["CC1"])
    #expect(scan?.services708 == [])
    #expect(scan?.decoderFlaggedCaptions == true)
    #expect(scan?.framesDecoded == 30)
    #expect(scan?.framesWithCaptionData == 30)
    #expect(r.diagnostics.contains { $0.code == "media.ts-004" && $0.message.contains("CC1") })
  }

  @Test func noCaptions() {
    let r = Fixtures.inspect("ts_nocc.ts")
    #expect(r.closedCaptions.first?.found == false)
    #expect(r.closedCaptions.first?.framesDecoded == 30)
  }

  @Test func budgetLimitsDecoding() {
    var o = InspectOptions()
    o.closedCaptionBudgetSeconds = 0.2
    let r = MediaInspector.inspect(path: Fixtures.path("ts_cc608.ts"), options: o)
    let frames = r.closedCaptions.first?.framesDecoded ?? 0
    #expect(frames >= 5 && frames <= 8)
  }

  @Test func parserChannelsAndServices() {
    var p = CCDataParser()
    // Field 1 control 0x14 0x20 (CC1 RCL, parity bits set), field 2 0x1C 0x20 (CC4),
    // DTVCC packet: header (seq 0, size code 2 = 4 bytes), service 1 block of 1 byte, padding.
    let bytes: [UInt8] = [0xFC, 0x94, 0x20, 0xFD, 0x1C, 0x20, 0xFF, 0x02, 0x21, 0xFE, 0x41, 0x00]
    bytes.withUnsafeBufferPointer { p.feed($0) }
    #expect(p.channels608 == ["CC1", "CC4"])
    #expect(p.services708 == [1])
  }
}
