// Part of the C boundary: whether the uinput node can be opened as `VirtualDevice` opens it.

import Glibc

extension VirtualDevice {
  /// Opens `path` read-write, as ``create(_:path:)`` does, and closes it again: no device is
  /// made (`gesturectl check-setup`).
  ///
  /// - Throws: `VirtualDeviceError` naming the fix when the node is missing or not writable.
  public static func checkAccess(path: String = defaultPath) throws(VirtualDeviceError) {
    var fd: Int32
    repeat {
      fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw VirtualDeviceError(call: "open", errno: errno, path: path) }
    Glibc.close(fd)
  }
}
