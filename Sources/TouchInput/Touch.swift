/// A point on the touch surface in millimetres from its top-left corner, after rotation and
/// calibration.
public struct MillimeterPoint: Sendable, Hashable {
  /// Distance from the left edge, in millimetres.
  public var x: Millimeters
  /// Distance from the top edge, in millimetres (y grows downwards).
  public var y: Millimeters

  /// Creates a point.
  public init(x: Millimeters, y: Millimeters) {
    self.x = x
    self.y = y
  }

  /// The straight-line distance to another point, in millimetres.
  public func distance(to other: MillimeterPoint) -> Millimeters {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// A point in raw device units, as the device reported it.
public struct RawPoint: Sendable, Hashable {
  /// The raw X value.
  public var x: Int32
  /// The raw Y value.
  public var y: Int32

  /// Creates a point.
  public init(x: Int32, y: Int32) {
    self.x = x
    self.y = y
  }
}

/// The identity of one contact for its whole life, from landing to lifting.
///
/// Not a slot number (slots are reused) and not the kernel tracking id (it wraps and restarts):
/// the decoder numbers contacts 1, 2, 3, … in the order they began.
public struct TouchID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The number.
  public var rawValue: Int

  /// Creates an identity.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Whether `lhs` is numbered before `rhs` (began earlier, for the decoder's ids).
  public static func < (lhs: TouchID, rhs: TouchID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The number, as text.
  public var description: String {
    String(rawValue)
  }
}

/// Where a contact is in its life at one frame.
public enum TouchPhase: UInt8, Sendable, Hashable, CustomStringConvertible {
  /// The contact landed in this frame.
  case began
  /// The contact moved in this frame.
  case moved
  /// The contact is down and did not move in this frame.
  case stationary
  /// The contact lifted in this frame; it is absent from the next frame.
  case ended
  /// The contact can no longer be trusted (events were dropped, the device vanished).
  case cancelled

  /// The phase's name as printed: `began`, `moved`, `stationary`, `ended` or `cancelled`.
  public var description: String {
    switch self {
    case .began: "began"
    case .moved: "moved"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }

  /// Whether this is the contact's last frame.
  public var isTerminal: Bool {
    self == .ended || self == .cancelled
  }
}

/// What made a contact, as far as gestures are concerned: a finger, or something finger
/// gestures leave out (the touch is still reported).
public enum TouchTool: UInt8, Sendable, Hashable, CustomStringConvertible {
  /// A finger (`MT_TOOL_FINGER`, or no tool type and a contact no larger than a finger).
  case finger
  /// A pen or stylus (`MT_TOOL_PEN`): not a finger.
  case pen
  /// A palm: `MT_TOOL_PALM`, or, on a device with no tool type, a touch major axis above the
  /// palm threshold.
  case palm

  /// The tool for a kernel `ABS_MT_TOOL_TYPE` value (`MT_TOOL_PEN` 1, `MT_TOOL_PALM` 2; every
  /// other value, `MT_TOOL_FINGER` 0 and `MT_TOOL_DIAL` 10 included, counts as a finger).
  public init(kernelToolType value: Int32) {
    switch value {
    case 1: self = .pen
    case 2: self = .palm
    default: self = .finger
    }
  }

  /// The tool's name as printed: `finger`, `pen` or `palm`.
  public var description: String {
    switch self {
    case .finger: "finger"
    case .pen: "pen"
    case .palm: "palm"
    }
  }
}

/// One contact in one frame.
public struct Touch: Sendable, Hashable {
  /// The contact's identity.
  public var id: TouchID
  /// The contact's phase in this frame.
  public var phase: TouchPhase
  /// Position in millimetres after rotation and calibration.
  public var location: MillimeterPoint
  /// Position in raw device units, before any mapping.
  public var raw: RawPoint
  /// Pressure in device units, when the device reports it.
  public var pressure: Int32?
  /// Length of the contact's major axis in millimetres, when the device reports it.
  public var majorAxis: Millimeters?
  /// Tool type (`MT_TOOL_FINGER` 0, `MT_TOOL_PEN` 1, `MT_TOOL_PALM` 2), when reported.
  public var toolType: Int32?
  /// What the decoder took the contact for in this frame: recognizers follow only fingers.
  public var tool: TouchTool
  /// Whether the contact's landing was seen; false for a finger already down when a live
  /// device was opened (it appears as `began` in the first frame, but its start is unknown,
  /// so recognizers leave it out).
  public var startSeen: Bool

  /// Creates a contact.
  public init(
    id: TouchID, phase: TouchPhase, location: MillimeterPoint, raw: RawPoint = RawPoint(x: 0, y: 0),
    pressure: Int32? = nil, majorAxis: Millimeters? = nil, toolType: Int32? = nil,
    tool: TouchTool = .finger, startSeen: Bool = true
  ) {
    self.id = id
    self.phase = phase
    self.location = location
    self.raw = raw
    self.pressure = pressure
    self.majorAxis = majorAxis
    self.toolType = toolType
    self.tool = tool
    self.startSeen = startSeen
  }
}

/// The state of the surface at one `SYN_REPORT`: its time and every contact in it.
///
/// Contacts that ended or were cancelled appear once more with that phase and are gone from the
/// next frame. A frame is a value; recognizers may keep it.
public struct TouchFrame: Sendable, Hashable {
  /// The frame's time: the timestamp of its `SYN_REPORT`, in microseconds.
  public var time: Microseconds
  /// The contacts, ordered by id.
  public var touches: [Touch]

  /// Creates a frame.
  public init(time: Microseconds, touches: [Touch]) {
    self.time = time
    self.touches = touches
  }

  /// The contacts that are still down (not ended or cancelled).
  public var activeTouchCount: Int {
    var count = 0
    for touch in touches where !touch.phase.isTerminal { count += 1 }
    return count
  }
}
