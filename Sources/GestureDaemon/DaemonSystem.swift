// The C boundary of the daemon: every call into the C library (files, environment, process
// spawning and reaping, signals, poll, clocks) lives in this file and returns Swift values.
// No other file of this target imports Glibc.

import Glibc
import TouchInput

/// A failed system call, errno-style: `call(subject): message (errno N)`.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call (`open`, `posix_spawn`, …).
  public var call: String
  /// The errno value.
  public var errno: Int32
  /// What the call was about (a path, a program).
  public var subject: String

  /// `call(subject): message (errno N)`.
  public var description: String {
    let message = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
    return "\(call)(\(subject)): \(message) (errno \(errno))"
  }
}

/// Why `readTextFile(_:limit:)` gave no text.
enum TextFileError: Error, Equatable {
  /// A system call failed.
  case system(SystemError)
  /// Not a regular file (a FIFO, a device, a directory): it could block or never end.
  case notRegular
  /// Longer than the limit, in bytes.
  case tooLarge(Int)
  /// Others than its owner may write it (the mode), or it belongs to someone else (the uid).
  case unsafe(mode: UInt32, owner: UInt32)
}

/// Reads a whole regular file of at most `limit` bytes as UTF-8 text (invalid bytes are
/// replaced). The file is opened without blocking (a FIFO's `open` waits for a writer) and
/// refused unless it is a regular file, so a pipe or `/dev/zero` neither hangs the reader nor
/// fills its memory. With `trusted`, a file that others can write (`o+w`) or that belongs to
/// another user than the caller or root is refused, as ssh refuses such a key file.
func readTextFile(_ path: String, limit: Int, trusted: Bool = false)
  -> Result<String, TextFileError>
{
  let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard fd >= 0 else {
    return .failure(.system(SystemError(call: "open", errno: errno, subject: path)))
  }
  defer { close(fd) }
  var info = stat()
  guard fstat(fd, &info) == 0 else {
    return .failure(.system(SystemError(call: "fstat", errno: errno, subject: path)))
  }
  guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
  if trusted && ((info.st_mode & S_IWOTH) != 0 || (info.st_uid != geteuid() && info.st_uid != 0)) {
    return .failure(.unsafe(mode: info.st_mode & 0o7777, owner: info.st_uid))
  }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while bytes.count <= limit {
    let count = read(fd, &chunk, chunk.count)
    if count < 0 {
      if errno == EINTR { continue }
      return .failure(.system(SystemError(call: "read", errno: errno, subject: path)))
    }
    if count == 0 { return .success(String(decoding: bytes, as: UTF8.self)) }
    bytes += chunk[0..<count]
  }
  return .failure(.tooLarge(limit))
}

/// The value of an environment variable, if set.
public func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// The process's environment as `NAME=value` strings.
func currentEnvironment() -> [String] {
  var result: [String] = []
  var index = 0
  while let entry = environ[index] {
    result.append(String(cString: entry))
    index += 1
  }
  return result
}

/// Starts `argv[0]` (looked up in `PATH` when it has no slash) with `environment`, without
/// waiting: standard input, output and error on /dev/null (a command's output never reaches
/// the daemon's log, where it would tear the log's lines and could stall it), its own process
/// group (a Ctrl-C meant for the daemon leaves it running), every signal
/// unblocked and SIGPIPE, SIGINT, SIGTERM, SIGHUP and SIGCHLD back to their defaults.
///
/// The argument and environment strings are copied into C strings for `posix_spawnp` and
/// freed before returning (the only pointers of this target, at the C boundary).
///
/// With `output`, standard output and error go to that descriptor instead (a pipe the
/// daemon reads, `--command-output`).
func spawnProcess(_ argv: [String], environment: [String], output: Int32? = nil) -> Result<
  Int32, SystemError
> {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  if let output {
    posix_spawn_file_actions_adddup2(&actions, output, 1)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setpgroup(&attributes, 0)
  posix_spawnattr_setflags(
    &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
  // The C boundary: `posix_spawnp(3)` takes `argv` and `envp` as NULL-terminated arrays of
  // `char *`; each string is a `strdup` copy, freed below once the child is spawned.
  let arguments: [UnsafeMutablePointer<CChar>?] = argv.map { (word: String) in strdup(word) }
  let variables: [UnsafeMutablePointer<CChar>?] = environment.map { (entry: String) in
    strdup(entry)
  }
  defer {
    for pointer in arguments + variables { free(pointer) }
  }
  var pid: pid_t = 0
  let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, arguments + [nil], variables + [nil])
  guard rc == 0 else {
    return .failure(SystemError(call: "posix_spawn", errno: rc, subject: argv[0]))
  }
  return .success(pid)
}

/// A descriptor for the log at `descriptor` that never blocks: a pipe, FIFO or terminal is
/// reopened through `/proc/self/fd` with `O_NONBLOCK` (its own open file, so the flag does
/// not reach others sharing the original); a socket (the journal) is set non-blocking
/// itself; a regular file is used as it is (writes to it do not wait for a reader).
func nonBlockingDescriptor(for descriptor: Int32) -> Int32 {
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { return descriptor }
  let type = info.st_mode & S_IFMT
  if type == S_IFREG { return descriptor }
  if type == S_IFIFO || type == S_IFCHR {
    let reopened = open(
      "/proc/self/fd/\(descriptor)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_APPEND)
    if reopened >= 0 { return reopened }
  }
  let flags = fcntl(descriptor, F_GETFL)
  if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
  return descriptor
}

/// Writes what `descriptor` takes of `bytes` now; nil when it takes nothing (full, or an
/// error: the log has nowhere else to report it).
func writeSome(_ descriptor: Int32, _ bytes: [UInt8]) -> Int? {
  while true {
    let count = write(descriptor, bytes, bytes.count)
    if count >= 0 { return count }
    if errno != EINTR { return nil }
  }
}

/// Waits at most `timeout` µs until `descriptor` takes more bytes.
func waitWritable(_ descriptor: Int32, timeout: Microseconds) -> Bool {
  var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
  let milliseconds = Int32(clamping: (timeout + 999) / 1000)
  return poll(&fds, 1, milliseconds) > 0
}

/// A pipe for a command's output: the read end non-blocking, both ends close-on-exec (the
/// spawn's dup2 gives the command its own copy of the write end).
func outputPipe() -> (read: Int32, write: Int32)? {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { return nil }
  for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
  _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
  return (ends[0], ends[1])
}

/// Reads what `descriptor` holds now: the bytes, and whether the writer is gone (end of
/// file, or an error other than "try again").
func readAvailable(_ descriptor: Int32) -> (bytes: [UInt8], ended: Bool) {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while bytes.count < 65536 {
    let count = read(descriptor, &chunk, chunk.count)
    if count > 0 {
      bytes += chunk[0..<count]
      continue
    }
    if count < 0 && errno == EINTR { continue }
    return (bytes, count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
  }
  return (bytes, false)
}

/// Closes a descriptor.
func closeDescriptor(_ descriptor: Int32) { close(descriptor) }

/// How a child ended.
public enum ChildExit: Sendable, Equatable, CustomStringConvertible {
  /// It exited with this status.
  case exited(Int32)
  /// A signal killed it.
  case signalled(Int32)

  /// `exit status 3` or `killed by signal 9`.
  public var description: String {
    switch self {
    case .exited(let status): "exit status \(status)"
    case .signalled(let signal): "killed by signal \(signal)"
    }
  }
}

/// Reaps the children among `pids` that have ended, without waiting (only those: a library
/// user's other children are left to it).
func reapChildren(_ pids: [Int32]) -> [(pid: Int32, exit: ChildExit)] {
  var ended: [(Int32, ChildExit)] = []
  for pid in pids {
    var status: Int32 = 0
    var result = waitpid(pid, &status, WNOHANG)
    while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
    guard result == pid else { continue }
    let low = status & 0x7f
    ended.append((pid, low == 0 ? .exited((status >> 8) & 0xff) : .signalled(low)))
  }
  return ended
}

/// The local monotonic clock in microseconds (for poll timeouts only, never event time).
func localNow() -> Microseconds {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}

/// The descriptors one wait of the daemon watches, kept from one wait to the next: refilled
/// in place (`removeAll(keepingCapacity:)`), so a wake allocates nothing once it has grown.
struct PollSet {
  private(set) var fds: [pollfd] = []

  /// Forgets the descriptors (keeping the storage).
  mutating func removeAll() { fds.removeAll(keepingCapacity: true) }

  /// Adds a descriptor to wait on until it is readable (or, with `writable`, takes bytes).
  mutating func add(_ descriptor: Int32, writable: Bool = false) {
    fds.append(pollfd(fd: descriptor, events: Int16(writable ? POLLOUT : POLLIN), revents: 0))
  }

  /// The number of descriptors.
  var count: Int { fds.count }

  /// Whether the descriptor at `index` is ready (readable, writable, hung up or failed).
  func isReady(_ index: Int) -> Bool { fds[index].revents != 0 }

  /// Whether the descriptor at `index` hung up or reported an error (a device that is gone),
  /// even if readable too.
  func hungUp(_ index: Int) -> Bool {
    fds[index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Waits until a descriptor is ready, at most `timeout` µs (negative: forever, rounded up
  /// to whole milliseconds). A signal ends the wait with nothing ready.
  mutating func wait(timeout: Microseconds) -> SystemError? {
    let milliseconds = timeout < 0 ? -1 : Int32(clamping: (timeout + 999) / 1000)
    let rc = poll(&fds, nfds_t(fds.count), milliseconds)
    guard rc < 0 else { return nil }
    let failure = errno
    for index in fds.indices { fds[index].revents = 0 }
    return failure == EINTR ? nil : SystemError(call: "poll", errno: failure, subject: "devices")
  }
}

/// The signals the daemon handles, turned into bytes on a pipe (the self-pipe trick) so that
/// `poll` wakes up: SIGINT, SIGTERM, SIGHUP, SIGCHLD.
enum DaemonSignals {
  nonisolated(unsafe) static var readEnd: Int32 = -1
  nonisolated(unsafe) static var writeEnd: Int32 = -1

  /// Installs the handlers once; returns the pipe's read end.
  static func install() -> Int32 {
    guard readEnd < 0 else { return readEnd }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends {
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = write(DaemonSignals.writeEnd, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    var watched = sigset_t()
    sigemptyset(&watched)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] {
      sigaction(signal, &action, nil)
      sigaddset(&watched, signal)
    }
    // A parent may have left them blocked; a blocked signal would never wake poll() up.
    sigprocmask(SIG_UNBLOCK, &watched, nil)
    return readEnd
  }

  /// The signals that arrived since the last call, in order (drains the pipe).
  static func take() -> [DaemonSignal] {
    guard readEnd >= 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 64)
    var seen: [DaemonSignal] = []
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { return seen }
      for byte in buffer[0..<count] {
        switch Int32(byte) {
        case SIGINT, SIGTERM: seen.append(.stop)
        case SIGHUP: seen.append(.reload)
        default: seen.append(.child)
        }
      }
    }
  }
}

/// What a signal asks of the daemon.
enum DaemonSignal: Equatable {
  /// SIGINT or SIGTERM.
  case stop
  /// SIGHUP.
  case reload
  /// SIGCHLD.
  case child
}

/// The natural logarithm (the C library's `log`).
func naturalLog(_ value: Double) -> Double { log(value) }
