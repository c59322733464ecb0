#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a recording, read in chunks into one reusable buffer, with the line count.
///
/// The buffer holds one chunk plus the longest allowed line, so an unfinished line at the end
/// of a chunk is moved to the front and completed by the next chunk. Memory stays constant
/// whatever the file's length. The bytes come from a file descriptor (POSIX `read`) or, for
/// tests and benchmarks, from an array copied in the same chunks.
final class LineSource {
  /// The longest line accepted, in bytes, without its newline.
  static let maxLineLength = 65_536
  /// The default chunk size: 1 MiB.
  static let defaultChunkSize = 1 << 20

  /// The name used in errors: the path as the user gave it.
  let name: String
  /// The buffer; valid bytes are `storage[start..<end]`, and `storage[end]` is always a
  /// newline, a sentinel that lets the event parser run without bounds checks.
  let storage: UnsafeMutablePointer<UInt8>
  /// The first byte not yet consumed.
  var start = 0
  /// One past the last valid byte.
  var end = 0
  /// The number of lines consumed so far (the 1-based number of the last line read).
  var lineNumber = 0
  /// Whether the source has no more bytes to give.
  private(set) var reachedEndOfInput = false
  /// The total number of bytes received so far.
  private(set) var bytesRead = 0

  private let capacity: Int
  private let chunkSize: Int
  private var descriptor: Int32
  private let memory: [UInt8]
  private var memoryOffset = 0

  /// Opens `path` for reading.
  init(path: String, chunkSize: Int = LineSource.defaultChunkSize) throws(TraceError) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      throw TraceError(file: path, line: 0, reason: "cannot open: " + LineSource.errorText())
    }
    self.name = path
    self.descriptor = descriptor
    self.memory = []
    self.chunkSize = max(1, chunkSize)
    self.capacity = self.chunkSize + LineSource.maxLineLength + 1
    self.storage = .allocate(capacity: capacity + 1)
    storage[0] = 0x0a
  }

  /// Serves `bytes` as if they were a file called `name`.
  init(bytes: [UInt8], name: String, chunkSize: Int = LineSource.defaultChunkSize) {
    self.name = name
    self.descriptor = -1
    self.memory = bytes
    self.chunkSize = max(1, chunkSize)
    self.capacity = self.chunkSize + LineSource.maxLineLength + 1
    self.storage = .allocate(capacity: capacity + 1)
    storage[0] = 0x0a
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    storage.deallocate()
    eventScratch?.deallocate()
    lineScratch?.deallocate()
  }

  private var eventScratch: UnsafeMutablePointer<InputEvent>?
  private var lineScratch: UnsafeMutablePointer<Int32>?
  private var scratchCapacity = 0

  /// Room for `capacity` events and their line numbers, reused from batch to batch: the
  /// reader fills it, then copies it into the caller's batch in one go.
  func scratch(capacity: Int) -> (UnsafeMutablePointer<InputEvent>, UnsafeMutablePointer<Int32>) {
    if let events = eventScratch, let lines = lineScratch, scratchCapacity >= capacity {
      return (events, lines)
    }
    eventScratch?.deallocate()
    lineScratch?.deallocate()
    let events = UnsafeMutablePointer<InputEvent>.allocate(capacity: capacity)
    let lines = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    eventScratch = events
    lineScratch = lines
    scratchCapacity = capacity
    return (events, lines)
  }

  /// An error at `line` of this source.
  func error(line: Int, _ reason: String) -> TraceError {
    TraceError(file: name, line: line, reason: reason)
  }

  /// The error for a line that has grown past the limit; `line` is its number.
  func lineTooLong(line: Int) -> TraceError {
    error(line: line, "line longer than \(LineSource.maxLineLength) bytes")
  }

  /// Moves the unconsumed bytes to the front and reads up to one chunk after them.
  ///
  /// The caller has checked that the unconsumed bytes are no longer than the line limit.
  /// Sets `reachedEndOfInput` when nothing more comes.
  func refill() throws(TraceError) {
    let pending = end - start
    if start > 0 && pending > 0 { memmove(storage, storage + start, pending) }
    start = 0
    end = pending
    let room = min(chunkSize, capacity - end)
    precondition(room > 0, "refill with a full buffer")
    let count: Int
    if descriptor >= 0 {
      var result: Int
      repeat {
        result = read(descriptor, storage + end, room)
      } while result < 0 && errno == EINTR
      guard result >= 0 else {
        throw error(line: 0, "cannot read: " + LineSource.errorText())
      }
      count = result
    } else {
      count = min(room, memory.count - memoryOffset)
      memory.withUnsafeBufferPointer { bytes in
        guard count > 0, let base = bytes.baseAddress else { return }
        (storage + end).update(from: base + memoryOffset, count: count)
      }
      memoryOffset += count
    }
    if count == 0 { reachedEndOfInput = true }
    end += count
    storage[end] = 0x0a
    bytesRead += count
  }

  /// The next line, consumed, as a range of `storage` without its newline; `nil` at the end.
  func nextLine() throws(TraceError) -> Range<Int>? {
    while true {
      let pending = end - start
      if pending > 0, let newline = memchr(storage + start, 0x0a, pending) {
        let lineEnd = storage.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        guard lineEnd - start <= LineSource.maxLineLength else {
          throw lineTooLong(line: lineNumber + 1)
        }
        let line = start..<lineEnd
        start = lineEnd + 1
        lineNumber += 1
        return line
      }
      guard pending <= LineSource.maxLineLength else { throw lineTooLong(line: lineNumber + 1) }
      if reachedEndOfInput {
        guard pending > 0 else { return nil }
        let line = start..<end
        start = end
        lineNumber += 1
        return line
      }
      try refill()
    }
  }

  /// Gives back the line just returned by `nextLine()`, which must be `line`.
  func unread(_ line: Range<Int>) {
    start = line.lowerBound
    lineNumber -= 1
  }

  /// The text of the C library's current `errno`.
  static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
