/// One contact's raw state as the decoder accumulates it: a protocol-B slot, a protocol-A
/// track, the single-touch contact or the semi-MT bounding-box touch.
struct ContactState: Sendable {
  /// The kernel tracking id in protocol B; -1 when the slot is free.
  var trackingID: Int32 = -1
  /// The touch this contact is, or 0 while it is not (yet) a touch.
  var touchID: Int = 0
  /// The latest raw position.
  var raw = RawPoint(x: 0, y: 0)
  /// Whether X was ever received (the kernel only sends changes, so it persists).
  var hasX = false
  /// Whether Y was ever received.
  var hasY = false
  /// The latest pressure, if the device sent one.
  var pressure: Int32?
  /// The latest major axis in millimetres, if the device sent one (converted when it arrives,
  /// not once per frame).
  var majorAxis: Millimeters?
  /// The latest tool type, if the device sent one.
  var toolType: Int32?
  /// The tool the contact is taken for (from the tool type, or from the major axis when the
  /// device has no tool type).
  var tool = TouchTool.finger
  /// Whether the contact's landing was seen (false for state read when a device was opened).
  var startSeen = true
  /// The position emitted in the last frame, in millimetres.
  var location = MillimeterPoint(x: 0, y: 0)
  /// Whether any value changed since the last `SYN_REPORT`.
  var changed = false
  /// Protocol B: the phase settled for the frame being closed.
  var phase = TouchPhase.stationary

  /// Whether the contact has a complete position.
  var hasPosition: Bool { hasX && hasY }

  /// Forgets the contact's identity and values (protocol A starts each contact afresh).
  mutating func clear() {
    self = ContactState()
  }
}

extension DecoderCore {
  /// The frame entry for a contact in `phase`.
  func touch(_ contact: ContactState, phase: TouchPhase) -> Touch {
    Self.makeTouch(contact, phase: phase)
  }

  /// The frame entry for a contact in `phase` (no decoder state needed).
  static func makeTouch(_ contact: ContactState, phase: TouchPhase) -> Touch {
    Touch(
      id: TouchID(contact.touchID), phase: phase, location: contact.location, raw: contact.raw,
      pressure: contact.pressure, majorAxis: contact.majorAxis,
      toolType: contact.toolType, tool: contact.tool, startSeen: contact.startSeen)
  }

  /// The next touch id; ids count 1, 2, 3, … and are never reused.
  mutating func newTouchID() -> Int {
    defer { nextTouchID += 1 }
    return nextTouchID
  }

  /// Empties a touch array, keeping its storage: dropping the trivial elements from the end
  /// is far cheaper per frame than `removeAll(keepingCapacity:)`, which goes through the generic
  /// range replacement.
  static func clear(_ touches: inout [Touch]) {
    while !touches.isEmpty { touches.removeLast() }
  }

  /// Sets a touch array's length to `count`, keeping its storage; the new entries are blanks
  /// for the caller to overwrite.
  static func resize(_ touches: inout [Touch], to count: Int) {
    while touches.count > count { touches.removeLast() }
    while touches.count < count {
      touches.append(
        Touch(id: TouchID(0), phase: .stationary, location: MillimeterPoint(x: 0, y: 0)))
    }
  }

  /// Sorts the frame's touches by id (insertion sort: a handful, nearly always in order).
  static func sortByID(_ touches: inout [Touch]) {
    var span = touches.mutableSpan
    sortByID(&span)
  }

  /// Sorts touches in place by id, through a span of the frame's array.
  static func sortByID(_ touches: inout MutableSpan<Touch>) {
    var index = 1
    while index < touches.count {
      if touches[index - 1].id.rawValue > touches[index].id.rawValue {
        let moving = touches[index]
        var hole = index
        while hole > 0 && touches[hole - 1].id.rawValue > moving.id.rawValue {
          touches[hole] = touches[hole - 1]
          hole -= 1
        }
        touches[hole] = moving
      }
      index += 1
    }
  }
}
