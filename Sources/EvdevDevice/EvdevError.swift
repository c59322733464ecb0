/// A failed system or libevdev call on a device node, errno-style.
///
/// The description names the call, the path and the C library's message, as in
/// `/dev/input/event5: open: Permission denied (errno 13)` (the place first, as every message of
/// the CLI), and adds how to get access when
/// permission was denied (running as root is never required).
public struct EvdevError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call that failed (`open`, `libevdev_new_from_fd`, `poll`, …).
  public var call: String
  /// The errno value the call reported.
  public var errno: Int32
  /// The device node or directory the call was about.
  public var path: String

  /// Creates an error.
  public init(call: String, errno: Int32, path: String) {
    self.call = call
    self.errno = errno
    self.path = path
  }

  /// `EACCES`.
  public static let permissionDenied: Int32 = 13
  /// `EPERM`.
  public static let operationNotPermitted: Int32 = 1

  /// `path: call: message (errno N)`, plus a hint on permission errors.
  public var description: String {
    var text = "\(path): \(call): \(errorMessage(errno)) (errno \(errno))"
    if errno == Self.permissionDenied || errno == Self.operationNotPermitted {
      text += "; " + Self.accessHint
    }
    return text
  }

  /// How a user without root gets read access to input devices.
  public static let accessHint =
    "add your user to the 'input' group (sudo usermod -aG input $USER, then log in again) "
    + "or grant the seat user access with a udev rule: "
    + "KERNEL==\"event*\", SUBSYSTEM==\"input\", TAG+=\"uaccess\""
}
