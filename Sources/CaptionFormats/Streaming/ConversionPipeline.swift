import CaptionCore
import Dispatch
import Foundation

/// Runs the writer half of a streaming conversion on a second thread, so that reading the next
/// cues and writing the previous ones overlap (on a machine with more than one core, the
/// conversion then takes about as long as the slower half instead of the sum of both).
///
/// The reader thread `push`es what it reads; the events go over in batches, at most
/// `maxQueuedBatches` of them queued, so memory stays bounded by a few thousand cues (two batches
/// queued, one being written, one being filled). The writer sees the events in the order they
/// were pushed, one at a time, and never at the same time as the reader's caller: `finish`
/// returns only once it has handled the last one. Every pointer an event carries
/// (`VerbatimCue.buffer`) must therefore stay valid until `finish` returns.
final class ConversionPipeline: @unchecked Sendable {
  /// What the reader hands over, in reading order.
  enum Event {
    case header(CaptionDocument)
    case comment(Comment)
    case cue(Cue)
    case verbatimCue(VerbatimCue)
  }

  static let batchSize = 1024
  static let maxQueuedBatches = 2

  private let handle: (Event) -> Void
  /// Filled by the reader thread only.
  private var batch: [Event] = []
  /// Batches handed over and not yet taken; an empty batch marks the end.
  private var queue: [[Event]] = []
  private let lock = DispatchSemaphore(value: 1)
  private let freeSlots = DispatchSemaphore(value: ConversionPipeline.maxQueuedBatches)
  private let queuedBatches = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)

  /// Whether the writer thread runs; when it could not be started, `push` hands each event to
  /// `handle` itself, on the reader's thread.
  private var threaded = false

  /// Starts the writer thread, which calls `handle` for each event.
  ///
  /// The writer gets a thread of its own (`DetachedThread`: as deep a stack as a main thread's,
  /// since writing deeply nested cue text recurses), not a Dispatch worker: it blocks while it
  /// waits for batches, and a caller converting many files at once from Dispatch workers could
  /// otherwise fill Dispatch's bounded pool with readers waiting for writers that cannot start.
  init(start: DetachedThread.Starter = DetachedThread.start, handle: @escaping (Event) -> Void) {
    self.handle = handle
    batch.reserveCapacity(Self.batchSize)
    // Only the reader's thread reads `threaded`; the writer reads the queue.
    threaded = start("captionkit-convert-writer") { [self] in consume() }
  }

  /// Queues one event (reader thread); waits while `maxQueuedBatches` batches are in flight.
  func push(_ event: Event) {
    guard threaded else { return handle(event) }
    batch.append(event)
    if batch.count >= Self.batchSize { send() }
  }

  /// Hands over what is left and waits until the writer has handled every event (reader thread).
  func finish() {
    guard threaded else { return }
    if !batch.isEmpty { send() }
    send()  // the empty batch: the end
    done.wait()
  }

  private func send() {
    let full = batch
    batch = []
    batch.reserveCapacity(Self.batchSize)
    freeSlots.wait()
    lock.wait()
    queue.append(full)
    lock.signal()
    queuedBatches.signal()
  }

  private func consume() {
    while true {
      queuedBatches.wait()
      lock.wait()
      let next = queue.removeFirst()
      lock.signal()
      freeSlots.signal()
      if next.isEmpty { break }
      for event in next { handle(event) }
    }
    done.signal()
  }
}
