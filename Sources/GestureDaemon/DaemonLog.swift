/// The daemon's log, written so that it never blocks the event loop.
///
/// Lines are queued in a bounded buffer and written to a non-blocking descriptor as far as
/// the reader takes them; the daemon's `poll` waits for the descriptor to take more only
/// while lines are queued. A reader that does not keep up (a pipe nobody reads, a terminal
/// paused with Ctrl-S, a stalled journal) costs lines, never gestures: when the buffer is
/// full a line is dropped and counted, and once the reader catches up the log says
/// `warning: log: N lines dropped (the log's reader was too slow)`. Whole lines only: a
/// partial write is finished before the next line, so lines are never torn.
public final class DaemonLog {
  /// The descriptor written to (non-blocking).
  public let descriptor: Int32
  /// The most bytes kept waiting for the reader.
  public let capacity: Int
  private var queued: [UInt8] = []
  private var dropped = 0

  /// Opens the log on `descriptor` (standard error by default).
  ///
  /// - Parameters:
  ///   - descriptor: Where the log goes; a pipe or terminal is reopened non-blocking (the
  ///     descriptor itself is set non-blocking when it cannot be reopened, as a socket).
  ///   - capacity: The most bytes kept while the reader is slow: 64 KiB.
  public init(descriptor: Int32 = 2, capacity: Int = 65536) {
    self.descriptor = nonBlockingDescriptor(for: descriptor)
    self.capacity = capacity
  }

  /// Whether lines wait for the reader.
  public var hasQueued: Bool { !queued.isEmpty }

  /// The lines dropped since the last report.
  public var droppedCount: Int { dropped }

  /// Queues `text` and a newline, and writes what the reader takes now.
  public func line(_ text: String) {
    let bytes = Array(text.utf8) + [10]
    if dropped > 0 { flush() }
    guard queued.count + bytes.count <= capacity else {
      dropped += 1
      return
    }
    queued += bytes
    flush()
  }

  /// Writes what the reader takes now, without waiting.
  public func flush() {
    while !queued.isEmpty {
      guard let written = writeSome(descriptor, queued), written > 0 else { return }
      queued.removeFirst(written)
    }
    reportDropped()
  }

  /// Writes what is queued, waiting at most `milliseconds` for the reader (at exit).
  public func drain(milliseconds: Int) {
    let deadline = localNow() + Int64(milliseconds) * 1000
    flush()
    while hasQueued {
      let left = deadline - localNow()
      guard left > 0, waitWritable(descriptor, timeout: left) else { return }
      flush()
    }
  }

  /// Queues the count of dropped lines (once everything before them is written) and writes
  /// what the reader takes.
  private func reportDropped() {
    guard dropped > 0, queued.isEmpty else { return }
    let text = "warning: log: \(counted(dropped, "line")) dropped (the log's reader was too slow)\n"
    dropped = 0
    queued += Array(text.utf8)
    while !queued.isEmpty {
      guard let written = writeSome(descriptor, queued), written > 0 else { return }
      queued.removeFirst(written)
    }
  }
}
