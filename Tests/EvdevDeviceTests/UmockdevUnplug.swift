import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Unplugging a device that `umockdev-run` emulates, from outside, while a program reads it.
///
/// The node is a pty whose master end `umockdev-run` holds; killing `umockdev-run` drops it,
/// so the program's `poll()` reports `POLLIN | POLLERR | POLLHUP` and `read()` returns 0
/// bytes. But the preload forwards every `read`, `write` and `ioctl` of an emulated node over
/// a socket to the testbed (`umockdev-run` too) and aborts when that socket is gone. So before
/// the kill the test takes a copy of `umockdev-run`'s end of that socket (`pidfd_getfd`) and
/// answers each request "not handled" (the preload's `UNHANDLED`, -100), which makes the
/// preload do the call itself on the hung-up pty: what `umockdev-run` answers for a read.
enum UmockdevUnplug {
  private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
  private typealias PidfdGetfd = @convention(c) (Int32, Int32, UInt32) -> Int32

  /// glibc's `pidfd_open` and `pidfd_getfd` (2.36), which Swift's `Glibc` does not declare.
  private static let pidfd: (open: PidfdOpen, getfd: PidfdGetfd)? = {
    let libc = dlopen(nil, RTLD_NOW)
    guard let open = dlsym(libc, "pidfd_open"), let getfd = dlsym(libc, "pidfd_getfd") else {
      return nil
    }
    return (unsafeBitCast(open, to: PidfdOpen.self), unsafeBitCast(getfd, to: PidfdGetfd.self))
  }()

  /// Whether this process may copy a descriptor of another (tried on itself: seccomp may
  /// forbid `pidfd_getfd`).
  static let isAvailable: Bool = {
    guard let pidfd else { return false }
    let own = pidfd.open(getpid(), 0)
    guard own >= 0 else { return false }
    defer { close(own) }
    let copy = pidfd.getfd(own, 0, 0)
    guard copy >= 0 else { return false }
    close(copy)
    return true
  }()

  /// Unplugs `node` of the testbed of `umockdev-run` (`pid`): takes over its ends of the
  /// node's ioctl connections, then kills it (not its group: the program lives on).
  static func unplug(umockdevRun pid: pid_t, node: String) throws {
    let pidfd = try #require(Self.pidfd, "glibc has no pidfd_getfd")
    kill(pid, SIGSTOP)  // No request is half answered while the descriptors are copied.
    defer { kill(pid, SIGKILL) }
    // Read /proc again for up to a second when nothing matches: on a loaded machine the lookup
    // once found no connection; the cause was not pinned down.
    var descriptors = try ioctlConnections(of: pid, node: node)
    for _ in 0..<50 where descriptors.isEmpty {
      usleep(20_000)
      descriptors = try ioctlConnections(of: pid, node: node)
    }
    try #require(!descriptors.isEmpty, "umockdev-run has no ioctl connection for \(node)")
    let handle = pidfd.open(pid, 0)
    try #require(handle >= 0, "pidfd_open: errno \(errno)")
    defer { close(handle) }
    for descriptor in descriptors {
      let copy = pidfd.getfd(handle, descriptor, 0)  // Close-on-exec.
      try #require(copy >= 0, "pidfd_getfd: errno \(errno)")
      // The same open socket as umockdev-run's, which GLib made non-blocking: block.
      _ = fcntl(copy, F_SETFL, fcntl(copy, F_GETFL) & ~O_NONBLOCK)
      Thread.detachNewThread { answerUnhandled(copy) }
    }
  }

  /// The descriptor numbers, in process `pid`, of the accepted connections of the ioctl
  /// socket of `node` (`$UMOCKDEV_DIR/ioctl/dev/input/eventN`).
  static func ioctlConnections(of pid: pid_t, node: String) throws -> [Int32] {
    // /proc/net/unix: Num RefCount Protocol Flags Type St Inode Path; St 03 is connected.
    let table = try String(contentsOfFile: "/proc/net/unix", encoding: .utf8)
    var inodes = Set<Substring>()
    for line in table.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.count == 8 && fields[5] == "03" && fields[7].hasSuffix("/ioctl" + node) {
        inodes.insert(fields[6])
      }
    }
    let directory = "/proc/\(pid)/fd"
    var descriptors: [Int32] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "\(directory)/\(name)"),
        target.hasPrefix("socket:["), target.hasSuffix("]"),
        inodes.contains(target.dropFirst(8).dropLast()), let number = Int32(name)
      else { continue }
      descriptors.append(number)
    }
    return descriptors
  }

  /// Answers the preload's requests on `socket` (three machine words: command, two arguments)
  /// with "done, not handled" until the program closes its end.
  private static func answerUnhandled(_ socket: Int32) {
    defer { close(socket) }
    let done: UInt = 3
    let unhandled = UInt(bitPattern: -100)
    var request: (UInt, UInt, UInt) = (0, 0, 0)
    while receive(&request, on: socket) {
      var reply: (UInt, UInt, UInt) = (done, unhandled, 0)
      let size = MemoryLayout.size(ofValue: reply)
      guard send(socket, &reply, size, Int32(MSG_NOSIGNAL)) == size else { return }
    }
  }

  /// Reads one whole request; `false` at end of file or on an error.
  private static func receive(_ request: inout (UInt, UInt, UInt), on socket: Int32) -> Bool {
    withUnsafeMutableBytes(of: &request) { bytes in
      var done = 0
      while done < bytes.count {
        let count = recv(socket, bytes.baseAddress.map { $0 + done }, bytes.count - done, 0)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return false }
        done += count
      }
      return true
    }
  }
}
