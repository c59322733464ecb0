// The C boundary of the live path: every call into libevdev and the system (open, poll, clocks,
// signals; directory listing through the shared SystemDirectory module) lives in this file and
// returns Swift values or `EvdevError`.
// Besides the uinput side (VirtualDevice.swift, UinputAccess.swift) and libevdev's name tables
// (KeyCodes.swift), no other file imports `CLibevdev` or Glibc.

import CLibevdev
import Glibc
import SystemDirectory
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
  /// The buffer `readBatch(into:)` reads the node into, allocated once.
  private var raw = [input_event](repeating: input_event(), count: LibevdevHandle.batchCapacity)

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

/// How one `read(2)` of the node ended (`LibevdevHandle.readBatch(into:)`).
enum RawBatch {
  /// Fewer events than the buffer holds: the node's queue was empty after them.
  case short
  /// The buffer was filled: more may be queued.
  case full
  /// Nothing was queued (`EAGAIN`, or 0 bytes from a node that hung up).
  case empty
  /// The device was unplugged (`ENODEV`, `EIO`).
  case gone
  /// `SYN_DROPPED` arrived (attached); the events read after it were discarded, and the
  /// caller must resynchronise (`startSync()`, then `next(sync: true)` until `.empty`).
  case dropped(InputEvent)
}

extension LibevdevHandle {
  /// The events one `read(2)` asks for: 170 × 24 = 4080 bytes. A kernel node returns only
  /// whole events; umockdev's pty returns at most 4095 bytes, so asking for a multiple of 24
  /// below that never splits an event that was written whole (libevdev asks for 6144).
  static let batchCapacity = 170

  /// Reads the node once (`read(2)` of up to `batchCapacity` events, `EINTR` retried) and
  /// appends every event libevdev's normal-mode read would hand out, in order, keeping
  /// libevdev's view of the device (`libevdev_set_event_value`) as its own read does, so that
  /// its resynchronisation after `SYN_DROPPED` compares the device with the right state.
  ///
  /// libevdev's filters are applied as it applies them: an event of a code the device lacks
  /// is dropped; an `ABS_MT_SLOT` outside the device's slots is capped to the last one, and a
  /// tracking id that does not go from -1 to an id or back ("double tracking ID") is dropped,
  /// each with libevdev's own message.
  func readBatch(into events: inout [InputEvent]) throws(EvdevError) -> RawBatch {
    let stride = MemoryLayout<input_event>.stride
    var count = 0
    while true {
      count = Glibc.read(fd, &raw, raw.count * stride)
      if count >= 0 { break }
      switch errno {
      case EINTR: continue
      case EAGAIN: return .empty
      case ENODEV, EIO: return .gone
      default: throw EvdevError(call: "read", errno: errno, path: path)
      }
    }
    if count == 0 { return .empty }
    while count % stride != 0 { count += try readRest(of: count, stride: stride) }
    let read = count / stride
    for index in 0..<read {
      let event = raw[index]
      guard let value = admit(type: event.type, code: event.code, value: event.value) else {
        continue
      }
      let admitted = InputEvent(
        time: Int64(event.time.tv_sec) * 1_000_000 + Int64(event.time.tv_usec),
        type: event.type, code: event.code, value: value)
      if event.type == UInt16(EV_SYN) && event.code == UInt16(SYN_DROPPED) {
        return .dropped(admitted)
      }
      events.append(admitted)
    }
    return read == raw.count ? .full : .short
  }

  /// How long `readRest(of:stride:)` waits for the rest of a split event, in milliseconds.
  static let splitEventWait: Int32 = 1000

  /// Reads more of the event that a read of `count` bytes ended inside, into its place in the
  /// buffer, and returns how many bytes came.
  ///
  /// A kernel never splits an event. umockdev's node is a pty, a byte stream: the tty layer
  /// hands a write to the reader's side in pieces, so a reader woken between two pieces gets
  /// part of an event, at any pace, most often on a loaded machine. The rest was written
  /// already and follows at once, so this waits for it (`splitEventWait` at most) rather than
  /// failing. When it never comes, the read fails as libevdev's would (`EINVAL`).
  private func readRest(of count: Int, stride: Int) throws(EvdevError) -> Int {
    let missing = stride - count % stride
    while true {
      // The pointer is for read(2), a C call that needs one.
      let more = raw.withUnsafeMutableBytes { bytes in
        Glibc.read(fd, bytes.baseAddress.map { $0 + count }, missing)
      }
      if more > 0 { return more }
      if more < 0 && errno == EINTR { continue }
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if more < 0 && errno == EAGAIN && poll(&ready, 1, Self.splitEventWait) > 0 { continue }
      throw EvdevError(call: "read", errno: EINVAL, path: path)
    }
  }

  /// The value libevdev's normal-mode read hands out for this event (after updating its
  /// state with it), or nil when it discards the event.
  private func admit(type: UInt16, code: UInt16, value: Int32) -> Int32? {
    let kind = UInt32(type)
    let number = UInt32(code)
    switch Int32(type) {
    case EV_SYN: return value
    case EV_ABS, EV_KEY, EV_LED, EV_SW:
      if libevdev_set_event_value(device, kind, number, value) == 0 { return value }
      guard libevdev_has_event_code(device, kind, number) == 1 else { return nil }
      let slots = libevdev_get_num_slots(device)
      guard Int32(type) == EV_ABS, slots > -1 else { return value }
      let name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
      if number == UInt32(ABS_MT_SLOT) && (value < 0 || value >= slots) {
        LibevdevLog.write(
          "BUG: Device \"\(name)\" received an invalid slot index \(value)."
            + "Capping to announced max slot number \(slots - 1).")
        _ = libevdev_set_event_value(device, kind, number, slots - 1)
        return slots - 1
      }
      if number == UInt32(ABS_MT_TRACKING_ID) {
        LibevdevLog.write(
          "BUG: Device \"\(name)\" received a double tracking ID \(value) in slot "
            + "\(libevdev_get_current_slot(device)).")
        return nil
      }
      return value
    default:
      return libevdev_has_event_code(device, kind, number) == 1 ? value : nil
    }
  }

  /// Starts libevdev's resynchronisation after a `SYN_DROPPED` that `readBatch(into:)` read
  /// (`LIBEVDEV_READ_FLAG_FORCE_SYNC`): libevdev then discards what is still queued on the
  /// node and, through `next(sync: true)`, reports how the device differs from its state.
  ///
  /// - Returns: false when the device is gone.
  func startSync() throws(EvdevError) -> Bool {
    var event = input_event()
    while true {
      let rc = libevdev_next_event(device, LIBEVDEV_READ_FLAG_FORCE_SYNC.rawValue, &event)
      switch rc {
      case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue), Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
        return true
      case -EINTR: continue
      case -ENODEV, -EIO: return false
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

/// The names in a directory (without `.` and `..`), or the errno of `opendir`.
func directoryEntries(_ path: String) -> Result<[String], EvdevError> {
  readDirectory(path).map { $0.map(\.name) }.mapError {
    EvdevError(call: "opendir", errno: $0.code, path: path)
  }
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
        // The C boundary: `vsnprintf(3)` formats libevdev's `va_list` into the buffer.
        _ = buffer.withUnsafeMutableBufferPointer {
          vsnprintf($0.baseAddress, $0.count, format, arguments)
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        LibevdevLog.write(String(decoding: bytes, as: UTF8.self))
      }, nil)
    return true
  }()

  /// Writes one of libevdev's messages (or one worded as libevdev words it, for the filters
  /// `LibevdevHandle.readBatch(into:)` applies in its place) as a warning line.
  static func write(_ text: String) {
    var message = text
    while message.last?.isNewline == true { message.removeLast() }
    writeErrorLine("warning: libevdev: " + message.escapingControlCharacters)
  }
}
