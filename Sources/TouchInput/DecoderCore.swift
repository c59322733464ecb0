/// The state machine behind ``TouchDecoder``: the same decoder as a noncopyable value, for the
/// package's hot replay path (`TouchPipeline`), which keeps one in place and borrows its frame.
///
/// It cannot be copied (move it, or keep it in one place), so its arrays are never shared and
/// writing an event's value into its slot never copies them. `feed(_:)` with `frame` lends
/// the frame without a reference-count round trip per frame.
package struct DecoderCore: ~Copyable, Sendable {
  /// The largest protocol-B slot count stored; higher slots are treated as out of range.
  public static let maximumSlots = 256
  /// The most protocol-A contacts kept per frame; more are dropped with a warning.
  public static let maximumContacts = 32
  /// The farthest a protocol-A contact may move between frames and stay the same touch.
  ///
  /// 30 mm in one report period (≥ 50 Hz) is 1.5 m/s, faster than a deliberate drag; a
  /// larger jump is taken as one finger lifting and another landing.
  public static let maximumContactJump: Millimeters = 30

  /// The surface size and the raw-to-millimetre mapping.
  public let geometry: SurfaceGeometry
  /// How the device reports contacts.
  public let touchProtocol: TouchProtocol
  /// Warnings so far, oldest first; drain them with `takeWarnings()`.
  public private(set) var warnings: [DecoderWarning] = []

  // Protocol B and semi-MT slots.
  /// `slotCount` slots.
  var slots: [ContactState]
  /// How many slots there are (at least 1).
  let slotCount: Int
  /// How many slots the device declares (`ABS_MT_SLOT` maximum + 1), above the cap or not.
  let declaredSlotCount: Int
  /// The slot the current values belong to, or -1 after an out-of-range `ABS_MT_SLOT`.
  var currentSlot = 0
  var slotsInUse = 0
  var slotsDirty = false
  /// A touch's tool changed since the last frame (the next report completes a frame).
  var toolChanged = false
  /// Touches beginning now were already down when the device was opened (`feedState`).
  var feedingState = false
  /// Semi-MT: the one touch at the bounding box's centre.
  var boxContact = ContactState()

  // Protocol A.
  var pendingContact = ContactState()
  var contacts: [ContactState]
  var contactCount = 0
  var tracks: [ContactState]
  var spareTracks: [ContactState]
  var trackCount = 0
  var contactForTrack: [Int]
  var contactTaken: [Bool]
  /// `BTN_TOUCH`: -1 until the device sends it, then 0 or 1.
  var touchButton: Int8 = -1
  var frameHasContent = false

  // Single-touch.
  var single = ContactState()
  var touchKeyDown = false
  var leftKeyDown = false
  var buttonSeen = false
  var otherAxesSeen: UInt64 = 0

  // Frames.
  /// The latest frame completed by `feed(_:)`, `finish()` or `cancelAll(at:)`; its touch array
  /// is reused for the next frame.
  public internal(set) var frame = TouchFrame(time: 0, touches: [])
  var terminal: [Touch]
  var nextTouchID = 1
  var lastFrameTime = Microseconds.min
  var latestEventTime = Microseconds.min
  var eventsSinceReport = 0
  var dropping = false
  let declaredAxes: UInt64
  /// The declared axes a protocol-B slot keeps (slot, position, tracking id, pressure, touch
  /// major, tool type); the other declared axes (`ABS_X`, orientation, widths) change nothing.
  let slotAxes: UInt64
  /// Whether the device declares `ABS_MT_TOOL_TYPE` (then the tool type alone says palm).
  let declaresToolType: Bool
  /// A contact whose major axis exceeds this is a palm, on devices with no tool type (mm).
  let palmTouchMajor: Millimeters
  var warnedAxes: UInt64 = 0
  var warned: OnceWarnings = []

  /// Creates a decoder for `device`, with screen mapping and size choices from `options`.
  ///
  /// Assumptions about the device (a guessed size, a semi-MT bounding box) are the first
  /// warnings, at time 0.
  public init(device: DeviceDescription, options: DecoderOptions = DecoderOptions()) {
    geometry = SurfaceGeometry(device: device, options: options)
    touchProtocol = device.touchProtocol
    let slotCount = min(device.slotCount, Self.maximumSlots)
    self.slotCount = max(slotCount, 1)
    declaredSlotCount = device.slotCount
    slots = Array(repeating: ContactState(), count: self.slotCount)
    let contactCapacity = touchProtocol == .multitouchA ? Self.maximumContacts : 1
    contacts = Array(repeating: ContactState(), count: contactCapacity)
    tracks = contacts
    spareTracks = contacts
    contactForTrack = Array(repeating: -1, count: contactCapacity)
    contactTaken = Array(repeating: false, count: contactCapacity)
    frame.touches.reserveCapacity(2 * max(slotCount, contactCapacity) + 2)
    terminal = []
    terminal.reserveCapacity(2 * max(slotCount, contactCapacity) + 2)
    var axes: UInt64 = 0
    for code in device.absoluteAxes.keys where code < 64 { axes |= 1 << UInt64(code) }
    declaredAxes = axes
    var kept: UInt64 = 0
    for code in [
      AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID,
      AbsCode.mtPressure, AbsCode.mtTouchMajor, AbsCode.mtToolType,
    ] {
      kept |= 1 << UInt64(code)
    }
    slotAxes = axes & kept
    declaresToolType = device.absoluteAxes[AbsCode.mtToolType] != nil
    palmTouchMajor = options.palmTouchMajor ?? .infinity
    for note in geometry.notes { warn(at: 0, note) }
    if device.slotCount > Self.maximumSlots {
      warn(
        at: 0,
        "the device declares \(device.slotCount) slots; only the first \(Self.maximumSlots) "
          + "are decoded")
    }
    if touchProtocol == .semiMultitouch {
      warn(
        at: 0,
        "semi-MT device: slot positions are the corners of a bounding box, not fingers; "
          + "reporting one touch at its centre")
    }
  }

  /// Feeds one event; returns a frame at `SYN_REPORT` when a touch began, moved, ended or was
  /// cancelled (`feed(_:)` and then `frame`, as a copy).
  @inlinable
  public mutating func decode(_ event: InputEvent) -> TouchFrame? {
    feed(event) ? frame : nil
  }

  /// Feeds one event; returns whether it completed a frame (at a `SYN_REPORT` when a touch
  /// began, moved, ended or was cancelled), which is then `frame`.
  public mutating func feed(_ event: InputEvent) -> Bool {
    if event.time > latestEventTime { latestEventTime = event.time }
    // The common case, a declared axis on a protocol-B device, stays small and call-free.
    let code = event.code
    if event.type == EventType.abs && touchProtocol == .multitouchB && !dropping && code < 64
      && declaredAxes & (1 << UInt64(code)) != 0
    {
      eventsSinceReport &+= 1
      // Positions, most of the events, are written here; a declared axis the slots do not
      // keep (`ABS_X`/`ABS_Y` beside the slots) needs nothing more.
      if code == AbsCode.mtPositionX || code == AbsCode.mtPositionY {
        slotPosition(isX: code == AbsCode.mtPositionX, value: event.value)
      } else if slotAxes & (1 << UInt64(code)) != 0 {
        slotAxis(code: code, value: event.value, at: event.time)
      }
      return false
    }
    // A protocol-B frame's end, once per frame: straight to the slots, no dispatch.
    if event.type == EventType.syn && code == SynCode.report && touchProtocol == .multitouchB
      && !dropping
    {
      eventsSinceReport = 0
      return reportSlots(at: frameTime(event.time))
    }
    return decodeOther(event)
  }

  /// `feed(_:)` for everything but a protocol-B axis.
  @inline(never)
  private mutating func decodeOther(_ event: InputEvent) -> Bool {
    switch event.type {
    case EventType.syn:
      if event.code == SynCode.report {
        eventsSinceReport = 0
        let time = frameTime(event.time)
        if dropping { return endDrop(at: time) }
        return report(at: time)
      }
      eventsSinceReport += 1
      if event.code == SynCode.dropped {
        dropping = true
      } else if event.code == SynCode.mtReport && !dropping && touchProtocol == .multitouchA {
        closeContact(at: event.time)
      }
    case EventType.abs:
      eventsSinceReport += 1
      guard !dropping else { return false }
      let code = event.code
      guard code < 64 && declaredAxes & (1 << UInt64(code)) != 0 else {
        warnUndeclared(code: code, at: event.time)
        return false
      }
      switch touchProtocol {
      case .multitouchB, .semiMultitouch: slotAxis(code: code, value: event.value, at: event.time)
      case .multitouchA: contactAxis(code: code, value: event.value)
      case .singleTouch: singleAxis(code: code, value: event.value)
      }
    case EventType.key:
      eventsSinceReport += 1
      guard !dropping else { return false }
      switch touchProtocol {
      case .multitouchA: contactKey(code: event.code, value: event.value)
      case .singleTouch: singleKey(code: event.code, value: event.value)
      case .multitouchB, .semiMultitouch: break
      }
    default:
      eventsSinceReport += 1  // EV_MSC (MSC_TIMESTAMP, MSC_SCAN) and others carry no touch
    }
    return false
  }

  /// Returns the warnings so far and forgets them.
  public mutating func takeWarnings() -> [DecoderWarning] {
    defer { warnings.removeAll() }
    return warnings
  }

  /// Closes the frame at a `SYN_REPORT` with the protocol's rules.
  private mutating func report(at time: Microseconds) -> Bool {
    switch touchProtocol {
    case .multitouchB: reportSlots(at: time)
    case .semiMultitouch: reportBoundingBox(at: time)
    case .multitouchA: reportContacts(at: time)
    case .singleTouch: reportSingle(at: time)
    }
  }

  /// Completes the frame at `time` (its touches are written); returns true.
  mutating func emit(at time: Microseconds) -> Bool {
    frame.time = time
    return true
  }

  /// Appends a warning.
  mutating func warn(at time: Microseconds, _ message: String) {
    warnings.append(DecoderWarning(time: time, message: message))
  }
}
