// Part of the C boundary: libevdev's tables of key and button names (no device involved).

import CLibevdev

/// The kernel's `EV_KEY` codes by name (`KEY_VOLUMEUP`, `BTN_LEFT`) and back, through
/// libevdev's own tables, so every name the kernel headers libevdev was built with know is
/// accepted.
public enum KeyCodes {
  /// The `EV_KEY` event type.
  static let keyType: UInt32 = 0x01

  /// The code of a kernel `KEY_*` or `BTN_*` name (exact spelling, as in
  /// `linux/input-event-codes.h`), or nil when libevdev knows no such name.
  public static func code(named name: String) -> UInt16? {
    guard name.hasPrefix("KEY_") || name.hasPrefix("BTN_") else { return nil }
    let code = libevdev_event_code_from_name(keyType, name)
    guard code >= 0, code <= Int32(UInt16.max) else { return nil }
    return UInt16(code)
  }

  /// The kernel name of an `EV_KEY` code (`KEY_LEFTMETA`), or nil for a code without one.
  public static func name(of code: UInt16) -> String? {
    guard let name = libevdev_event_code_get_name(keyType, UInt32(code)) else { return nil }
    return String(cString: name)
  }
}
