import Testing
import CaptionCore
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

  @Test func cea608InMPEG2UserData() {
    let r = Fixtures.inspect("ts_mpeg2_cc.ts")
    #expect(r.closedCaptions.first?.codec == "mpeg2video")
    #expect(r.closedCaptions.first?.channels608 == ["CC1"])
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

  /// Text Restart (TR) and Resume Text Display (RTD) start the Text service, which is not a
  /// caption channel, until a caption command (RCL, RU2–RU4, RDC) takes the channel back.
  @Test func textModeIsNotACaptionChannel() {
    func channels(_ pairs: [(UInt8, UInt8)]) -> [String] {
      var p = CCDataParser()
      let bytes: [UInt8] = pairs.flatMap { [UInt8(0xFC), $0.0, $0.1] }
      bytes.withUnsafeBufferPointer { p.feed($0) }
      return p.channels608
    }
    // TR TR, "HE", "LL", "O": text only (no parity bits: the parser strips them anyway).
    #expect(channels([(0x14, 0x2A), (0x14, 0x2A), (0x48, 0x45), (0x4C, 0x4C), (0x4F, 0x00)]) == [])
    // RTD on the second channel, text; then RCL and a caption on the first channel.
    #expect(channels([(0x1C, 0x2B), (0x41, 0x42), (0x14, 0x20), (0x41, 0x42)]) == ["CC1"])
    // Text, then RU2 on the same channel: captions again.
    #expect(channels([(0x14, 0x2A), (0x41, 0x42), (0x14, 0x25), (0x41, 0x42)]) == ["CC1"])
  }
}

@Suite struct DVBSubtitleTests {
  /// The page composition is read only from what the packet holds: a length past its end counts
  /// the regions present, and a packet whose segment lost its sync byte has no page (no cue).
  @Test func pageCompositionOfMalformedPackets() {
    func page(_ b: [UInt8]) -> DVBDisplaySet? { b.withUnsafeBufferPointer { DVBDisplaySet($0) } }
    let region: [UInt8] = [0x00, 0xFF, 0x00, 0x08, 0x00, 0x28]
    #expect(page([0x0F, 0x10, 0x00, 0x01, 0x00, 0x08, 0x1E, 0x0B] + region).map { [$0.version, $0.regionCount] } == [0, 1])
    #expect(page([0x0F, 0x10, 0x00, 0x01, 0xFF, 0xFF, 0x1E, 0x1B] + region).map { [$0.version, $0.regionCount] } == [1, 1])
    #expect(page([0x0F, 0x10, 0x00, 0x01, 0x00, 0x02, 0x1E, 0x1B]).map { [$0.version, $0.regionCount] } == [1, 0])
    #expect(page([0x00, 0x10, 0x00, 0x01, 0x00, 0x02, 0x1E, 0x1B]) == nil)
    #expect(page([0x20, 0x00, 0x0F, 0x14, 0x00, 0x01, 0x00, 0x00, 0x0F, 0x10, 0x00, 0x01, 0x00, 0x02, 0x1E, 0x2B])?.version == 2)
  }

  @Test func dvbSubtitlesInTS() {
    let r = Fixtures.inspect("ts_dvbsub.ts", cc: false)
    #expect(r.container == "mpegts")
    let subs = r.textTracks
    #expect(subs.map(\.codec) == ["dvb_subtitle", "dvb_subtitle", "dvb_subtitle"])
    #expect(subs.map(\.language) == ["eng", "deu", "und"])
    #expect(subs[0].dvbSubtitlingTypes == [0x20])
    #expect(subs[1].dvbSubtitlingTypes == [0x10])
    #expect(subs.map(\.isSDH) == [true, false, false])
    // One subtitle each, then a page that clears it (as ffprobe -show_frames decodes them): the
    // clear is not a cue, and it ends the cue shown.
    #expect(subs.map(\.cueCount) == [1, 1, 1])
    #expect(subs.map { $0.lastCueEnd?.time } == Array(repeating: subs[0].firstCueStart.map { $0.time + CaptionTime(milliseconds: 200) }, count: 3))
    #expect(r.diagnostics.filter { $0.code == "media.ts-001" }.map(\.message) == ["track 4 (dvb_subtitle, und) carries no ISO-639 language (TS-001)"])
    #expect(subs[0].verdicts.first { $0.player == .android }?.selectable == true)
    #expect(subs[0].verdicts.first { $0.player == .apple }?.selectable == false)
    let sdh = Policy(requirements: [.track(TrackRequirement(language: "de", sdh: true))]).evaluate(r)
    #expect(sdh.failures.first?.reason == "de track found but none is marked SDH: track 3 (dvb_subtitle, de) (TS-002)")
    #expect(Policy(requirements: [.track(TrackRequirement(language: "en", sdh: true, selectableOn: [.android]))]).evaluate(r).passed)
  }
}

@Suite struct C608SampleTests {
  @Test func cdatAndCdt2Atoms() {
    var p = CCDataParser()
    // cdat (field 1): 0x94 0x2C (CC1 EDM with parity); cdt2 (field 2): 0x9C 0x2C → 0x1C = CC4.
    p.feedC608Sample([0, 0, 0, 10, 0x63, 0x64, 0x61, 0x74, 0x94, 0x2C, 0, 0, 0, 10, 0x63, 0x64, 0x74, 0x32, 0x9C, 0x2C])
    #expect(p.channels608 == ["CC1", "CC4"])
    var q = CCDataParser()
    q.feedC608Sample([0, 0, 0, 200, 0x63, 0x64, 0x61, 0x74, 0x94])  // size past the end: ignored
    #expect(q.channels608 == [])
  }
}

@Suite struct CaptionServiceDescriptorTests {
  @Test func declaredAndFoundAgree() {
    let r = Fixtures.inspect("ts_cc608_desc.ts")
    #expect(r.tracks.first?.declaredCaptionServices == ["CC1=eng"])
    #expect(r.tracks.first?.sources["declaredCaptionServices"] == .direct)
    #expect(!r.diagnostics.contains { $0.code == "media.ts-005" })
  }

  @Test func declaredAndFoundDisagree() {
    let r = Fixtures.inspect("ts_cc608_desc_bad.ts")
    #expect(r.tracks.first?.declaredCaptionServices == ["CC3=spa"])
    #expect(r.diagnostics.filter { $0.code == "media.ts-005" }.map(\.message) == [
      "video stream 0: the PMT declares CC3 but no such caption data was found in the first 5 s (TS-005)",
      "video stream 0 carries CC1 captions that its PMT caption_service_descriptor does not declare (TS-005)",
    ])
  }

  @Test func noDescriptor() {
    let r = Fixtures.inspect("ts_cc608.ts")
    #expect(r.tracks.first?.declaredCaptionServices == nil)
    #expect(r.diagnostics.contains { $0.code == "media.ts-005" && $0.severity == .info })
  }
}
