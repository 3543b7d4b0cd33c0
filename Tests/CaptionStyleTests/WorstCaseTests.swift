import CaptionCore
import Testing

@testable import CaptionStyle

/// Negative fixtures, minimum box opacities and HDR numbers from the style reference §4c.
@Suite struct WorstCaseTests {
  func profile(_ json: String) throws -> StyleProfile {
    try ProfileLoader.parse(#"{"schema": "caption-style-profile/1", "id": "fixture", "#.appending(json) + "}")
  }

  func numbers(_ p: StyleProfile) -> (String, String, String, String) {
    let a = ProfileAnalysis(p)
    let s = a.worst.first { $0.blendSpace == .srgb }!
    let l = a.worst.first { $0.blendSpace == .linear }!
    return (NumberFormat.fixed(s.ratio, 2), NumberFormat.fixed(l.ratio, 2), NumberFormat.lc(s.apca), NumberFormat.lc(l.apca))
  }

  @Test func cea708WhiteOnTranslucentIsACrossing() throws {
    let p = try profile(##""text": {"color": "#AAAAAA"}, "background": {"opacity": 0.5}"##)
    let n = numbers(p)
    #expect(n.0 == "1.71" && n.1 == "1.00" && n.2 == "21.0" && n.3 == "0.0")
    let a = ProfileAnalysis(p)
    #expect(a.worst.first { $0.blendSpace == .linear }!.crossing)
    let r = ProfileChecker.result(p)
    #expect(r.verdict == .fail)
    #expect(r.findings("CS-C01").first?.severity == .error)
    #expect(r.findings("CS-C05").first?.severity == .error)
  }

  @Test func redOnBlackPassesWCAGButFailsAPCA() throws {
    let p = try profile(##""text": {"color": "#FF0000"}, "background": {"opacity": 1}"##)
    let n = numbers(p)
    #expect(n.0 == "5.25" && n.1 == "5.25" && n.2 == "37.5" && n.3 == "37.5")
    let r = ProfileChecker.result(p)
    #expect(r.findings("CS-C01").first?.severity == .info)
    #expect(r.findings("CS-C03").first?.severity == .warning)
    #expect(r.verdict == .warn)
  }

  @Test func semitransparentText() throws {
    let p = try profile(##""text": {"opacity": 0.5}, "background": {"opacity": 0.5}"##)
    let n = numbers(p)
    #expect(n.0 == "2.17" && n.1 == "1.45" && n.2 == "31.8" && n.3 == "21.1")
    let r = ProfileChecker.result(p)
    #expect(r.verdict == .fail)
    #expect(r.findings("CS-C09").count == 1)
  }

  @Test func thinOutlineEarnsNoHalo() throws {
    let p = try profile(#""edge": {"type": "uniform", "width": 0.03}, "background": {"opacity": 0}"#)
    let n = numbers(p)
    #expect(n.0 == "1.00" && n.1 == "1.00" && n.2 == "0.0" && n.3 == "0.0")
    let r = ProfileChecker.result(p)
    #expect(r.findings("CS-C06").first?.severity == .warning)
    #expect(r.verdict == .fail)
  }

  @Test func windowOnlyIsCompositedLikeTheBox() throws {
    let p = try profile(##""background": {"opacity": 0}, "window": {"color": "#000000", "opacity": 0.5}"##)
    let n = numbers(p)
    #expect(n.0 == "3.98" && n.1 == "1.91" && n.2 == "72.6" && n.3 == "40.7")
  }

  @Test func flashingBackgroundIsJudgedTransparent() throws {
    let p = try profile(#""background": {"opacity": 1}, "effects": {"flash": ["background"]}"#)
    let r = ProfileChecker.result(p)
    #expect(r.findings("CS-C10").first?.severity == .warning)
    #expect(r.findings("CS-C01").first?.severity == .error)
  }

  @Test func quantisationOf75PercentBoxWarns() throws {
    // 0.75 rounds down to TRANSLUCENT (0.5): 10.41 → 3.98 in sRGB.
    let r = ProfileChecker.result(try ProfileLibrary.builtIn.profile("translucent-box-75"))
    let f = try #require(r.findings("CS-C13").first)
    #expect(f.severity == .warning)
    #expect(NumberFormat.fixed(f.values["cea708.srgb"] ?? 0, 2) == "3.98")
    #expect(CEA708Quantizer.quantize(RGB(hex: "#E6E6E6")!) == .white)
    #expect(CEA708Quantizer.level(0xAA / 255.0) == 2)
  }

  @Test(arguments: [
    ("#FFFFFF", [0.416, 0.535, 0.651], [0.700, 0.817, 0.900], [0.401, 0.520, 0.659], [0.682, 0.804, 0.905]),
    ("#FFFF00", [0.438, 0.554, 0.669], [0.724, 0.833, 0.910], [0.440, 0.565, 0.715], [0.726, 0.841, 0.934]),
    ("#00FFFF", [0.484, 0.595, 0.707], [0.771, 0.864, 0.930], [0.526, 0.666, 0.873], [0.809, 0.909, 0.985]),
    ("#00FF00", [0.510, 0.619, 0.730], [0.795, 0.880, 0.941], [0.576, 0.729, -1], [0.850, 0.940, -1]),
  ])
  func minimumBoxOpacity(_ hex: String, _ wcagS: [Double], _ wcagL: [Double], _ apcaS: [Double], _ apcaL: [Double]) {
    let text = RGB(hex: hex)!
    func show(_ o: Double?) -> Double { o.map { ($0 * 1000).rounded() / 1000 } ?? -1 }
    for (i, r) in [3.0, 4.5, 7].enumerated() {
      #expect(show(MinimumOpacity.backgroundOpacity(text: text, target: .ratio(r), space: .srgb)) == wcagS[i], "\(hex) \(r) sRGB")
      #expect(show(MinimumOpacity.backgroundOpacity(text: text, target: .ratio(r), space: .linear)) == wcagL[i], "\(hex) \(r) linear")
    }
    for (i, lc) in [60.0, 75, 90].enumerated() {
      #expect(show(MinimumOpacity.backgroundOpacity(text: text, target: .apca(lc), space: .srgb)) == apcaS[i], "\(hex) Lc \(lc) sRGB")
      #expect(show(MinimumOpacity.backgroundOpacity(text: text, target: .apca(lc), space: .linear)) == apcaL[i], "\(hex) Lc \(lc) linear")
    }
  }

  @Test(arguments: [
    (203.0, 0.817, 0.900, ["3.50", "7.00", "10.50", "17.50"]),
    (1000.0, 0.963, 0.980, ["1.00", "1.94", "3.54", "10.58"]),
    (4000.0, 0.991, 0.995, ["1.00", "1.00", "1.01", "4.25"]),
  ])
  func hdrBoxes(_ peak: Double, _ for45: Double, _ for7: Double, _ ratios: [String]) {
    let video = VideoRange.hdr(peakNits: peak, referenceWhiteNits: 203)
    func show(_ o: Double?) -> Double { o.map { ($0 * 1000).rounded() / 1000 } ?? -1 }
    #expect(show(MinimumOpacity.backgroundOpacity(text: .white, target: .ratio(4.5), space: .linear, video: video)) == for45)
    #expect(show(MinimumOpacity.backgroundOpacity(text: .white, target: .ratio(7), space: .linear, video: video)) == for7)
    for (i, o) in [0.75, 0.90, 0.95, 0.99].enumerated() {
      let w = WorstCaseEngine.evaluate(LayerStack(text: Paint(.white), background: Paint(.black, opacity: o)), space: .linear, video: video)
      #expect(NumberFormat.fixed(w.ratio, 2) == ratios[i], "peak \(peak) opacity \(o)")
    }
  }

  @Test func hdrRuleFailsTheSDRSafeBox() throws {
    let p = try profile(#""background": {"opacity": 0.9}, "validation": {"video": {"kind": "hdr", "peakNits": 1000}}"#)
    let r = ProfileChecker.result(p)
    let f = try #require(r.findings("CS-C11").first)
    #expect(f.severity == .error)
    #expect(f.message.hasPrefix("worst-case contrast 1.94:1 (linear) over 1000 cd/m² video"))
    #expect(NumberFormat.fixed(f.values["requiredOpacity"] ?? 0, 3) == "0.963")
  }

  @Test func sizeClassesPerContext() {
    let px = ViewingContext.standard.map { NumberFormat.fixed($0.referencePixels(rh: 5.33), 0) }
    #expect(px == ["47", "46", "28", "17"])
    #expect(ViewingContext.phonePortraitInline.sizeClass(rh: 6.0, fontWeight: 700) == .large)
    #expect(ViewingContext.phonePortraitInline.sizeClass(rh: 6.0, fontWeight: 400) == .normal)
    #expect(NumberFormat.fixed(ViewingContext.tv.referencePixels(rh: 10.67), 0) == "95")
  }

  @Test func largeTextOnlyContextsRelaxTheThreshold() throws {
    // The 50% box passes AA for large text with sRGB blending (3.98 ≥ 3) when only TVs are declared.
    let p = try profile(#""background": {"opacity": 0.5}, "validation": {"viewingContexts": ["tv-3h"]}"#)
    let r = ProfileChecker.result(p)
    #expect(r.findings("CS-C01").first?.severity == .info)
    #expect(r.findings("CS-C04").first?.severity == .warning)
    let linearOnly = try profile(#""background": {"opacity": 0.5}, "validation": {"compositing": ["linear"], "viewingContexts": ["tv-3h"]}"#)
    #expect(ProfileChecker.result(linearOnly).findings("CS-C01").first?.severity == .error)
  }
}
