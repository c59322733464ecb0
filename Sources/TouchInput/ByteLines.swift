#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the bytes of a text recording come from: a file descriptor or an array in memory.
///
/// A class so that copies of a reader share one file position, as `EvemuReader`'s do. A file
/// descriptor may be a regular file, a pipe, a FIFO, a character device or standard input: it
/// is read once, front to back, in chunks; bytes already read to tell the format (`prefix`)
/// are served first.
final class ByteInput {
  /// The longest line accepted, in bytes, without its newline.
  static let maxLineLength = 65_536
  /// The default chunk size: 1 MiB.
  static let defaultChunkSize = 1 << 20
  /// The name standard input goes by in errors: the path `-` that asks for it, as the
  /// messages gesturectl adds name it too.
  static let standardInputName = "-"

  /// The name used in errors: the path as the user gave it.
  let name: String
  /// The file, or -1 when the bytes come from `memory`.
  private let descriptor: Int32
  /// Whether `deinit` closes `descriptor` (not for standard input).
  private let ownsDescriptor: Bool
  private let memory: [UInt8]
  private var memoryOffset = 0
  /// Bytes read before (to tell the format), served before the descriptor's next bytes.
  private var pushedBack: [UInt8] = []
  /// How many of `pushedBack` `fill(_:at:)` has served.
  private var pushedBackOffset = 0
  /// The most bytes one read gives.
  let chunkSize: Int
  /// The reusable buffer one `read` of the file fills (empty for bytes in memory).
  private var chunk: [UInt8]

  /// Opens `path` for reading in chunks of `chunkSize` bytes.
  init(path: String, chunkSize: Int) throws(TraceError) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      throw TraceError(file: path, line: 0, reason: "cannot open: " + ByteInput.errorText())
    }
    name = path
    self.descriptor = descriptor
    ownsDescriptor = true
    memory = []
    self.chunkSize = max(1, chunkSize)
    chunk = [UInt8](repeating: 0, count: self.chunkSize)
  }

  /// Reads standard input (not closed at the end), called `standardInputName` in errors.
  init(standardInputChunkSize chunkSize: Int) {
    name = ByteInput.standardInputName
    descriptor = STDIN_FILENO
    ownsDescriptor = false
    memory = []
    self.chunkSize = max(1, chunkSize)
    chunk = [UInt8](repeating: 0, count: self.chunkSize)
  }

  /// Serves `bytes` as if they were a file called `name`, in chunks of `chunkSize` bytes.
  init(bytes: [UInt8], name: String, chunkSize: Int) {
    self.name = name
    descriptor = -1
    ownsDescriptor = false
    memory = bytes
    self.chunkSize = max(1, chunkSize)
    chunk = []
  }

  deinit {
    if descriptor >= 0 && ownsDescriptor { close(descriptor) }
  }

  /// Reads up to `count` bytes from the start (fewer at the end of the input) and keeps them
  /// to be served again by the next `readChunk` calls: how a stream's format is told from its
  /// first bytes without reading it twice. Call it before any other read.
  func peekPrefix(_ count: Int) throws(TraceError) -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count < count {
      guard try readChunk(appendingTo: &bytes) > 0 else { break }
    }
    pushedBack = bytes
    return Array(bytes.prefix(count))
  }

  /// Appends up to one chunk to `buffer`; returns how many bytes came (0 at the end).
  func readChunk(appendingTo buffer: inout [UInt8]) throws(TraceError) -> Int {
    if pushedBackOffset < pushedBack.count {
      let count = pushedBack.count - pushedBackOffset
      buffer.append(contentsOf: pushedBack[pushedBackOffset...])
      pushedBack = []
      pushedBackOffset = 0
      return count
    }
    if descriptor < 0 {
      let count = min(chunkSize, memory.count - memoryOffset)
      buffer.append(contentsOf: memory[memoryOffset..<(memoryOffset + count)])
      memoryOffset += count
      return count
    }
    var result: Int
    repeat {
      // The C boundary: `read(2)` fills the array's storage.
      result = read(descriptor, &chunk, chunk.count)
    } while result < 0 && errno == EINTR
    guard result >= 0 else {
      throw TraceError(file: name, line: 0, reason: "cannot read: " + ByteInput.errorText())
    }
    buffer.append(contentsOf: chunk[0..<result])
    return result
  }

  /// Reads up to one chunk into `buffer` from `offset` on, leaving its last byte free;
  /// returns how many bytes came (0 at the end). The array's storage is what `read(2)` fills:
  /// no second copy.
  func fill(_ buffer: inout [UInt8], at offset: Int) throws(TraceError) -> Int {
    let room = min(chunkSize, buffer.count - offset - 1)
    precondition(room > 0, "read with a full buffer")
    if pushedBackOffset < pushedBack.count {
      let count = min(room, pushedBack.count - pushedBackOffset)
      // Same length in, same length out: a copy of the bytes, the array keeps its size.
      buffer.replaceSubrange(
        offset..<(offset + count), with: pushedBack[pushedBackOffset..<(pushedBackOffset + count)])
      pushedBackOffset += count
      if pushedBackOffset == pushedBack.count { pushedBack = [] }
      return count
    }
    if descriptor < 0 {
      let count = min(room, memory.count - memoryOffset)
      buffer.replaceSubrange(
        offset..<(offset + count), with: memory[memoryOffset..<(memoryOffset + count)])
      memoryOffset += count
      return count
    }
    var result: Int
    repeat {
      // The C boundary: `read(2)` fills the array's storage after `offset`.
      result = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress.map { $0 + offset }, room)
      }
    } while result < 0 && errno == EINTR
    guard result >= 0 else {
      throw TraceError(file: name, line: 0, reason: "cannot read: " + ByteInput.errorText())
    }
    return result
  }

  /// The text of the C library's current `errno`.
  static func errorText() -> String {
    String(cString: strerror(errno))
  }
}

/// The lines of a text recording, read in chunks into one array and served as ranges of it.
///
/// The array is allocated once, at the first read: one chunk, the longest line and one byte
/// more. Only the unread part of the file and one chunk are held, so memory stays constant
/// whatever the file's length; lines longer than `ByteInput.maxLineLength` bytes are an error.
/// An unfinished line at the end of a chunk is moved to the front and completed by the next
/// chunk, which the kernel writes straight into the array. Plain bounds-checked array and
/// span indexing throughout.
struct ByteLines {
  /// The buffer; `bytes[start..<end]` is read and not yet consumed. `bytes[end]` is not a
  /// newline (a 0), so a parser that stops at a line's newline stops at `end` at the latest.
  private(set) var bytes: [UInt8] = []
  /// The first byte not yet consumed.
  private var start = 0
  /// One past the last byte read.
  private(set) var end = 0
  /// The number of lines consumed so far (the 1-based number of the last line returned).
  private(set) var lineNumber = 0
  /// Whether the input has no more bytes.
  private var reachedEnd = false
  /// The total number of bytes received.
  private(set) var bytesRead = 0
  /// The source of the bytes.
  let input: ByteInput

  /// Lines from `input`.
  init(input: ByteInput) {
    self.input = input
  }

  /// An error at `line` of this input.
  func error(line: Int, _ reason: String) -> TraceError {
    TraceError(file: input.name, line: line, reason: reason)
  }

  /// The index of the first newline of `bytes[start..<end]`, or `end`: eight bytes at a
  /// time (`ByteWord.newline`), bounds-checked.
  static func newline(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
    guard start < end else { return end }
    return ByteWord.newline(in: bytes.span.extracting(0..<end), from: start)
  }

  /// Hands `body` the bytes read so far (`bytes[..<end]`), the start of the first unread
  /// line and the number of the last line read, to take complete lines already in the
  /// buffer: it moves the start past each line it takes (after its newline; a line is at
  /// most `ByteInput.maxLineLength` bytes long without it) and counts the number up. Lines it
  /// leaves stay unread, for `nextLine()` to read, complete or report. No refill and no scan
  /// of its own: `body` finds each line's newline while it reads the line.
  mutating func takeBufferedLines(_ body: (Span<UInt8>, inout Int, inout Int) -> Void) {
    var lineStart = start
    var number = lineNumber
    body(bytes.span.extracting(0..<end), &lineStart, &number)
    precondition(
      lineStart == start
        || (lineStart > start && lineStart <= end && number > lineNumber
          && bytes[lineStart - 1] == 0x0a),
      "buffered lines taken without their newline")
    start = lineStart
    lineNumber = number
  }

  /// The error for the line being read, which has grown past the limit: binary data when it
  /// holds a NUL byte (`/dev/zero`, an image), else a line too long.
  func lineTooLong(upTo end: Int) -> TraceError {
    let limit = "line longer than \(ByteInput.maxLineLength) bytes"
    guard bytes[start..<min(end, self.end)].contains(0) else {
      return error(line: lineNumber + 1, limit)
    }
    return error(line: lineNumber + 1, "binary data (NUL byte), not a recording: " + limit)
  }

  /// Gives back `line`, the line the last `nextLine()` returned, to be read again.
  mutating func unread(_ line: Range<Int>) {
    start = line.lowerBound
    lineNumber -= 1
  }

  /// The next line without its newline, as a range of `bytes`; `nil` at the end of the input.
  mutating func nextLine() throws(TraceError) -> Range<Int>? {
    var index = start
    while true {
      let count = end
      index = Self.newline(in: bytes, from: index, to: count)
      let length = index - start
      guard length <= ByteInput.maxLineLength else { throw lineTooLong(upTo: index) }
      if index < count || (reachedEnd && length > 0) {
        let line = start..<index
        start = min(index + 1, count)
        lineNumber += 1
        return line
      }
      if reachedEnd { return nil }
      try refill()
      index = length  // the moved bytes hold no newline
    }
  }

  /// Moves the unfinished line to the front and reads one more chunk after it.
  private mutating func refill() throws(TraceError) {
    if bytes.isEmpty {
      bytes = [UInt8](repeating: 0, count: input.chunkSize + ByteInput.maxLineLength + 1)
    }
    let pending = end - start
    if start > 0 {
      for index in 0..<pending { bytes[index] = bytes[start + index] }
    }
    start = 0
    end = pending
    let received = try input.fill(&bytes, at: end)
    end += received
    bytes[end] = 0
    bytesRead += received
    if received == 0 { reachedEnd = true }
  }
}
