import CaptionKit
import Testing

@testable import CaptionStyle

/// TTML2 §10.3.5 allows white space inside `rgb()`/`rgba()`: values that hold colours are split
/// only outside parentheses, and an unreadable style value is reported once.
@Suite struct TTMLColourFunctionSpacingTests {
  func read(_ attributes: String, profile: String? = "ttml2") throws -> ReadResult {
    try TTMLTest.read(TTMLTest.doc(body: "<div><p begin=\"0s\" end=\"2s\" tts:color=\"#FFFFFF\" \(attributes)>Outlined</p></div>"), profile: profile)
  }

  @Test(arguments: [
    #"tts:textShadow="1px 1px rgba(0,0,0,255)""#, #"tts:textShadow="1px 1px rgba(0, 0, 0, 255), -1px -1px 2px rgb(0 ,0, 0)""#,
    #"tts:textOutline="rgba(0, 0, 0, 255) 10%""#, #"tts:textOutline="rgb( 0, 0, 0 ) 10% 0px""#,
    #"tts:textEmphasis="dot rgba(255, 0, 0, 255)""#, #"tts:border="solid rgba(0, 0, 0, 255) 1px""#,
  ])
  func spacedColourFunctionsAreRead(_ attributes: String) throws {
    let r = try read(attributes)
    #expect(r.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(r.diagnostics)")
  }

  @Test func spacedOutlineAndShadowColoursReachTheModel() throws {
    let outline = try read(#"tts:textOutline="rgba(0, 0, 0, 255) 10%""#).document.cues.first?.style?.textOutline
    #expect(outline == TextStyle.TextOutline(color: .black, thickness: Length(10, .percent)))
    let shadows = try read(#"tts:textShadow="1px 1px rgba(0, 0, 0, 128), -1px -1px red""#).document.cues.first?.style?.textShadow
    #expect(shadows?.map(\.color) == [Color(red: 0, green: 0, blue: 0, alpha: 128), Color(red: 255, green: 0, blue: 0)])
    // The outline gives the white text halo credit: no contrast finding.
    let doc = try read(#"tts:textOutline="rgba(0, 0, 0, 255) 10%""#).document
    #expect(DocumentStyleChecker.check(doc, profile: nil).isEmpty)
  }

  /// A value neither the reader nor the validator can read is one error, the reader's.
  @Test func unreadableValueIsReportedOnce() throws {
    let r = try read(#"tts:textOutline="rgba(0, 0, 0) 10%""#)
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code) == ["ttml.style.invalid-value"], "\(errors)")
    #expect(errors.first?.message == #"tts:textOutline="rgba(0, 0, 0) 10%" is not a valid value"#)
    #expect(errors.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "4:55")
    // Strict-only problems (upper-case named colour) are still the validator's.
    let strict = try read(#"tts:backgroundColor="Black""#).diagnostics.filter { $0.severity == .error }
    #expect(strict.map(\.code) == ["ttml.validate.bad-value"])
  }
}
