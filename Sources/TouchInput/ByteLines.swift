#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the bytes of a text recording come from: a file descriptor or an array in memory.
///
/// A class so that copies of a reader share one file position, as `EvemuReader`'s do.
final class ByteInput {
  /// The name used in errors: the path as the user gave it.
  let name: String
  /// The file, or -1 when the bytes come from `memory`.
  private let descriptor: Int32
  private let memory: [UInt8]
  private var memoryOffset = 0
  /// The most bytes one read gives.
  private let chunkSize: Int
  /// The reusable buffer one `read` of the file fills (empty for bytes in memory).
  private var chunk: [UInt8]

  /// Opens `path` for reading in chunks of `chunkSize` bytes.
  init(path: String, chunkSize: Int) throws(TraceError) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      throw TraceError(file: path, line: 0, reason: "cannot open: " + LineSource.errorText())
    }
    name = path
    self.descriptor = descriptor
    memory = []
    self.chunkSize = max(1, chunkSize)
    chunk = [UInt8](repeating: 0, count: self.chunkSize)
  }

  /// Serves `bytes` as if they were a file called `name`, in chunks of `chunkSize` bytes.
  init(bytes: [UInt8], name: String, chunkSize: Int) {
    self.name = name
    descriptor = -1
    memory = bytes
    self.chunkSize = max(1, chunkSize)
    chunk = []
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends up to one chunk to `buffer`; returns how many bytes came (0 at the end).
  func readChunk(appendingTo buffer: inout [UInt8]) throws(TraceError) -> Int {
    if descriptor < 0 {
      let count = min(chunkSize, memory.count - memoryOffset)
      buffer.append(contentsOf: memory[memoryOffset..<(memoryOffset + count)])
      memoryOffset += count
      return count
    }
    var result: Int
    repeat {
      result = read(descriptor, &chunk, chunk.count)
    } while result < 0 && errno == EINTR
    guard result >= 0 else {
      throw TraceError(file: name, line: 0, reason: "cannot read: " + LineSource.errorText())
    }
    buffer.append(contentsOf: chunk[0..<result])
    return result
  }
}

/// The lines of a text recording, read in chunks into one array and served as ranges of it.
///
/// Only the unread part of the file and one chunk are held, so memory stays constant whatever
/// the file's length; lines longer than `LineSource.maxLineLength` bytes are an error. Plain
/// bounds-checked array indexing throughout.
struct ByteLines {
  /// The buffer; `bytes[start...]` is not yet consumed.
  private(set) var bytes: [UInt8] = []
  /// The first byte not yet consumed.
  private var start = 0
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

  /// The next line without its newline, as a range of `bytes`; `nil` at the end of the input.
  mutating func nextLine() throws(TraceError) -> Range<Int>? {
    var index = start
    while true {
      let count = bytes.count
      while index < count && bytes[index] != 0x0a { index += 1 }
      let length = index - start
      guard length <= LineSource.maxLineLength else {
        throw error(line: lineNumber + 1, "line longer than \(LineSource.maxLineLength) bytes")
      }
      if index < count || (reachedEnd && length > 0) {
        let line = start..<index
        start = min(index + 1, count)
        lineNumber += 1
        return line
      }
      if reachedEnd { return nil }
      // Keep the unfinished line, drop what was consumed, and read one more chunk.
      bytes.removeSubrange(0..<start)
      index -= start
      start = 0
      let received = try input.readChunk(appendingTo: &bytes)
      bytesRead += received
      if received == 0 { reachedEnd = true }
    }
  }
}
