// The C boundary of the live path: every call into libevdev and the system (open, poll, clocks,
// signals, directory listing) lives in this file and returns Swift values or `EvdevError`.
// Besides the uinput side (VirtualDevice.swift, UinputAccess.swift) and libevdev's name tables
// (KeyCodes.swift), no other file imports `CLibevdev` or Glibc.

import CLibevdev
import Glibc
import TextOutput
import TouchInput

/// The result of one `libevdev_next_event` call, as a Swift value.
enum NextEvent {
  /// An event in normal mode.
  case event(InputEvent)
  /// `SYN_DROPPED` arrived (`LIBEVDEV_READ_STATUS_SYNC` in normal mode); the event is attached.
  case dropped(InputEvent)
  /// Nothing more to read now (`-EAGAIN`).
  case empty
  /// The device was unplugged (`-ENODEV`, or `-EIO` from a node whose other end is gone).
  case gone
}

/// One opened libevdev handle and its file descriptor; closes both when released.
final class LibevdevHandle {
  let fd: Int32
  private let device: OpaquePointer
  let path: String

  /// Opens `path` non-blocking and close-on-exec and hands it to libevdev.
  init(path: String) throws(EvdevError) {
    LibevdevLog.install()
    var fd: Int32
    repeat {
      fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw EvdevError(call: "open", errno: errno, path: path) }
    var handle: OpaquePointer?
    let rc = libevdev_new_from_fd(fd, &handle)
    guard rc == 0, let handle else {
      Glibc.close(fd)
      throw EvdevError(call: "libevdev_new_from_fd", errno: -rc, path: path)
    }
    self.fd = fd
    self.device = handle
    self.path = path
  }

  deinit {
    libevdev_free(device)
    Glibc.close(fd)
  }

  /// Asks for `CLOCK_MONOTONIC` timestamps; returns false when the device (or umockdev) refuses.
  func useMonotonicClock() -> Bool {
    libevdev_set_clock_id(device, CLOCK_MONOTONIC) == 0
  }

  /// Takes exclusive access (`EVIOCGRAB`).
  func grab() throws(EvdevError) {
    let rc = libevdev_grab(device, LIBEVDEV_GRAB)
    if rc < 0 { throw EvdevError(call: "libevdev_grab", errno: -rc, path: path) }
  }

  /// The device as a `DeviceDescription`, built the way the evemu reader builds it from a
  /// recording header: every supported type with the codes its bitmask sets.
  func describe() -> DeviceDescription {
    var description = DeviceDescription(
      name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
      bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
      vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
      product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
      version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)))
    for property in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(device, property) == 1 {
      description.properties.insert(UInt16(property))
    }
    var types = Set<UInt16>()
    for type in 0...UInt32(EV_MAX) where libevdev_has_event_type(device, type) == 1 {
      types.insert(UInt16(type))
    }
    for type in 1...UInt32(EV_MAX) where types.contains(UInt16(type)) {
      var codes = Set<UInt16>()
      let maxCode = libevdev_event_type_get_max(type)
      if maxCode >= 0 {
        for code in 0...UInt32(maxCode) where libevdev_has_event_code(device, type, code) == 1 {
          codes.insert(UInt16(code))
        }
      }
      description.supportedCodes[UInt16(type)] = codes
    }
    // As in an evemu header (and the kernel's EVIOCGBIT(0)), the EV_SYN "codes" are the types.
    description.supportedCodes[EventType.syn] = types
    for code in description.supportedCodes[EventType.abs] ?? [] {
      guard let info = libevdev_get_abs_info(device, UInt32(code)) else { continue }
      description.absoluteAxes[code] = AbsInfo(
        value: info.pointee.value, minimum: info.pointee.minimum, maximum: info.pointee.maximum,
        fuzz: info.pointee.fuzz, flat: info.pointee.flat, resolution: info.pointee.resolution)
    }
    return description
  }

  /// The fingers already down when the device was opened, as libevdev read its slots
  /// (`EVIOCGMTSLOTS`): for each slot with a tracking id, `ABS_MT_SLOT`, the tracking id and
  /// the slot's other MT values; then `ABS_MT_SLOT` back to the current slot. Time 0, no
  /// `SYN_REPORT`; empty when no slot is down.
  func slotsDown() -> [InputEvent] {
    let count = libevdev_get_num_slots(device)
    let tracking = UInt32(ABS_MT_TRACKING_ID)
    guard count > 0, libevdev_has_event_code(device, UInt32(EV_ABS), tracking) == 1 else {
      return []
    }
    func event(_ code: UInt32, _ value: Int32) -> InputEvent {
      InputEvent(time: 0, type: EventType.abs, code: UInt16(code), value: value)
    }
    var events: [InputEvent] = []
    for slot in 0..<UInt32(count) {
      let id = libevdev_get_slot_value(device, slot, tracking)
      guard id >= 0 else { continue }
      events.append(event(UInt32(ABS_MT_SLOT), Int32(slot)))
      events.append(event(tracking, id))
      for code in UInt32(ABS_MT_TOUCH_MAJOR)...UInt32(ABS_MT_TOOL_Y) where code != tracking {
        guard libevdev_has_event_code(device, UInt32(EV_ABS), code) == 1 else { continue }
        events.append(event(code, libevdev_get_slot_value(device, slot, code)))
      }
    }
    if !events.isEmpty {
      events.append(event(UInt32(ABS_MT_SLOT), libevdev_get_current_slot(device)))
    }
    return events
  }

  /// Whether an event waits in libevdev's queue or on the descriptor
  /// (`libevdev_has_event_pending`: the queue, then a `poll` that does not wait). A failure
  /// counts as pending: the next read reports it.
  var hasEventPending: Bool { libevdev_has_event_pending(device) != 0 }

  /// Reads one event in normal mode (`sync: false`) or one resynchronisation event.
  func next(sync: Bool) throws(EvdevError) -> NextEvent {
    var raw = input_event()
    let flag = sync ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL
    while true {
      let rc = libevdev_next_event(device, flag.rawValue, &raw)
      let event = InputEvent(
        time: Int64(raw.time.tv_sec) * 1_000_000 + Int64(raw.time.tv_usec),
        type: raw.type, code: raw.code, value: raw.value)
      switch rc {
      case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .event(event)
      case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return sync ? .event(event) : .dropped(event)
      case -EAGAIN: return .empty
      case -EINTR: continue
      case -ENODEV, -EIO: return .gone
      default: throw EvdevError(call: "libevdev_next_event", errno: -rc, path: path)
      }
    }
  }
}

/// What `poll()` saw on the device and the signal pipe.
enum PollOutcome {
  case readable, timeout, signalled, interrupted, hangup
}

/// Waits for the device to become readable, at most `timeout` µs (negative: forever), also
/// waking up when `wake` (a caller's descriptor, -1 for none) becomes readable: `.signalled`.
///
/// `ppoll` takes the timeout in nanoseconds, so a deadline is not rounded up to a whole
/// millisecond.
func pollDevice(fd: Int32, wake: Int32, timeout: Microseconds, path: String)
  throws(EvdevError) -> PollOutcome
{
  var fds = [
    pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
  ]
  let count = wake >= 0 ? 2 : 1
  var limit = timespec(tv_sec: Int(timeout / 1_000_000), tv_nsec: Int(timeout % 1_000_000) * 1000)
  let rc =
    timeout < 0 ? ppoll(&fds, nfds_t(count), nil, nil) : ppoll(&fds, nfds_t(count), &limit, nil)
  if rc < 0 {
    if errno == EINTR { return .interrupted }
    throw EvdevError(call: "poll", errno: errno, path: path)
  }
  if count == 2 && fds[1].revents != 0 { return .signalled }
  if rc == 0 { return .timeout }
  // A hung-up node may also report POLLIN (a pty after its master closed, whose reads then
  // return 0 bytes): the hang-up wins, or the loop would read nothing forever.
  if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangup }
  if fds[0].revents & Int16(POLLIN) != 0 { return .readable }
  return .timeout
}

/// The local monotonic clock in microseconds: only for mapping deadlines to poll timeouts and
/// measuring idle time, never compared with event time.
func monotonicNow() -> Microseconds {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}

/// The C library's message for an errno value.
func errorMessage(_ code: Int32) -> String {
  strerror(code).map { String(cString: $0) } ?? "error \(code)"
}

/// The names in a directory, or the errno of `opendir`.
func directoryEntries(_ path: String) -> Result<[String], EvdevError> {
  guard let directory = opendir(path) else {
    return .failure(EvdevError(call: "opendir", errno: errno, path: path))
  }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    names.append(name)
  }
  return .success(names)
}

/// libevdev's own messages (`BUG: Device "…" has invalid ABS_MT_TRACKING_ID range`, which its
/// default handler prints to standard error with no newline, glued to the next line) as
/// `warning: libevdev: MESSAGE` lines on standard error, control characters escaped.
enum LibevdevLog {
  /// Installs the handler (once; libevdev's log function is process-wide).
  static func install() {
    _ = installed
  }

  private static let installed: Bool = {
    libevdev_set_log_priority(LIBEVDEV_LOG_ERROR)
    libevdev_set_log_function(
      { _, _, _, _, _, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        _ = buffer.withUnsafeMutableBufferPointer {
          vsnprintf($0.baseAddress, $0.count, format, arguments)
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        var message = String(decoding: bytes, as: UTF8.self)
        while message.last?.isNewline == true { message.removeLast() }
        let line = Array(("warning: libevdev: " + message.escapingControlCharacters + "\n").utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
      }, nil)
    return true
  }()
}
