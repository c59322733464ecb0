import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `executable` like `runProcess(_:_:environment:timeout:)`, but reads its standard output
/// from a pipe while it runs and hands every line to `onLine` as soon as it arrives.
///
/// It returns once every writer of the pipe is gone (end of file) and the child is reaped, so
/// a grandchild that outlives the child (and keeps the pipe) is waited for too. At the deadline
/// (`timeout` seconds, or what `onLine` set) the whole process group is killed; the grandchild
/// is in it unless it left.
///
/// - Parameters:
///   - executable: An absolute path.
///   - arguments: The arguments, without the program name.
///   - environment: Extra environment variables.
///   - timeout: Seconds before the group is killed.
///   - onLine: Called with each line (without its newline; a last unterminated line at end of
///     file too) and the child's pid. Returns `nil`, or a number of seconds to move the
///     deadline to that long from now. When it throws, the group is killed and reaped and the
///     error rethrown.
/// - Returns: The child's exit status and everything printed.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String] = [:],
  timeout: Double = 60, onLine: (_ line: String, _ pid: pid_t) throws -> Double?
) throws -> ProcessResult {
  let directory = try runDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let errPath = directory.appendingPathComponent("stderr").path
  // Close-on-exec from the start: a child another test spawns meanwhile must not inherit the
  // write end, or the end of file would wait for it.
  var ends: [Int32] = [-1, -1]
  guard let pipe2 = closeOnExecPipe, pipe2(&ends, O_CLOEXEC) == 0 else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "pipe2"])
  }
  defer { close(ends[0]) }
  let pid: pid_t
  do {
    pid = try spawnInOwnGroup(
      executable, arguments, environment: environment, stdout: .descriptor(ends[1]),
      stderrPath: errPath)
    close(ends[1])
  } catch {
    close(ends[1])
    throw error
  }

  var reader = LineReader()
  var status: Int32 = 0
  var reaped = false
  var timedOut = false
  var deadline = Date().addingTimeInterval(timeout)
  do {
    var open = true
    while open || !reaped {
      if !reaped && waitpid(pid, &status, WNOHANG) == pid { reaped = true }
      if Date() > deadline {
        if timedOut { break }  // Killed 2 s ago and still not done: give up.
        timedOut = true
        kill(-pid, SIGKILL)
        deadline = Date().addingTimeInterval(2)
      }
      guard open else {
        usleep(2_000)
        continue
      }
      var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      let waitMs = max(0, min(100, Int32(deadline.timeIntervalSinceNow * 1000) + 1))
      guard poll(&poller, 1, waitMs) > 0 else { continue }
      let count = reader.fill(from: ends[0])
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { open = false }
      while let line = reader.nextLine(atEnd: !open) {
        if let seconds = try onLine(line, pid) { deadline = Date().addingTimeInterval(seconds) }
      }
    }
  } catch {
    kill(-pid, SIGKILL)
    if !reaped { _ = waitpid(pid, &status, 0) }
    throw error
  }
  // Whatever the child left behind in its group goes too.
  kill(-pid, SIGKILL)
  if !reaped { _ = waitpid(pid, &status, 0) }
  let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  return ProcessResult(
    status: exitStatus(status), stdout: reader.text, stderr: err, timedOut: timedOut)
}

/// glibc's `pipe2`, which the Swift `Glibc` module does not declare.
///
/// The C boundary: `pipe2(2)` writes the two descriptors through an `int *`, and the symbol
/// found by `dlsym(3)` is cast to that C function type.
private let closeOnExecPipe: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
  guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pipe2") else { return nil }
  return unsafeBitCast(
    symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
}()

/// The bytes read from a pipe so far, handed out line by line.
private struct LineReader {
  var bytes: [UInt8] = []
  var consumed = 0

  /// Everything read, as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Reads what the pipe has (at most 64 KiB); returns `read`'s result.
  mutating func fill(from descriptor: Int32) -> Int {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    // The C boundary: `read(2)` fills the array's storage.
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
    return count
  }

  /// The next complete line, or the unterminated rest when `atEnd`.
  mutating func nextLine(atEnd: Bool) -> String? {
    guard consumed < bytes.count else { return nil }
    if let newline = bytes[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
      defer { consumed = newline + 1 }
      return String(decoding: bytes[consumed..<newline], as: UTF8.self)
    }
    guard atEnd else { return nil }
    defer { consumed = bytes.count }
    return String(decoding: bytes[consumed...], as: UTF8.self)
  }
}
