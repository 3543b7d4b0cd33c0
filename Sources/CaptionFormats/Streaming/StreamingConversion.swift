import CaptionCore
import Foundation

/// Converts between SRT and WebVTT cue by cue: each cue is read, written and dropped, so memory
/// holds the input, the output and one cue (a few thousand at most when pipelined: four batches
/// of `ConversionPipeline.batchSize`), however many cues the file has.
///
/// The same reader and writer code runs as for `read` followed by `write`, so the output bytes
/// and the diagnostics are exactly theirs; only how they are delivered differs. Reading
/// diagnostics come back in `Output.read`; loss reports come in three parts, in this order:
/// `Output.leadingLosses` (document-level), the per-cue and per-comment losses handed to
/// `onLoss` as they happen, and `Output.trailingLosses` (summaries and style sheets).
public enum StreamingConversion {
  /// The result of a conversion.
  public struct Output: Sendable {
    /// The read result: the document without its cues (metadata, style sheets, styles, regions,
    /// comments), every reading diagnostic and the encoding.
    public var read: ReadResult
    /// How many cues were converted.
    public var cueCount: Int
    /// The output file in pieces, to be written one after the other; concatenated, they are the
    /// bytes `write` returns for the whole document. With a `bodySink`, they are the pieces that
    /// come before the bytes the sink was given (the WebVTT header and STYLE blocks; nothing
    /// for SRT); with a `headSink` too, they are only the STYLE blocks, which go between what
    /// the head sink got and what the body sink got (usually none: see `headSink`).
    public var chunks: [[UInt8]]
    /// Losses reported before the ones handed to `onLoss`.
    public var leadingLosses: [Diagnostic]
    /// Losses reported after the ones handed to `onLoss`.
    public var trailingLosses: [Diagnostic]
  }

  /// Whether a conversion from format id `source` to format id `target` can stream (SRT and
  /// WebVTT, either way).
  public static func supports(from source: String, to target: String) -> Bool {
    (source == "srt" || source == "webvtt") && (target == "srt" || target == "webvtt")
  }

  /// Converts `bytes` from format `source` to format `target` (ids `srt` or `webvtt`).
  ///
  /// - Parameters:
  ///   - onLoss: called, in order, with each per-cue or per-comment loss and the source location
  ///     of the cue it is about (`nil` for comments).
  ///   - bodySink: if given, the comments and cues as they are written, in pieces of about
  ///     `bodyChunkSize` bytes (default 256 KiB), so the output is never held whole; the file is then
  ///     `Output.chunks` followed by everything the sink got (WebVTT's STYLE blocks, which come
  ///     first, are only known at the end).
  ///   - headSink: used only with `bodySink` and a WebVTT target: called once, before the body
  ///     sink's first bytes, with the WebVTT header (signature, header lines, regions), which is
  ///     known before the first cue. Only the STYLE blocks for classes the cues bring in are
  ///     then left for the end (`Output.chunks`), so a caller can write the header and the body
  ///     straight into the output file and insert the STYLE blocks afterwards only when there
  ///     are any.
  ///   - pipelined: whether the writer runs on a second thread while the reader goes on
  ///     (`ConversionPipeline`); the output and the diagnostics are the same either way. Off by
  ///     default. When on, `onLoss`, `bodySink` and `headSink` are called on that other thread,
  ///     one call at a time and never after `convert` returns, so they must not need the calling
  ///     thread (no `DispatchQueue.main.sync` from the main thread, no lock the caller holds, no
  ///     main-actor state). `shouldPipeline(byteCount:)` says when it pays (the CLI's choice).
  /// - Returns: the read result without cues, the output chunks and the remaining losses.
  /// - Throws: `CaptionError.fileTooLarge` as the readers do; `CaptionError.unsupportedFormat`
  ///   when `supports(from:to:)` is false.
  public static func convert(
    _ bytes: [UInt8], from source: String, to target: String, readOptions: ReadOptions, writeOptions: WriteOptions,
    onLoss: @escaping (Diagnostic, SourceLocation?) -> Void, bodySink: (([UInt8]) -> Void)? = nil,
    headSink: (([UInt8]) -> Void)? = nil, bodyChunkSize: Int = defaultBodyChunkSize, pipelined: Bool = false
  ) throws(CaptionError) -> Output {
    guard supports(from: source, to: target) else { throw .unsupportedFormat("streaming \(source) → \(target)") }
    let state = State(target: target, options: writeOptions, onLoss: onLoss)
    state.bodySink = bodySink
    state.headSink = bodySink == nil ? nil : headSink
    state.chunkSize = max(1, bodyChunkSize)
    // The output is about as large as the input: one allocation instead of repeated doubling
    // (or one chunk's worth, when it goes to a sink as it is written).
    state.expectedSize = bodySink == nil ? bytes.count + bytes.count / 8 + 256 : state.chunkSize + (state.chunkSize >> 2)
    // Checked before the pipeline starts: nothing may throw once its thread waits for events.
    guard bytes.count <= readOptions.limits.maxFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: readOptions.limits.maxFileSize)
    }
    // The reader's callbacks: straight into the writer, or through the pipeline to the writer
    // on the other thread.
    let pipe = pipelined ? ConversionPipeline { event in state.handle(event) } : nil
    let onHeader: (CaptionDocument) -> Void = pipe.map { p in { p.push(.header($0)) } } ?? { state.begin($0) }
    let onComment: (Comment) -> Void = pipe.map { p in { p.push(.comment($0)) } } ?? { state.comment($0) }
    let onCue: (Cue) -> Void = pipe.map { p in { p.push(.cue($0)) } } ?? { state.cue($0) }
    let onVerbatimCue: (VerbatimCue) -> Void = pipe.map { p in { p.push(.verbatimCue($0)) } } ?? { state.verbatimCue($0) }
    let read: ReadResult
    if source == "srt" {
      // As `SubRipFormat.read`, with the cues handed over instead of kept.
      let decoded = SubRipFormat.decode(bytes, options: readOptions)
      var reader = SubRipReader(bytes: decoded.utf8, limits: readOptions.limits)
      for d in decoded.diagnostics { reader.sink.report(d) }
      reader.onCue = onCue
      if target == "webvtt" { reader.onVerbatimCue = onVerbatimCue }
      // The pipeline must be done with the cues' byte ranges before the buffer goes.
      decoded.utf8.withUnsafeBufferPointer { buf in
        reader.run(buf)
        pipe?.finish()
      }
      reader.onCue = nil
      reader.onVerbatimCue = nil
      read = ReadResult(document: CaptionDocument(), diagnostics: reader.sink.finished, encoding: decoded.encoding)
    } else {
      do {
        read = try WebVTTReader.stream(
          bytes, options: readOptions, onHeader: onHeader, onComment: onComment, onCue: onCue,
          onVerbatimCue: target == "srt" ? onVerbatimCue : nil, onEnd: pipe.map { p in { p.finish() } })
      } catch {
        // Only before the first event (the size limit, checked above already): let the
        // pipeline's thread go.
        pipe?.finish()
        throw error
      }
    }
    return state.finish(read)
  }

  /// About how many bytes a `bodySink` gets at a time, unless `convert` is told otherwise.
  public static let defaultBodyChunkSize = 1 << 18

  /// The input size from which pipelining pays: below it, starting the second thread costs about
  /// what it saves.
  public static let pipelineThreshold = 1 << 20

  /// Whether `convert` of `byteCount` bytes is faster pipelined: at least `pipelineThreshold`
  /// bytes, on a machine with more than one active processor.
  public static func shouldPipeline(byteCount: Int) -> Bool {
    byteCount >= pipelineThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
  }

  /// The writer between the reader's callbacks.
  private final class State {
    let target: String
    let options: WriteOptions
    let onLoss: (Diagnostic, SourceLocation?) -> Void
    // Used on one thread at a time, never re-entered: the per-cue accesses skip Swift's
    // run-time exclusivity check (two in every cue's write, a few percent of a conversion).
    @exclusivity(unchecked) var srt: SubRipWriter?
    @exclusivity(unchecked) var vtt: WebVTTWriter?
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var begun = false
    var leading: [Diagnostic] = []
    var expectedSize = 0
    var bodySink: (([UInt8]) -> Void)?
    var headSink: (([UInt8]) -> Void)?
    var chunkSize = StreamingConversion.defaultBodyChunkSize

    init(target: String, options: WriteOptions, onLoss: @escaping (Diagnostic, SourceLocation?) -> Void) {
      self.target = target
      self.options = options
      self.onLoss = onLoss
    }

    /// Starts the output with the document's header part (everything but cues).
    func begin(_ header: CaptionDocument) {
      begun = true
      var h = header
      h.cues = []
      if target == "srt" {
        var w = SubRipWriter(document: h, options: options)
        w.out.reserveCapacity(expectedSize)
        srt = w
      } else {
        var w = WebVTTWriter(maxDiagnostics: options.maxDiagnostics)
        w.reserveBody(expectedSize)
        w.begin(h)
        if let headSink { headSink(options.lineEnding == .crlf ? WebVTTWriter.crlf(w.headBytes) : w.headBytes) }
        leading = w.takeDiagnostics()
        // The comments read so far all stand before the first cue (kept in order, as `write` sorts them).
        let comments = h.comments.enumerated().sorted { ($0.element.beforeCue, $0.offset) < ($1.element.beforeCue, $1.offset) }
        for c in comments { w.comment(c.element) }
        for d in w.takeDiagnostics() { onLoss(d, nil) }
        vtt = w
      }
    }

    func handle(_ event: ConversionPipeline.Event) {
      switch event {
      case .header(let h): begin(h)
      case .comment(let c): comment(c)
      case .cue(let c): cue(c)
      case .verbatimCue(let c): verbatimCue(c)
      }
    }

    func comment(_ c: Comment) {
      guard vtt != nil else { return }
      vtt!.comment(c)
      for d in vtt!.takeDiagnostics() { onLoss(d, nil) }
      flushIfFull()
    }

    func cue(_ cue: Cue) {
      write(about: cue.source, srt: { $0.cue(cue, number: $1 + 1) }, vtt: { $0.cue(cue, index: $1) })
    }

    /// A plain cue, as byte ranges (see `VerbatimCue`).
    func verbatimCue(_ cue: VerbatimCue) {
      write(about: cue.source, srt: { $0.verbatimCue(cue, number: $1 + 1) }, vtt: { $0.verbatimCue(cue, index: $1) })
    }

    /// Writes the next cue with whichever writer is in use (given the 0-based cue index), hands
    /// on its losses and the body once a chunk's worth is written.
    private func write(
      about source: SourceLocation?, srt writeSRT: (inout SubRipWriter, Int) -> Void, vtt writeVTT: (inout WebVTTWriter, Int) -> Void
    ) {
      if !begun { begin(CaptionDocument()) }
      let k = count
      count += 1
      let losses: [Diagnostic]
      if srt != nil {
        writeSRT(&srt!, k)
        losses = srt!.takeDiagnostics()
      } else {
        writeVTT(&vtt!, k)
        losses = vtt!.takeDiagnostics()
      }
      for d in losses { onLoss(d, source) }
      flushIfFull()
    }

    /// Hands the body written so far to `bodySink` once it holds a chunk's worth.
    func flushIfFull() {
      guard let bodySink else { return }
      // The sizes are checked before taking the writer out: copying it for nothing on every
      // cue costs more than the flush.
      if (srt?.out.count ?? 0) >= chunkSize, var w = srt {
        srt = nil
        let chunk = w.takeOutput()
        w.out.reserveCapacity(expectedSize)
        srt = w
        bodySink(chunk)  // the SRT writer writes the chosen line ending itself
      } else if (vtt?.body.count ?? 0) >= chunkSize, var w = vtt {
        vtt = nil
        let chunk = w.takeBody()
        w.reserveBody(expectedSize)
        vtt = w
        bodySink(options.lineEnding == .crlf ? WebVTTWriter.crlf(chunk) : chunk)
      }
    }

    func finish(_ read: ReadResult) -> Output {
      if !begun { begin(read.document) }
      var chunks: [[UInt8]] = []
      var trailing: [Diagnostic] = []
      if var w = srt {
        leading = SubRipWriter.documentLosses(read.document)
        trailing = w.trailingDiagnostics()
        if let bodySink { bodySink(w.takeOutput()) } else { chunks = [w.takeOutput()] }
        srt = nil
      } else if var w = vtt {
        vtt = nil
        let styles = w.styleBlocks()
        trailing = w.takeDiagnostics()
        if let summary = w.lossLimitSummary { trailing.append(summary) }
        if let bodySink {
          let rest = w.takeBody()
          bodySink(options.lineEnding == .crlf ? WebVTTWriter.crlf(rest) : rest)
          chunks = headSink != nil ? [styles] : [w.headBytes, styles]
        } else {
          chunks = [w.headBytes, styles, w.takeBody()]
        }
        if options.lineEnding == .crlf { chunks = chunks.map(WebVTTWriter.crlf) }
      }
      return Output(read: read, cueCount: count, chunks: chunks, leadingLosses: leading, trailingLosses: trailing)
    }
  }
}
