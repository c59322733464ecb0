#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT and SIGTERM into a byte on a pipe (the self-pipe trick), so `poll()` wakes up
/// and the live loop can end cleanly: the command installs them, the library (`LiveLoop`) only
/// watches `readEnd` as its stop descriptor.
enum SignalWatch {
  // The C boundary: a signal handler is a C function pointer and captures nothing, so the
  // pipe's ends are globals; set once by `install()` before the handlers are, then only read.
  nonisolated(unsafe) static var readEnd: Int32 = -1
  nonisolated(unsafe) static var writeEnd: Int32 = -1

  /// Installs the handlers once; later calls do nothing.
  static func install() {
    guard readEnd < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      var byte: UInt8 = 1
      _ = write(SignalWatch.writeEnd, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    // A parent may have left them blocked; a blocked signal would never wake poll() up.
    var watched = sigset_t()
    sigemptyset(&watched)
    sigaddset(&watched, SIGINT)
    sigaddset(&watched, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &watched, nil)
  }

  /// Wakes the loop up as a signal would: the program itself wants to stop (a write failed).
  static func requestStop() {
    guard writeEnd >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Whether a signal arrived since the last call (drains the pipe).
  static func takeSignal() -> Bool {
    guard readEnd >= 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 16)
    var seen = false
    while read(readEnd, &buffer, buffer.count) > 0 { seen = true }
    return seen
  }
}
