import Foundation
import TouchInput

/// A small protocol-B recording written frame by frame, for live-path tests that need exact
/// timing (a finger resting with no event at all, `SYN_DROPPED` in the middle of a touch).
struct TestTrace {
  /// A 10-slot touchscreen of 4096 × 2304 units at 16 units/mm (256 × 144 mm).
  static let device = DeviceDescription(
    name: "TouchGestures Live Test Panel", bus: 0x18, vendor: 0x1, product: 0x2, version: 0x1,
    properties: [InputProperty.direct],
    supportedCodes: [
      EventType.syn: [EventType.syn, EventType.key, EventType.abs],
      EventType.key: [KeyCode.btnTouch],
      EventType.abs: [
        AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
        AbsCode.mtTrackingID,
      ],
    ],
    absoluteAxes: [
      AbsCode.x: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
      AbsCode.y: AbsInfo(minimum: 0, maximum: 2303, resolution: 16),
      AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
      AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
      AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2303, resolution: 16),
      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
    ])

  /// The events so far.
  private(set) var events: [InputEvent] = []
  private var nextTrackingID: Int32 = 100
  private var fingersDown = 0

  /// Adds one frame at `milliseconds` (from a base of 10 s) closed by `SYN_REPORT`.
  mutating func frame(at milliseconds: Double, _ body: (inout [(UInt16, UInt16, Int32)]) -> Void) {
    var items: [(UInt16, UInt16, Int32)] = []
    body(&items)
    let time = 10_000_000 + Int64((milliseconds * 1000).rounded())
    for (type, code, value) in items {
      events.append(InputEvent(time: time, type: type, code: code, value: value))
    }
    events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
  }

  /// A finger lands in `slot` at (`x`, `y`) mm.
  mutating func down(slot: Int32, x: Double, y: Double, at milliseconds: Double) {
    let id = nextTrackingID
    nextTrackingID += 1
    let first = fingersDown == 0
    fingersDown += 1
    frame(at: milliseconds) { items in
      items.append((EventType.abs, AbsCode.mtSlot, slot))
      items.append((EventType.abs, AbsCode.mtTrackingID, id))
      items.append((EventType.abs, AbsCode.mtPositionX, Int32(x * 16)))
      items.append((EventType.abs, AbsCode.mtPositionY, Int32(y * 16)))
      if first { items.append((EventType.key, KeyCode.btnTouch, 1)) }
    }
  }

  /// The finger in `slot` moves to (`x`, `y`) mm.
  mutating func move(slot: Int32, x: Double, y: Double, at milliseconds: Double) {
    frame(at: milliseconds) { items in
      items.append((EventType.abs, AbsCode.mtSlot, slot))
      items.append((EventType.abs, AbsCode.mtPositionX, Int32(x * 16)))
      items.append((EventType.abs, AbsCode.mtPositionY, Int32(y * 16)))
    }
  }

  /// The finger in `slot` lifts.
  mutating func up(slot: Int32, at milliseconds: Double) {
    fingersDown -= 1
    let last = fingersDown == 0
    frame(at: milliseconds) { items in
      items.append((EventType.abs, AbsCode.mtSlot, slot))
      items.append((EventType.abs, AbsCode.mtTrackingID, -1))
      if last { items.append((EventType.key, KeyCode.btnTouch, 0)) }
    }
  }

  /// The kernel reports `SYN_DROPPED` (its buffer overran), followed by the partial frame it
  /// still had, which readers must discard.
  mutating func dropped(at milliseconds: Double) {
    let time = 10_000_000 + Int64((milliseconds * 1000).rounded())
    events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0))
    frame(at: milliseconds) { items in
      items.append((EventType.abs, AbsCode.mtPositionX, 1234))
    }
  }

  /// Writes the recording to `url` and returns its path.
  func write(to url: URL) throws -> String {
    try EvemuWriter.write(device: Self.device, events: events).write(
      to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
