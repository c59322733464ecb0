#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A byte buffer that printers write formatted output into and that goes out to a file
/// descriptor in large writes.
///
/// The printers' hot path writes one line per gesture or touch change, which can be a hundred
/// thousand lines for a long recording, so nothing here builds an intermediate `String`: keys,
/// names and numbers are packed into 64-bit words (`OutputSpan<UInt64>`'s `put` methods) and
/// appended a word at a time, into a buffer whose capacity is kept from flush to flush; the
/// hottest line (a gesture's JSON) goes through a `WordPacker`, which holds the word being
/// filled in a register. Without a descriptor the bytes stay in memory (for
/// `GestureEvent.json(origin:)` and tests).
public final class ByteSink {
  /// Where `flush()` writes, or nil to keep the bytes in memory.
  public let descriptor: Int32?
  /// The pending bytes. No method modifies or reads it in place across a call: each takes it out
  /// into a local (`takeBuffer()`), works there and puts it back (`restore(_:)`), so every access
  /// to this class property is instantaneous. That lets the whole-module optimizer drop the
  /// run-time exclusivity checks on it altogether: one access held across a call it cannot see
  /// into (a line's closure, `write(2)`) cost a `swift_beginAccess` per line, about 130
  /// instructions, and made every other access to it checked too.
  private var buffer: WordBuffer
  /// The number of bytes pending.
  public var count: Int { buffer.count }
  /// With a descriptor: `endLine()` flushes once this many bytes are pending (1 = every line).
  private let flushThreshold: Int

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor to write to, or nil to keep everything in memory.
  ///   - flushThreshold: Pending bytes that make `endLine()` flush (1 flushes every line).
  public init(descriptor: Int32? = nil, flushThreshold: Int = 1 << 16) {
    self.descriptor = descriptor
    self.flushThreshold = max(1, flushThreshold)
    // A memory sink holds one formatted value or line (`fixed`, `json(origin:)`): start small
    // and grow; a descriptor's sink holds a flush's worth of lines.
    buffer = WordBuffer(capacity: descriptor == nil ? 64 : self.flushThreshold + 4096)
  }

  deinit {
    flush()
  }

  /// The pending bytes as text.
  public var text: String {
    let pending = buffer
    return pending.text
  }

  /// Forgets the pending bytes without writing them.
  public func removeAll() {
    var pending = takeBuffer()
    pending.removeAll()
    restore(consume pending)
  }

  /// Writes every pending byte to the descriptor, retrying short writes and `EINTR`; a closed
  /// reader (`EPIPE`) drops them. Does nothing without a descriptor.
  public func flush() {
    guard let descriptor else { return }
    var pending = takeBuffer()
    // The C boundary: `write(2)` reads the words' storage through a pointer, the one reason
    // this module names an unsafe type (no speed trick: the lines are written without any).
    pending.withContiguousBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        // C boundary: after a short write, the pointer and length of the bytes still to go (a
        // bounds-checked slice of the same buffer).
        let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        let written = write(descriptor, rest.baseAddress, rest.count)
        if written < 0 {
          if errno == EINTR { continue }
          break
        }
        offset += written
      }
    }
    pending.removeAll()
    restore(consume pending)
  }

  /// Ends a line: a newline, and a flush when enough is pending.
  public func endLine() {
    appendLine(atMost: 0) { _ in }
  }

  // MARK: Writing

  /// Appends one piece of output of at most `capacity` bytes, written by `body` into an
  /// `OutputSpan<UInt64>` (see its `put` methods): one access to the buffer and one capacity
  /// check for the whole piece, instead of one per value. Writing more than `capacity` bytes
  /// stops the program (the span is bounds-checked).
  ///
  /// - Parameters:
  ///   - capacity: The most bytes `body` writes.
  ///   - body: Writes the bytes.
  public func append(atMost capacity: Int, _ body: (inout OutputSpan<UInt64>) -> Void) {
    var pending = takeBuffer()
    pending.append(atMost: capacity, body)
    restore(consume pending)
  }

  /// Appends one line of at most `capacity` bytes, written by `body`, and its newline (see
  /// `append(atMost:_:)`), then flushes when enough is pending, as `endLine()`: the printers'
  /// hot path writes each line so.
  ///
  /// - Parameters:
  ///   - capacity: The most bytes `body` writes.
  ///   - body: Writes the line without its newline.
  public func appendLine(atMost capacity: Int, _ body: (inout OutputSpan<UInt64>) -> Void) {
    var pending = takeBuffer()
    pending.append(atMost: capacity &+ 1) { line in
      body(&line)
      line.put(UInt8(ascii: "\n"))
    }
    let pendingCount = pending.count
    restore(consume pending)
    if descriptor != nil && pendingCount >= flushThreshold { flush() }
  }

  /// Moves the pending bytes out of `buffer` into the caller's local, leaving an empty buffer
  /// (no allocation) in their place, for the caller to write into and put back.
  ///
  /// The point is the exclusivity check: modifying `buffer` in place while `body` runs is an
  /// access to a class property that spans a call the optimizer cannot see into, so Swift checks
  /// it at run time, once per line. Here each access (the swap, the put-back) is instantaneous,
  /// with no call inside. Moving, not copying, keeps the words' storage uniquely referenced, so
  /// the append writes into it without copying it (`restore(consume pending)` matters: a copy
  /// still alive during `flush()` made it copy the whole buffer). A `body` that reached back into this sink
  /// would see it empty (before, it stopped the program); no printer does.
  private func takeBuffer() -> WordBuffer {
    var pending = WordBuffer()
    swap(&pending, &buffer)
    return pending
  }

  /// Puts the bytes taken by `takeBuffer()` back (the empty placeholder goes).
  private func restore(_ pending: consuming WordBuffer) {
    buffer = pending
  }

  /// Appends one byte.
  public func put(_ byte: UInt8) {
    append(atMost: 1) { $0.put(byte) }
  }

  /// Appends a literal.
  public func put(_ literal: StaticString) {
    append(atMost: literal.utf8CodeUnitCount) { $0.put(literal) }
  }

  /// Appends the UTF-8 bytes of `text`.
  public func put(text: String) {
    append(atMost: text.utf8.count) { $0.put(text: text) }
  }

  /// Appends a decimal integer.
  public func put(integer value: Int) {
    append(atMost: OutputSpan<UInt64>.longestNumber) { $0.put(integer: value) }
  }

  /// Appends `value` with exactly `places` decimals (0…9), rounded half away from zero;
  /// non-finite values print as `0` (JSON has no NaN).
  public func put(fixed value: Double, places: Int) {
    append(atMost: OutputSpan<UInt64>.longestNumber) { $0.put(fixed: value, places: places) }
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  public func put(seconds time: Int64) {
    append(atMost: OutputSpan<UInt64>.longestNumber) { $0.put(seconds: time) }
  }

  /// Appends an event time as seconds with six decimals, right-aligned in `width` columns.
  public func put(seconds time: Int64, width: Int) {
    append(atMost: OutputSpan<UInt64>.longestNumber + max(0, width)) {
      $0.put(seconds: time, width: width)
    }
  }

  /// Appends spaces until the text since `lineStart` is `width` bytes long (at least one space).
  public func pad(from lineStart: Int, to width: Int) {
    let spaces = max(1, width - (count - lineStart))
    append(atMost: spaces) { $0.put(spaces: spaces) }
  }
}
