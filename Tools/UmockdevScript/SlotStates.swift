import TouchInput

/// The protocol-B state the kernel would report through `EVIOCGMTSLOTS` and
/// `EVIOCGABS(ABS_MT_SLOT)`: each MT axis' value in every slot, and the current slot.
struct SlotState: Equatable {
  /// Per MT code (`ABS_MT_TOUCH_MAJOR`…`ABS_MT_TOOL_Y`, not `ABS_MT_SLOT`): one value per slot.
  var values: [UInt16: [Int32]]
  /// The current slot.
  var slot: Int32 = 0

  /// The state of a device whose slots are all free: tracking ids -1, every other value 0.
  init(device: DeviceDescription) {
    values = [:]
    for code in Self.codes(of: device) {
      values[code] = [Int32](repeating: code == AbsCode.mtTrackingID ? -1 : 0, count: 256)
    }
  }

  /// The MT codes `EVIOCGMTSLOTS` is asked for, in libevdev's (ascending) order.
  static func codes(of device: DeviceDescription) -> [UInt16] {
    device.absoluteAxes.keys.filter { $0 > AbsCode.mtSlot && $0 <= 0x3d }.sorted()
  }

  /// Sets `code` of `slot` (the argument of `--initial-slot`).
  mutating func set(_ code: UInt16, slot: Int, to value: Int32) {
    guard slot >= 0 && slot < 256 else { return }
    values[code]?[slot] = value
  }

  /// The state after each `SYN_DROPPED` of `events`, as libevdev's sync reads it from the
  /// kernel: the events after the drop up to its `SYN_REPORT` are not applied (they were
  /// lost), the frame that follows (the device's state) is, and the state is taken at that
  /// frame's `SYN_REPORT`.
  static func afterDrops(in events: [InputEvent], device: DeviceDescription) -> [SlotState] {
    var state = SlotState(device: device)
    var snapshots: [SlotState] = []
    var dropping = false
    var snapshotAtReport = false
    for event in events {
      if event.type == EventType.syn {
        if event.code == SynCode.dropped {
          dropping = true
        } else if event.code == SynCode.report {
          if dropping {
            dropping = false
            snapshotAtReport = true
          } else if snapshotAtReport {
            snapshots.append(state)
            snapshotAtReport = false
          }
        }
        continue
      }
      guard !dropping, event.type == EventType.abs else { continue }
      if event.code == AbsCode.mtSlot {
        state.slot = event.value
      } else {
        state.set(event.code, slot: Int(state.slot), to: event.value)
      }
    }
    return snapshots
  }
}
