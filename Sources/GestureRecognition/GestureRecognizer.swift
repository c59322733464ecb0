import TouchInput

/// What a recognizer's state machine asks the engine to do after one input.
///
/// The engine applies it (arbitration may hold or refuse it), records the reason for `explain`,
/// and delivers actions afterwards from one place.
enum GestureStep {
  /// Nothing to report.
  case none
  /// possible → began.
  case begin(GestureReason)
  /// began | changed → changed.
  case change
  /// began | changed → ended.
  case end(GestureReason)
  /// began | changed → cancelled.
  case cancel(GestureReason)
  /// possible → recognized.
  case recognize(GestureReason)
  /// possible → failed.
  case fail(GestureReason)
}

/// The base of every recognizer: identity, state, region and targets.
///
/// Subclasses are final classes around a private state machine; the engine calls them through
/// class dispatch (no protocol existentials in the per-frame loop). A recognizer never refers to
/// another: failure requirements and simultaneity belong to `GestureEngine`.
public class GestureRecognizer {
  /// The kind of gesture this recognizer reports.
  public let kind: GestureKind
  /// A name for explanations and logs ("double tap", "2-finger swipe").
  @exclusivity(unchecked) public var name: String
  /// The state as the engine last set it.
  @exclusivity(unchecked) public internal(set) var state: GestureState = .possible
  /// The event being delivered to targets (or the last one delivered).
  public internal(set) var event: GestureEvent? {
    get { hasEvent ? lastEvent : nil }
    set {
      if let newValue { lastEvent = newValue }
      hasEvent = newValue != nil
    }
  }
  /// Storage of `event`: not an optional, so the engine writes a new event in place (an
  /// optional of this size is copied through a temporary on every action).
  @exclusivity(unchecked) var lastEvent = GestureEvent(
    time: 0, kind: .tap, state: .possible, touches: 0, location: MillimeterPoint(x: 0, y: 0))
  /// Whether `lastEvent` holds an event.
  @exclusivity(unchecked) var hasEvent = false
  /// If set, the recognizer only sees touches that began inside this rectangle (mm).
  @exclusivity(unchecked) public var region: MillimeterRect? {
    didSet {
      regionTouches.removeAll(keepingCapacity: true)
      regionSurface = region == nil ? nil : TouchSurface()
      engine?.regionChanged(self)
    }
  }
  /// The engine this recognizer was added to (told when the region changes).
  weak var engine: GestureEngine?
  /// The touches of the region, when there is one (otherwise the engine's surface is used).
  @exclusivity(unchecked) var regionSurface: TouchSurface?

  /// Whether a recognition is held until recognizers it requires to fail have failed.
  public var isAwaitingFailure: Bool { isHeld }

  /// Whether the recognizer takes part in recognition (true by default), as UIKit's.
  ///
  /// A disabled recognizer sees no frames and fires no deadlines. Disabling one whose gesture
  /// is in progress (began or changed) cancels it, delivering a `cancelled` action; disabling
  /// one that is still deciding about touches (possible, following them or holding a
  /// recognition) fails it; disabling an idle or finished one changes no state. Enabling takes
  /// effect for touches that begin afterwards: with touches down, the recognizer waits until a
  /// frame in which every touch down has just landed. Without an engine, only the flag changes.
  public var isEnabled = true {
    didSet {
      guard isEnabled != oldValue else { return }
      engine?.enabledChanged(self)
    }
  }

  @exclusivity(unchecked) var targets: [TargetAction] = []
  /// The position in the engine's list, or -1 before it is added.
  @exclusivity(unchecked) var slot = -1
  /// Whether the recognition waits for required recognizers to fail.
  @exclusivity(unchecked) var isHeld = false
  /// The events withheld while held, delivered in order when released.
  @exclusivity(unchecked) var heldEvents: [GestureEvent] = []
  /// Touches accepted through the region.
  @exclusivity(unchecked) var regionTouches: [TouchID] = []
  /// The accepted touches still down after the last frame (kept only with a region; without
  /// one, the engine's surface counts them).
  @exclusivity(unchecked) var activeTouches = 0
  /// The next time the recognizer needs to be woken without a frame, if any.
  @exclusivity(unchecked) var deadline: Microseconds?
  /// Whether the touches down are part of the recognizer's gesture (set by the subclass). A
  /// finished recognizer that does not own them (a tap sequence that ended before they
  /// landed) prevents nobody through them, and restarts on them if they all just landed.
  @exclusivity(unchecked) var ownsTouches = true

  init(kind: GestureKind, name: String) {
    self.kind = kind
    self.name = name
    heldEvents.reserveCapacity(8)
    regionTouches.reserveCapacity(TouchSurface.capacity)
  }

  /// Whether the recognizer takes part in `touch` (always, unless it has a region).
  @inline(__always) final func accepts(_ touch: Touch) -> Bool {
    region == nil || regionTouches.contains(touch.id)
  }

  /// Registers began touches inside the region; returns the count of accepted touches still down.
  final func admit(_ frame: TouchFrame) -> Int {
    guard let region else { return frame.activeTouchCount }
    var active = 0
    for touch in frame.touches {
      if touch.phase == .began && touch.tool == .finger && touch.startSeen
        && region.contains(touch.location)
        && regionTouches.count < TouchSurface.capacity
      {
        regionTouches.append(touch.id)
      }
      if !isLeaving(touch.phase) && touch.tool == .finger && regionTouches.contains(touch.id) {
        active += 1
      }
    }
    return active
  }

  /// Forgets region touches that ended in `frame`.
  final func release(_ frame: TouchFrame) {
    guard region != nil else { return }
    for touch in frame.touches where isLeaving(touch.phase) {
      if let i = regionTouches.firstIndex(of: touch.id) { regionTouches.remove(at: i) }
    }
  }

  /// Feeds one frame through a direct call to the subclass (every kind has exactly one final
  /// class, which sets `kind` in its initializer): a switch on a stored tag predicts far better
  /// than one indirect call site whose target changes with every recognizer.
  @inline(__always) final func handleFrame(_ frame: TouchFrame, _ surface: TouchSurface)
    -> GestureStep
  {
    switch kind {
    case .swipe: unsafeDowncast(self, to: SwipeGestureRecognizer.self).handle(frame, surface)
    case .tap: unsafeDowncast(self, to: TapGestureRecognizer.self).handle(frame, surface)
    case .longPress:
      unsafeDowncast(self, to: LongPressGestureRecognizer.self).handle(frame, surface)
    case .pan: unsafeDowncast(self, to: PanGestureRecognizer.self).handle(frame, surface)
    case .pinch: unsafeDowncast(self, to: PinchGestureRecognizer.self).handle(frame, surface)
    case .rotation: unsafeDowncast(self, to: RotationGestureRecognizer.self).handle(frame, surface)
    case .edgePan: unsafeDowncast(self, to: EdgePanGestureRecognizer.self).handle(frame, surface)
    }
  }

  // MARK: Overridden by each recognizer

  /// Feeds one frame to the state machine.
  func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    preconditionFailure("abstract")
  }
  /// Wakes the state machine at its deadline.
  func handleDeadline(_ time: Microseconds) -> GestureStep { preconditionFailure("abstract") }
  /// Moves the state machine to failed (arbitration decided).
  func forceFail() { preconditionFailure("abstract") }
  /// Moves an active state machine to cancelled (the engine cancels gestures in flight).
  func forceCancel() { preconditionFailure("abstract") }
  /// Returns the state machine to its initial state.
  func reset() { preconditionFailure("abstract") }
  /// Whether the state machine is following touches (not idle).
  var isEngaged: Bool { preconditionFailure("abstract") }
  /// The longest a deadline of this recognizer can lie after an input.
  var longestTimeout: Microseconds { 0 }
  /// A snapshot of the gesture's values for an action entering `state` at `time`.
  func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    preconditionFailure("abstract")
  }
}
