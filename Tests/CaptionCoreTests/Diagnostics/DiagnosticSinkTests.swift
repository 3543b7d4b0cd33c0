import Testing

@testable import CaptionCore

@Suite struct DiagnosticSinkTests {
  @Test func keepsUpToTheLimitThenCountsWithTheWorstSeverity() {
    var sink = DiagnosticSink(limit: 2)
    sink.report("a", .info, "first", at: nil)
    sink.report("b", .warning, "second", at: nil)
    #expect(sink.isFull)
    sink.report("c", .error, "third", at: nil)
    sink.countDropped(.info)
    #expect(sink.diagnostics.map(\.code) == ["a", "b"])
    #expect(sink.dropped == 2)
    let summary = sink.finished.last
    #expect(summary?.code == "core.diagnostics.limit-reached")
    // An error past the limit still makes the summary an error, so exit codes see it.
    #expect(summary?.severity == .error)
    #expect(summary?.message == "2 more diagnostics were not listed (limit 2; raise it with --max-diagnostics)")
  }

  /// The summary says how many of each severity it stands for, so a report's totals can count
  /// the findings that were not listed; joining sinks keeps the counts.
  @Test func summaryCountsDroppedDiagnosticsBySeverity() {
    var sink = DiagnosticSink(limit: 1)
    sink.report("a", .warning, "kept", at: nil)
    sink.report("b", .error, "dropped", at: nil)
    sink.report(Diagnostic(code: "c", severity: .warning, message: "dropped"))
    sink.countDropped(.info)
    sink.countDropped(.warning)
    #expect(sink.droppedBySeverity == [.error: 1, .warning: 2, .info: 1])
    #expect(sink.limitSummary?.unlistedCounts == [.error: 1, .warning: 2, .info: 1])
    var other = DiagnosticSink(limit: 0)
    other.countDropped(.info)
    other.countDropped(.info)
    sink.absorb(other)
    #expect(sink.dropped == 6)
    #expect(sink.limitSummary?.unlistedCounts == [.error: 1, .warning: 2, .info: 3])
    // Ordinary diagnostics stand for themselves.
    #expect(sink.diagnostics.first?.unlistedCounts == nil)
  }

  /// Counting several at once is counting them one by one; a count of zero changes nothing,
  /// not even the summary's severity.
  @Test func countsManyDroppedAtOnce() {
    var one = DiagnosticSink(limit: 0), many = DiagnosticSink(limit: 0)
    for _ in 0..<3 { one.countDropped(.warning) }
    many.countDropped(.warning, count: 3)
    many.countDropped(.error, count: 0)
    #expect(many.dropped == 3)
    #expect(many.droppedBySeverity == [.warning: 3])
    #expect(many.limitSummary == one.limitSummary)
    #expect(many.limitSummary?.severity == .warning)
  }

  @Test func drainedDiagnosticsStillCountTowardsTheLimit() {
    var sink = DiagnosticSink(limit: 3)
    sink.report("a", .warning, "1", at: nil)
    sink.report("a", .warning, "2", at: nil)
    #expect(sink.drain().map(\.message) == ["1", "2"])
    #expect(sink.diagnostics.isEmpty)
    sink.report("a", .warning, "3", at: nil)
    sink.report("a", .warning, "4", at: nil)
    #expect(sink.drain().map(\.message) == ["3"])
    #expect(sink.dropped == 1)
    #expect(sink.limitSummary?.message.hasPrefix("1 more") == true)
    #expect(sink.finished.map(\.code) == ["core.diagnostics.limit-reached"])
  }

  @Test func noSummaryWhenNothingWasDropped() {
    var sink = DiagnosticSink(limit: 1)
    sink.report("a", .info, "x", at: nil)
    #expect(sink.limitSummary == nil)
    #expect(sink.finished.count == 1)
  }

  /// Absorbing is reporting the other sink's diagnostics one by one, in bulk: those past this
  /// sink's room are counted by severity, and the summary takes the worst of both.
  @Test func absorbingIsReportingInOrder() {
    func filled(_ codes: [(String, Severity)], limit: Int) -> DiagnosticSink {
      var s = DiagnosticSink(limit: limit)
      for (c, sev) in codes { s.report(c, sev, c, at: nil) }
      return s
    }
    let other = filled([("b", .info), ("c", .error), ("d", .warning), ("e", .info)], limit: 3)
    for start in [0, 1, 3, 5] {
      let mine = (0..<start).map { ("a\($0)", Severity.info) }
      var joined = filled(mine, limit: 5)
      joined.absorb(other)
      // What one sink reporting everything in order keeps: the same list and counts.
      let sequence = mine + [("b", .info), ("c", .error), ("d", .warning), ("e", .info)]
      var one = filled(Array(sequence.prefix(start + 3)), limit: 5)
      one.countDropped(.info)  // "e", which `other` itself dropped
      #expect(joined.diagnostics.map(\.code) == one.diagnostics.map(\.code), "start \(start)")
      #expect(joined.dropped == one.dropped, "start \(start)")
      #expect(joined.droppedBySeverity == one.droppedBySeverity, "start \(start)")
      #expect(joined.limitSummary == one.limitSummary, "start \(start)")
    }
    // Into an empty sink the other's list is taken whole.
    var empty = DiagnosticSink(limit: 10)
    empty.absorb(other)
    #expect(empty.diagnostics.map(\.code) == ["b", "c", "d"])
    #expect(empty.limitSummary?.severity == .error)
    #expect(empty.limitSummary?.unlistedCounts == [.info: 1])
  }

  /// `takeFinished` returns what `finished` does and leaves the sink empty.
  @Test func takeFinishedHandsOverTheList() {
    var sink = DiagnosticSink(limit: 2)
    for k in 0..<4 { sink.report("a", .warning, "\(k)", at: nil) }
    let expected = sink.finished
    #expect(expected.count == 3)
    #expect(sink.takeFinished() == expected)
    #expect(sink.diagnostics.isEmpty)
    var clean = DiagnosticSink(limit: 2)
    clean.report("a", .info, "x", at: nil)
    #expect(clean.takeFinished().map(\.message) == ["x"])
  }

  /// Another sink's finished list reported here keeps its totals: its summary's counts are
  /// counted as dropped, not listed as one diagnostic (a TTML file's XML errors past the limit
  /// were counted as one).
  @Test func reportingAFinishedListKeepsItsCounts() {
    var inner = DiagnosticSink(limit: 1)
    for k in 0..<5 { inner.report("a", .error, "\(k)", at: nil) }
    inner.report("b", .warning, "w", at: nil)
    var outer = DiagnosticSink(limit: 10)
    for d in inner.finished { outer.report(d) }
    #expect(outer.diagnostics.map(\.message) == ["0"])
    #expect(outer.droppedBySeverity == [.error: 4, .warning: 1])
    #expect(outer.limitSummary?.severity == .error)
  }

  /// Messages quote the input: one quoting a huge value is cut, at a character boundary.
  @Test func longMessagesAreCut() {
    let long = Diagnostic(code: "x.y", severity: .warning, message: "a" + String(repeating: "é", count: 5_000))
    #expect(long.message.utf8.count == 999 + "…".utf8.count)  // 1,000 would split an é
    #expect(long.message.hasSuffix("é…"))
    let short = Diagnostic(code: "x.y", severity: .warning, message: String(repeating: "a", count: 1_000))
    #expect(short.message.utf8.count == 1_000)
    #expect(Diagnostic.listing((1...10).map(String.init), limit: 8) == "1, 2, 3, 4, 5, 6, 7, 8 and 2 more")
    #expect(Diagnostic.listing((1...22).map(String.init)).hasSuffix("19, 20 and 2 more"))
    #expect(Diagnostic.listing([String(repeating: "n", count: 250)]) == String(repeating: "n", count: 200) + "…")
  }
}
