import TouchInput

/// What `EvdevInput.readAvailable(into:untilEmpty:)` found after reading everything the kernel had queued.
public enum ReadStatus: Sendable, Equatable {
  /// Everything queued was read (`EAGAIN`); the device is still there.
  case drained
  /// The device was unplugged (`ENODEV` or `EIO`); events read before that were still
  /// appended.
  case deviceGone
}

/// Why `EvdevInput.wait(timeout:)` returned.
public enum WaitResult: Sendable, Equatable {
  /// Events are ready to read.
  case readable
  /// The timeout passed with nothing to read.
  case timeout
  /// The caller's stop descriptor became readable (see `LiveLoop.stopDescriptor`); a signal
  /// interrupting the wait is retried.
  case interrupted
  /// The device hung up or reported an error (it is usually gone), even if `POLLIN` was set
  /// too.
  case hangup
}

/// An opened evdev device node, read through libevdev.
///
/// Timestamps are asked for on `CLOCK_MONOTONIC`; when the device refuses (umockdev does),
/// reading carries on with whatever clock the events come with. Event time is never compared
/// with the local clock.
public final class EvdevInput {
  /// The device node, as given to `open(path:grab:)`.
  public let path: String
  /// The device, described as the evemu reader describes a recording's header.
  public let device: DeviceDescription
  /// Whether the kernel accepted `CLOCK_MONOTONIC` timestamps for this device.
  public let usesMonotonicClock: Bool
  /// The fingers already down when the device was opened (libevdev's slot state): for each
  /// slot with a tracking id, `ABS_MT_SLOT`, the tracking id and its other MT values, then
  /// `ABS_MT_SLOT` back to the current slot; time 0, no `SYN_REPORT`; empty when none is down.
  /// Feed them to `TouchDecoder.feedState(_:at:)` before the first event.
  public let fingersDownAtOpen: [InputEvent]
  /// How many times the kernel reported `SYN_DROPPED` (its buffer overran).
  public private(set) var droppedCount = 0

  private let handle: LibevdevHandle

  /// The open node's file descriptor (non-blocking), for a caller's event loop: add it to
  /// epoll, a GLib main loop or a Dispatch read source, and when it is readable call
  /// `LiveLoop.readReady(_:)` (or `readAvailable(into:untilEmpty:)`). Read it only through those.
  public var descriptor: Int32 { handle.fd }

  private init(handle: LibevdevHandle, usesMonotonicClock: Bool) {
    self.handle = handle
    self.path = handle.path
    self.device = handle.describe()
    self.fingersDownAtOpen = handle.slotsDown()
    self.usesMonotonicClock = usesMonotonicClock
  }

  /// Opens a device node for reading (`O_RDONLY | O_NONBLOCK | O_CLOEXEC`).
  ///
  /// - Parameters:
  ///   - path: The node, such as `/dev/input/event5`.
  ///   - grab: Whether to take exclusive access (`EVIOCGRAB`) so no one else sees the events.
  /// - Returns: The opened device.
  /// - Throws: `EvdevError` naming the failed call (`open`, `libevdev_new_from_fd`,
  ///   `libevdev_grab`).
  public static func open(path: String, grab: Bool = false) throws(EvdevError) -> EvdevInput {
    let handle = try LibevdevHandle(path: path)
    let monotonic = handle.useMonotonicClock()
    if grab { try handle.grab() }
    return EvdevInput(handle: handle, usesMonotonicClock: monotonic)
  }

  /// Takes exclusive access (`EVIOCGRAB`) to a device already open, so no one else sees its
  /// events (for a caller that decides after reading the device's name).
  ///
  /// - Throws: `EvdevError` naming `libevdev_grab`.
  public func grab() throws(EvdevError) { try handle.grab() }

  /// Reads the events the kernel has queued and appends them to `events`, without blocking:
  /// one `read(2)` of up to 170 events straight from the descriptor (more only while reads
  /// fill that buffer), never a second read or a `poll` to learn that the queue is empty. What
  /// is still queued after that (a device writing while it was read) makes the descriptor
  /// readable again, so the caller's next wait returns at once.
  ///
  /// The events are those libevdev's own read hands out (its filters and messages, its view
  /// of the device kept up to date), so that on `SYN_DROPPED` the batch is: the `SYN_DROPPED`
  /// event, a `SYN_REPORT` with the same time (so a decoder that discards events up to the
  /// next `SYN_REPORT` and cancels its touches has finished doing so), then libevdev's
  /// resynchronisation events (the differences between the state before the drop and the
  /// device's state now, ending with `SYN_REPORT`), all stamped with the `SYN_DROPPED` time.
  /// Events read after the `SYN_DROPPED` and whatever is still queued are discarded, as
  /// libevdev discards them. After that batch the decoder's slot state equals the device's.
  ///
  /// - Parameters:
  ///   - events: Where to append; it is not cleared.
  ///   - untilEmpty: Read until the node has nothing left (after a hang-up: a pty that hung up
  ///     can still hold what was written before), not only while reads fill the buffer.
  /// - Returns: `.drained` when what was queued was read, `.deviceGone` when the device
  ///   vanished.
  /// - Throws: `EvdevError` for any other read failure (`EINTR` is retried).
  public func readAvailable(into events: inout [InputEvent], untilEmpty: Bool = false)
    throws(EvdevError) -> ReadStatus
  {
    while true {
      switch try handle.readBatch(into: &events) {
      case .short: if !untilEmpty { return .drained }
      case .full: continue
      case .empty: return .drained
      case .gone: return .deviceGone
      case .dropped(let dropped):
        droppedCount += 1
        events.append(dropped)
        events.append(
          InputEvent(time: dropped.time, type: EventType.syn, code: SynCode.report, value: 0))
        guard try handle.startSync() else { return .deviceGone }
        return try resynchronize(at: dropped.time, into: &events)
      }
    }
  }

  private func resynchronize(
    at time: Microseconds, into events: inout [InputEvent]
  ) throws(EvdevError) -> ReadStatus {
    while true {
      switch try handle.next(sync: true) {
      case .event(var event), .dropped(var event):
        event.time = time
        events.append(event)
      case .empty: return .drained
      case .gone: return .deviceGone
      }
    }
  }

  /// Waits until events can be read, at most `timeout` milliseconds.
  ///
  /// - Parameter timeout: Milliseconds; -1 waits forever, 0 only checks.
  /// - Returns: Why the wait ended.
  /// - Throws: `EvdevError` when `poll` fails for a reason other than `EINTR`.
  public func wait(timeout: Int32) throws(EvdevError) -> WaitResult {
    try wait(microseconds: timeout < 0 ? -1 : Int64(timeout) * 1000)
  }

  /// Waits at most `microseconds` (negative: forever), or until `stop` (a descriptor, -1 for
  /// none) becomes readable; `EINTR` is retried with the time left.
  func wait(microseconds: Microseconds, stop: Int32 = -1) throws(EvdevError) -> WaitResult {
    let end = microseconds >= 0 ? monotonicNow() + microseconds : Int64.max
    var remaining = microseconds
    while true {
      switch try pollDevice(fd: handle.fd, wake: stop, timeout: remaining, path: path) {
      case .readable: return .readable
      case .timeout: return .timeout
      case .signalled: return .interrupted
      case .hangup: return .hangup
      case .interrupted:
        guard microseconds >= 0 else { continue }
        remaining = end - monotonicNow()
        if remaining <= 0 { return .timeout }
      }
    }
  }
}
