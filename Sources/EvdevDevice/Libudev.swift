// The C boundary of device discovery: every call into libudev lives in this file and returns
// Swift values or `EvdevError`. No other file imports `CLibudev`.

import CLibudev

/// An input event node as udev describes it.
public struct UdevInputDevice: Sendable, Equatable {
  /// What happened (`add`, `remove`, `change`…); `add` for enumerated devices.
  public var action: String
  /// The node, `/dev/input/eventN`.
  public var node: String
  /// The sysfs path.
  public var syspath: String
  /// Whether udev's input_id tagged it `ID_INPUT_TOUCHSCREEN=1`.
  public var isTouchscreen: Bool
  /// The udev properties that say the surface's size, when set: `ID_INPUT_WIDTH_MM`,
  /// `ID_INPUT_HEIGHT_MM` and hwdb's `EVDEV_ABS_00`, `_01`, `_35`, `_36`
  /// (`MIN:MAX:RES:FUZZ:FLAT`, fields may be empty).
  public var sizeProperties: [String: String] = [:]
  /// The device's name from sysfs (its parent's `name` attribute), which udev gives even when
  /// the node cannot be opened; nil when sysfs has none.
  public var name: String?

  /// The property names `sizeProperties` holds.
  public static let sizePropertyNames = [
    "ID_INPUT_WIDTH_MM", "ID_INPUT_HEIGHT_MM", "EVDEV_ABS_00", "EVDEV_ABS_01", "EVDEV_ABS_35",
    "EVDEV_ABS_36",
  ]

  /// Creates a description.
  public init(
    action: String, node: String, syspath: String, isTouchscreen: Bool,
    sizeProperties: [String: String] = [:]
  ) {
    self.action = action
    self.node = node
    self.syspath = syspath
    self.isTouchscreen = isTouchscreen
    self.sizeProperties = sizeProperties
  }
}

/// A libudev context with a monitor of the `input` subsystem: devices that appear and vanish
/// while the daemon runs, as libinput watches them. The monitor's descriptor is polled with
/// the devices'; it wakes only when udev announces a change.
public final class UdevMonitor {
  private let udev: OpaquePointer
  private let monitor: OpaquePointer
  /// The monitor's socket, non-blocking: readable when udev announced devices.
  public let descriptor: Int32

  /// Connects to udev's announcements (the `udev` netlink source: rules have run, so the
  /// node exists with its permissions).
  ///
  /// - Throws: `EvdevError` naming the libudev call that failed.
  public init() throws(EvdevError) {
    guard let udev = udev_new() else {
      throw EvdevError(call: "udev_new", errno: 12, path: "udev")
    }
    guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
      udev_unref(udev)
      throw EvdevError(call: "udev_monitor_new_from_netlink", errno: 19, path: "udev")
    }
    udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
    let rc = udev_monitor_enable_receiving(monitor)
    guard rc >= 0 else {
      udev_monitor_unref(monitor)
      udev_unref(udev)
      throw EvdevError(call: "udev_monitor_enable_receiving", errno: -rc, path: "udev")
    }
    self.udev = udev
    self.monitor = monitor
    descriptor = udev_monitor_get_fd(monitor)
  }

  deinit {
    udev_monitor_unref(monitor)
    udev_unref(udev)
  }

  /// The event nodes udev announced since the last call (never blocks).
  public func receive() -> [UdevInputDevice] {
    var found: [UdevInputDevice] = []
    while let device = udev_monitor_receive_device(monitor) {
      if let described = describe(device, action: nil) { found.append(described) }
      udev_device_unref(device)
    }
    return found
  }

  /// The event nodes of the `input` subsystem that exist now, tagged touchscreens or not,
  /// in the order udev lists them.
  public func enumerate() -> [UdevInputDevice] {
    guard let enumerate = udev_enumerate_new(udev) else { return [] }
    defer { udev_enumerate_unref(enumerate) }
    udev_enumerate_add_match_subsystem(enumerate, "input")
    udev_enumerate_scan_devices(enumerate)
    var found: [UdevInputDevice] = []
    var entry = udev_enumerate_get_list_entry(enumerate)
    while let current = entry {
      if let name = udev_list_entry_get_name(current),
        let device = udev_device_new_from_syspath(udev, name)
      {
        if let described = describe(device, action: "add") { found.append(described) }
        udev_device_unref(device)
      }
      entry = udev_list_entry_get_next(current)
    }
    return found
  }

  private func describe(_ device: OpaquePointer, action fixed: String?) -> UdevInputDevice? {
    guard let nodeText = udev_device_get_devnode(device) else { return nil }
    let node = String(cString: nodeText)
    guard node.hasPrefix("/dev/input/event") else { return nil }
    let action = fixed ?? udev_device_get_action(device).map { String(cString: $0) } ?? "change"
    let syspath = udev_device_get_syspath(device).map { String(cString: $0) } ?? ""
    let touchscreen = udev_device_get_property_value(device, "ID_INPUT_TOUCHSCREEN").map {
      String(cString: $0) == "1"
    }
    var sizes: [String: String] = [:]
    for name in UdevInputDevice.sizePropertyNames {
      if let value = udev_device_get_property_value(device, name) {
        sizes[name] = String(cString: value)
      }
    }
    var described = UdevInputDevice(
      action: action, node: node, syspath: syspath, isTouchscreen: touchscreen ?? false,
      sizeProperties: sizes)
    if let parent = udev_device_get_parent(device),
      let name = udev_device_get_sysattr_value(parent, "name")
    {
      described.name = String(cString: name)
    }
    return described
  }
}
