// The uinput side of the C boundary: every call into libevdev's uinput API and the writes to
// /dev/uinput live in this file (Libevdev.swift holds the reading side) and return Swift values
// or `VirtualDeviceError`.

import CLibevdev
import Glibc
import TouchInput

/// A virtual input device made through `/dev/uinput`: a clone of a touchscreen the daemon
/// grabbed, a keyboard or a pointer. The compositor sees it as one more evdev device.
///
/// Events written go to the kernel (or, in the tests, to umockdev's emulated node, see
/// Tools/umockdev-uinput.py); the device is destroyed by ``close()`` or when the value is
/// released. Not thread-safe: use it from one thread.
public final class VirtualDevice {
  /// The node libevdev's uinput API opens: the kernel's, redirected by umockdev in the tests.
  public static let defaultPath = "/dev/uinput"
  /// The longest name uinput takes, in bytes, without the terminating zero
  /// (`UINPUT_MAX_NAME_SIZE` − 1).
  public static let maximumNameLength = 79

  /// The device's name, as given to uinput.
  public let name: String
  /// The description it was made from (name, ids, properties, codes, absinfo).
  public let description: DeviceDescription
  /// The kernel's sysfs path of the new device (`/sys/devices/virtual/input/inputN`), if known.
  public let syspath: String?

  private var device: OpaquePointer?
  private var uinput: OpaquePointer?
  private var fd: Int32
  private let path: String
  private var events: [input_event] = []

  private init(
    description: DeviceDescription, device: OpaquePointer, uinput: OpaquePointer, fd: Int32,
    path: String
  ) {
    self.description = description
    self.name = description.name
    self.device = device
    self.uinput = uinput
    self.fd = fd
    self.path = path
    self.syspath = libevdev_uinput_get_syspath(uinput).map { String(cString: $0) }
    events.reserveCapacity(64)
  }

  deinit { close() }

  /// Creates a device with exactly `description`'s name, ids, properties, event codes and
  /// absolute axes (`EV_REP`, `EV_FF`, `EV_PWR` and `EV_FF_STATUS` are left out: uinput needs
  /// more than a bit for them; an `EV_ABS` code without absinfo is left out too).
  ///
  /// - Parameters:
  ///   - description: What the device reports; its name is cut to ``maximumNameLength`` bytes.
  ///   - path: The uinput node.
  /// - Throws: `VirtualDeviceError` naming the fix when the node is missing or not writable.
  public static func create(_ description: DeviceDescription, path: String = defaultPath)
    throws(VirtualDeviceError) -> VirtualDevice
  {
    LibevdevLog.install()
    var description = description
    description.name = truncated(description.name, to: maximumNameLength)
    guard let device = libevdev_new() else {
      throw VirtualDeviceError(call: "libevdev_new", errno: ENOMEM, path: path)
    }
    describe(device, as: description)
    var fd: Int32
    repeat {
      fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else {
      let code = errno
      libevdev_free(device)
      throw VirtualDeviceError(call: "open", errno: code, path: path)
    }
    var uinput: OpaquePointer?
    let rc = libevdev_uinput_create_from_device(device, fd, &uinput)
    guard rc == 0, let uinput else {
      Glibc.close(fd)
      libevdev_free(device)
      throw VirtualDeviceError(call: "libevdev_uinput_create_from_device", errno: -rc, path: path)
    }
    return VirtualDevice(
      description: description, device: device, uinput: uinput, fd: fd, path: path)
  }

  /// A clone of `source`: its name followed by `nameSuffix` (the name cut so the suffix fits),
  /// its ids, properties, event codes and absinfo.
  ///
  /// - Throws: `VirtualDeviceError` as ``create(_:path:)``.
  public static func clone(
    of source: DeviceDescription, nameSuffix: String, path: String = defaultPath
  ) throws(VirtualDeviceError) -> VirtualDevice {
    var description = source
    let room = max(0, maximumNameLength - nameSuffix.utf8.count)
    description.name = truncated(source.name, to: room) + nameSuffix
    return try create(description, path: path)
  }

  /// A clone of an opened device: its description, named with `nameSuffix` after its name.
  public static func clone(
    of input: EvdevInput, nameSuffix: String, path: String = defaultPath
  ) throws(VirtualDeviceError) -> VirtualDevice {
    try clone(of: input.device, nameSuffix: nameSuffix, path: path)
  }

  /// A keyboard that can press `keys` (`KEY_*` codes).
  public static func keyboard(name: String, keys: [UInt16], path: String = defaultPath)
    throws(VirtualDeviceError) -> VirtualDevice
  {
    try create(
      DeviceDescription(
        name: name, bus: busVirtual, supportedCodes: [EventType.key: Set(keys)]),
      path: path)
  }

  /// A pointer with the left, right and middle buttons, relative motion and a wheel.
  public static func pointer(name: String, path: String = defaultPath)
    throws(VirtualDeviceError) -> VirtualDevice
  {
    let buttons: Set<UInt16> = [UInt16(BTN_LEFT), UInt16(BTN_RIGHT), UInt16(BTN_MIDDLE)]
    let axes: Set<UInt16> = [UInt16(REL_X), UInt16(REL_Y), UInt16(REL_WHEEL)]
    return try create(
      DeviceDescription(
        name: name, bus: busVirtual,
        supportedCodes: [EventType.key: buttons, UInt16(EV_REL): axes]),
      path: path)
  }

  /// `BUS_VIRTUAL`.
  static let busVirtual = UInt16(BUS_VIRTUAL)

  /// Writes one event (the kernel stamps its time).
  ///
  /// - Throws: `VirtualDeviceError` when the write fails or the device was closed.
  public func write(type: UInt16, code: UInt16, value: Int32) throws(VirtualDeviceError) {
    try write([InputEvent(time: 0, type: type, code: code, value: value)])
  }

  /// Ends a frame: `SYN_REPORT`.
  public func sync() throws(VirtualDeviceError) {
    try write(type: EventType.syn, code: SynCode.report, value: 0)
  }

  /// Writes `batch` in one `write` call, in order (their times are ignored: the kernel stamps
  /// them): one system call per forwarded frame.
  ///
  /// - Throws: `VirtualDeviceError` when the write fails or the device was closed.
  public func write(_ batch: [InputEvent]) throws(VirtualDeviceError) {
    guard uinput != nil, fd >= 0 else {
      throw VirtualDeviceError(call: "write", errno: EBADF, path: path)
    }
    guard !batch.isEmpty else { return }
    events.removeAll(keepingCapacity: true)
    for event in batch {
      events.append(
        input_event(time: timeval(), type: event.type, code: event.code, value: event.value))
    }
    let size = events.count * MemoryLayout<input_event>.stride
    // The C boundary: `write(2)` reads the `input_event` array's storage.
    let written: Int = events.withUnsafeBytes { bytes in
      var rc: Int
      repeat {
        rc = Glibc.write(fd, bytes.baseAddress, size)
      } while rc < 0 && errno == EINTR
      return rc
    }
    if written < 0 { throw VirtualDeviceError(call: "write", errno: errno, path: path) }
    if written != size { throw VirtualDeviceError(call: "write", errno: EIO, path: path) }
  }

  /// Destroys the device (`UI_DEV_DESTROY`) and closes the node; later writes fail. Calling it
  /// again does nothing.
  public func close() {
    if let uinput { libevdev_uinput_destroy(uinput) }
    uinput = nil
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
    if let device { libevdev_free(device) }
    device = nil
  }

  /// Whether the device is still there (``close()`` not called).
  public var isOpen: Bool { uinput != nil }

  private static func describe(_ device: OpaquePointer, as description: DeviceDescription) {
    libevdev_set_name(device, description.name)
    libevdev_set_id_bustype(device, Int32(description.bus))
    libevdev_set_id_vendor(device, Int32(description.vendor))
    libevdev_set_id_product(device, Int32(description.product))
    libevdev_set_id_version(device, Int32(description.version))
    for property in description.properties.sorted() {
      libevdev_enable_property(device, UInt32(property))
    }
    let skipped: Set<UInt16> = [
      EventType.syn, UInt16(EV_REP), UInt16(EV_FF), UInt16(EV_PWR), UInt16(EV_FF_STATUS),
    ]
    for (type, codes) in description.supportedCodes.sorted(by: { $0.key < $1.key })
    where !skipped.contains(type) {
      libevdev_enable_event_type(device, UInt32(type))
      for code in codes.sorted() {
        if type == EventType.abs {
          guard let info = description.absoluteAxes[code] else { continue }
          var absinfo = input_absinfo(
            value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
            flat: info.flat, resolution: info.resolution)
          libevdev_enable_event_code(device, UInt32(type), UInt32(code), &absinfo)
        } else {
          libevdev_enable_event_code(device, UInt32(type), UInt32(code), nil)
        }
      }
    }
  }

  /// `text` cut to at most `limit` UTF-8 bytes, on a character boundary.
  static func truncated(_ text: String, to limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    var result = ""
    for character in text {
      if result.utf8.count + String(character).utf8.count > limit { break }
      result.append(character)
    }
    return result
  }
}

/// A failed uinput call, with the fix named: the node is missing (the module is not loaded) or
/// not writable (no udev rule).
public struct VirtualDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call that failed (`open`, `libevdev_uinput_create_from_device`, `write`).
  public var call: String
  /// The errno value it reported.
  public var errno: Int32
  /// The uinput node.
  public var path: String

  /// Creates an error.
  public init(call: String, errno: Int32, path: String) {
    self.call = call
    self.errno = errno
    self.path = path
  }

  /// The udev rule that gives the seat's user access to `/dev/uinput`.
  public static let udevRule = "Packaging/70-gesturectl-uinput.rules"

  /// `PATH: reason (fix)`: `/dev/uinput: permission denied (install
  /// Packaging/70-gesturectl-uinput.rules, or run with access to /dev/uinput)`,
  /// `/dev/uinput: no such device (load the uinput module: modprobe uinput)`, or
  /// `PATH: CALL: message (errno N)`.
  public var description: String {
    switch errno {
    case EACCES, EPERM:
      return "\(path): permission denied (install \(Self.udevRule), or run with access to \(path))"
    case ENOENT:
      return "\(path): no such device (load the uinput module: modprobe uinput)"
    case ENODEV where call == "open", ENXIO where call == "open":
      return "\(path): no such device (load the uinput module: modprobe uinput)"
    default:
      return "\(path): \(call): \(errorMessage(errno)) (errno \(errno))"
    }
  }
}
