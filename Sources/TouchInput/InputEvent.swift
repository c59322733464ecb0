/// A point in time on the event clock, in microseconds.
///
/// Event time comes from the kernel's `input_event` timestamp (or a recording of it). It is
/// never compared with the local wall clock.
public typealias Microseconds = Int64

/// A distance on the touch surface, in millimetres.
public typealias Millimeters = Double

/// One kernel input event: a timestamp, a type, a code and a value.
///
/// This mirrors `struct input_event` without the C type: `time` is `input_event_sec` ×
/// 1 000 000 + `input_event_usec`.
public struct InputEvent: Sendable, Hashable {
  /// When the kernel stamped the event, in microseconds.
  public var time: Microseconds
  /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …).
  public var type: UInt16
  /// The event code within its type (`ABS_MT_SLOT`, `BTN_TOUCH`, …).
  public var code: UInt16
  /// The event value.
  public var value: Int32

  /// Creates an event.
  public init(time: Microseconds, type: UInt16, code: UInt16, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }
}

extension InputEvent: CustomStringConvertible {
  /// The event as `0.123456 EV_ABS ABS_MT_POSITION_X 1452`.
  public var description: String {
    let seconds = time / 1_000_000
    let micros = abs(time % 1_000_000)
    var fraction = String(micros)
    while fraction.count < 6 { fraction = "0" + fraction }
    return
      "\(seconds).\(fraction) \(KernelNames.typeName(type)) \(KernelNames.codeName(type: type, code: code)) \(value)"
  }
}
