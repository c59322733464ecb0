#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Buffered writing to a file descriptor: printers append lines, the buffer goes out in large
/// writes, and `flush()` runs before exit so nothing already recognized is lost.
final class OutputBuffer {
  private let descriptor: Int32
  private var bytes: [UInt8] = []
  private let limit: Int

  /// Creates a buffer over `descriptor` that writes whenever `limit` bytes are pending.
  init(descriptor: Int32, limit: Int = 64 * 1024) {
    self.descriptor = descriptor
    self.limit = limit
    bytes.reserveCapacity(limit + 1024)
  }

  /// Appends `text` and a newline.
  func line(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    bytes.append(0x0A)
    if bytes.count >= limit { flush() }
  }

  /// Appends one line that `body` writes straight into the buffer, and a newline.
  @inline(__always)
  func writeLine(_ body: (inout [UInt8]) -> Void) {
    body(&bytes)
    bytes.append(0x0A)
    if bytes.count >= limit { flush() }
  }

  /// Writes everything pending, retrying short writes and `EINTR`.
  func flush() {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        break  // The reader went away (EPIPE): nothing more can be delivered.
      }
      offset += written
    }
    bytes.removeAll(keepingCapacity: true)
  }
}

/// The process's standard output and error, shared by every subcommand.
struct Console {
  /// Standard output, buffered.
  let out = OutputBuffer(descriptor: 1)
  /// Standard error, flushed after each line.
  let err = OutputBuffer(descriptor: 2, limit: 1)

  /// Prints `error: message` on standard error.
  func error(_ message: String) {
    out.flush()
    err.line("error: " + message)
  }

  /// Prints `warning: message` on standard error.
  func warning(_ message: String) {
    out.flush()
    err.line("warning: " + message)
  }
}
