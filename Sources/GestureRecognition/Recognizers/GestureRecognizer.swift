import Synchronization
import TouchInput

/// What a recognizer's state machine asks the engine to do after one input.
///
/// The engine applies it (arbitration may hold or refuse it), records the reason for `explain`,
/// and delivers actions afterwards from one place. A step that is not legal in the recognizer's
/// state (``change`` before ``begin(_:)``, say) is ignored and reported through
/// ``GestureEngine/onDiagnostic``, never a trap.
public enum GestureStep: Sendable, Hashable {
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

/// The base of every recognizer, built-in or yours: identity, state, region, tool filter,
/// delegate and targets.
///
/// Subclass it to write a recognizer (see "Writing your own recognizer"): override
/// ``handle(_:_:)`` (one frame of touches) and, if you ask for deadlines,
/// ``handleDeadline(_:)``, returning a ``GestureStep``; override ``reset()``, ``isEngaged`` and
/// ``makeEvent(_:at:)`` as needed. The built-in recognizers are subclasses like any other: the
/// engine calls every recognizer through these same overrides. A recognizer never refers to
/// another: failure requirements and simultaneity belong to `GestureEngine`.
open class GestureRecognizer {
  // Plain, safe Swift: the stored properties are internal or private and the public ones are
  // computed over them, so every access is one the whole-module optimizer can see and, none
  // spanning a call into an override or a closure, it drops their run-time exclusivity checks.

  /// The kind of gesture this recognizer reports.
  public final let kind: GestureKind
  /// A name for explanations and logs ("double tap", "2-finger swipe").
  public final var name: String {
    get { label }
    set { label = newValue }
  }
  /// Storage of `name`.
  final var label: String
  /// The state as the engine last set it.
  public internal(set) final var state: GestureState {
    get { phase }
    set { phase = newValue }
  }
  /// Storage of `state`.
  final var phase: GestureState = .possible
  /// The event being delivered to targets (or the last one delivered).
  public internal(set) final var event: GestureEvent? {
    get { hasEvent ? lastEvent : nil }
    set {
      if let newValue { lastEvent = newValue }
      hasEvent = newValue != nil
    }
  }
  /// Storage of `event`: not an optional, so the engine writes a new event in place (an
  /// optional of this size is copied through a temporary on every action).
  final var lastEvent = GestureEvent(
    time: 0, kind: .tap, state: .possible, touches: 0, location: MillimeterPoint(x: 0, y: 0))
  /// Whether `lastEvent` holds an event.
  final var hasEvent = false
  /// If set, the recognizer only sees touches that began inside this rectangle (mm). Changed
  /// while touches are down, it applies from the next gesture (once every touch has lifted).
  public final var region: MillimeterRect? {
    get { area }
    set {
      area = newValue
      filterChanged()
    }
  }
  /// Storage of `region`.
  final var area: MillimeterRect?
  /// The tools whose touches the recognizer follows (UIKit's `allowedTouchTypes`): fingers only
  /// by default, so palms and pens take part in no finger gesture. A touch whose tool changes
  /// to one not allowed counts as cancelled. Changed while touches are down, it applies from the
  /// next gesture (once every touch has lifted).
  public final var allowedTools: Set<TouchTool> {
    get { tools }
    set {
      let changed = newValue != tools
      tools = newValue
      if changed { filterChanged() }
    }
  }
  /// Storage of `allowedTools`.
  final var tools: Set<TouchTool> = [.finger]
  /// Decides whether the recognizer begins, which touches it follows and whom it recognizes
  /// with (held weakly). Setting or clearing one while touches are down applies from the next
  /// gesture (once every touch has lifted); the gesture in flight goes on as it was.
  public final var delegate: (any GestureRecognizerDelegate)? {
    get { adviser }
    set {
      let changed = (newValue == nil) != (adviser == nil)
      adviser = newValue
      if changed { filterChanged() }
    }
  }
  /// Storage of `delegate`.
  final weak var adviser: (any GestureRecognizerDelegate)?
  /// The engine this recognizer was added to, if any (told when the region changes).
  public internal(set) final var engine: GestureEngine? {
    get { owner }
    set { owner = newValue }
  }
  /// Storage of `engine`: unowned, not weak, and cleared by the engine's `deinit` (so it never
  /// refers to a freed engine). A weak reference gives its target a side table, which makes
  /// every retain and release of the engine several times dearer, and the pipeline retains and
  /// releases it on every frame (replaying the 1 M-event stress trace: about 30 M instructions,
  /// 2.5 % of the whole process).
  final unowned var owner: GestureEngine?
  /// The touches of the region, when there is one (otherwise the engine's surface is used).
  final var regionSurface: TouchSurface?

  /// Whether a recognition is held until recognizers it requires to fail have failed.
  public final var isAwaitingFailure: Bool { isHeld }

  /// Whether the recognizer takes part in recognition (true by default), as UIKit's.
  ///
  /// A disabled recognizer sees no frames and fires no deadlines. Disabling one whose gesture
  /// is in progress (began or changed) cancels it, delivering a `cancelled` action; disabling
  /// one that is still deciding about touches (possible, following them or holding a
  /// recognition) fails it; disabling an idle or finished one changes no state. Enabling takes
  /// effect for touches that begin afterwards: with touches down, the recognizer waits until a
  /// frame in which every touch down has just landed. Without an engine, only the flag changes.
  public final var isEnabled: Bool {
    get { enabled }
    set {
      guard newValue != enabled else { return }
      enabled = newValue
      owner?.enabledChanged(self)
    }
  }
  /// Storage of `isEnabled`.
  final var enabled = true

  final var targets: [TargetAction] = []
  /// Configuration corrections not yet reported (the recognizer was in no engine).
  final var pendingDiagnostics: [GestureEngineDiagnostic] = []
  /// Whether a region, tool filter or delegate change waits for every touch to lift.
  final var filterPending = false
  /// Whether any target was added (read on every action).
  final var hasTargets: Bool { !targets.isEmpty }
  /// The recognizers this one waits for to fail, by serial (UIKit keeps them on the
  /// recognizer, too). Serials, not weak references: a recognizer that is the target of a weak
  /// reference has its reference counts in a side table, which makes each retain and release
  /// of it in the per-frame loop several times dearer; and relations keep nobody alive.
  final var failureRequirements: [UInt64] = []
  /// The recognizers this one may be recognized with, by serial.
  final var simultaneousPartners: [UInt64] = []
  /// This recognizer's number, unique in the process (never reused, unlike an address).
  final let serial = GestureRecognizer.nextSerial.add(1, ordering: .relaxed).newValue
  /// The last serial given.
  private static let nextSerial = Atomic<UInt64>(0)
  /// The position in the engine's list, or -1 before it is added.
  final var slot = -1
  /// The index of a built-in's machine in its engine's lane (see `MachineLanes`), or -1: in
  /// no engine, or a recognizer of yours (called through its class).
  final var laneIndex = -1
  /// The machines of its engine, for a built-in in an engine (a strong reference: loading a
  /// weak one, `engine`, costs several times more, on every read of the machine).
  final var machineStore: MachineStore?
  /// Whether the recognition waits for required recognizers to fail.
  final var isHeld = false
  /// The events withheld while held, delivered in order when released.
  final var heldEvents: [GestureEvent] = []
  /// Touches accepted through the region.
  final var regionTouches: [TouchID] = []
  /// The accepted touches still down after the last frame (kept only with a region; without
  /// one, the engine's surface counts them).
  final var activeTouches = 0
  /// The next time the recognizer needs to be woken without a frame (event time), if any.
  ///
  /// Set it from ``handle(_:_:)`` or ``handleDeadline(_:)`` (nil when no timer runs): the
  /// engine reads it when they return and calls ``handleDeadline(_:)`` once event time reaches
  /// it, before any later frame. The engine clears it when the recognizer fails, is cancelled
  /// or reset.
  public final var deadline: Microseconds? {
    get { due }
    set { due = newValue }
  }
  /// Storage of `deadline`.
  final var due: Microseconds?
  /// Whether the touches down are part of this recognizer's gesture (true by default; the
  /// engine sets it back to true whenever it resets the recognizer).
  ///
  /// Set it to false from ``handle(_:_:)`` when the touches just landed belong to the next
  /// gesture rather than this one: a multi-step recognizer whose next step lands too far away
  /// sets it and returns ``GestureStep/fail(_:)``; the engine then resets it and lets it start
  /// over on those same touches, in the same frame (the built-in taps do this). A finished
  /// recognizer that does not own the touches down also prevents no other recognizer through
  /// them.
  public final var ownsTouches: Bool {
    get { owns }
    set { owns = newValue }
  }
  /// Storage of `ownsTouches`.
  final var owns = true

  /// Creates a recognizer reporting `kind`, called `name` in explanations and logs.
  ///
  /// - Parameters:
  ///   - kind: The kind its events carry (a built-in one or your own, see ``GestureKind``).
  ///   - name: The name in `--explain` lines, diagnostics and arbitration reasons.
  public init(kind: GestureKind, name: String) {
    self.kind = kind
    self.label = name
    var events: [GestureEvent] = []
    events.reserveCapacity(8)
    heldEvents = events
    var touches: [TouchID] = []
    touches.reserveCapacity(TouchSurface.capacity)
    regionTouches = touches
  }

  // Arrays of a class are changed through a local they are moved into and back out of: the
  // stored property's accesses are then all instantaneous, and keep no run-time check.

  /// Keeps an event withheld while held.
  final func hold(_ event: GestureEvent) {
    var events = heldEvents
    heldEvents = []
    events.append(event)
    heldEvents = events
  }

  /// Drops the events withheld (keeping the storage).
  final func dropHeld() {
    guard !heldEvents.isEmpty else { return }
    var events = heldEvents
    heldEvents = []
    events.removeAll(keepingCapacity: true)
    heldEvents = events
  }

  /// Forgets the touches accepted through the region (keeping the storage).
  final func dropRegionTouches() {
    guard !regionTouches.isEmpty else { return }
    var touches = regionTouches
    regionTouches = []
    touches.removeAll(keepingCapacity: true)
    regionTouches = touches
  }

  /// Whether the recognizer takes part in `touch` (always, unless it has its own touches).
  final func accepts(_ touch: Touch) -> Bool {
    regionSurface == nil || regionTouches.contains(touch.id)
  }

  /// Registers began touches it accepts; returns the count of accepted touches still down.
  final func admit(_ frame: TouchFrame) -> Int {
    guard regionSurface != nil else { return frame.activeTouchCount }
    var active = 0
    for touch in frame.touches {
      if touch.phase == .began && touch.startSeen && allowedTools.contains(touch.tool)
        && (region?.contains(touch.location) ?? true)
        && regionTouches.count < TouchSurface.capacity
        && (delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true)
      {
        var touches = regionTouches
        regionTouches = []
        touches.append(touch.id)
        regionTouches = touches
      }
      if !isLeaving(touch.phase) && allowedTools.contains(touch.tool)
        && regionTouches.contains(touch.id)
      {
        active += 1
      }
    }
    return active
  }

  /// Forgets accepted touches that ended in `frame`.
  final func release(_ frame: TouchFrame) {
    guard regionSurface != nil else { return }
    for touch in frame.touches where isLeaving(touch.phase) {
      guard let i = regionTouches.firstIndex(of: touch.id) else { continue }
      var touches = regionTouches
      regionTouches = []
      touches.remove(at: i)
      regionTouches = touches
    }
  }

  // MARK: Overridden by each recognizer

  /// Feeds one frame to the state machine and returns the transition it asks for.
  ///
  /// Called for every frame while the recognizer is possible, began or changed (never once it
  /// is finished, until ``reset()``). `frame` holds every touch of the frame (id, phase, position
  /// in mm, tool); `touches` holds those the recognizer follows (its region, tools and
  /// delegate allowing), with each frame's summary. The default returns ``GestureStep/none``.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches this recognizer follows, updated with `frame`.
  /// - Returns: The transition to apply; the engine checks it is legal and arbitrates.
  open func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep { .none }

  /// Wakes the state machine at its ``deadline`` (event time, with no frame) and returns the
  /// transition it asks for. The default returns ``GestureStep/none``.
  ///
  /// - Parameter time: The deadline that passed.
  open func handleDeadline(_ time: Microseconds) -> GestureStep { .none }

  /// Tells the state machine the engine failed it (arbitration, disabling, `cancelAll`): it
  /// sees no frames until ``reset()``. The default does nothing.
  ///
  /// Overriding it is optional: the engine clears ``deadline`` itself, feeds a failed
  /// recognizer nothing and calls ``reset()`` before it sees touches again, so a machine that
  /// starts afresh in `reset()` needs nothing here. Override it only to let go of something
  /// at once (the built-ins mark their machines finished, which only makes them stop early).
  open func forceFail() {}

  /// Tells the state machine the engine cancelled its gesture in flight: it sees no frames
  /// until ``reset()``. The default does nothing; as ``forceFail()``, overriding it is
  /// optional.
  open func forceCancel() {}

  /// Returns the state machine to its initial state once all its touches are gone (UIKit's
  /// `reset()`). The default does nothing.
  open func reset() {}

  /// Whether the state machine is following touches (not idle): recognizers that require this
  /// one to fail wait for it only while it is engaged. The default: touches are down, or a
  /// deadline runs.
  open var isEngaged: Bool { deadline != nil || numberOfTouches > 0 }

  /// The longest a deadline of this recognizer can lie after an input. The default is 0.
  ///
  /// Overriding it is no longer needed: ``GestureEngine/flush(after:)`` fires every deadline
  /// left, however late. It still tells ``GestureEngine/longestTimeout``.
  open var longestTimeout: Microseconds { 0 }

  /// A snapshot of the gesture's values for an action entering `state` at `time`.
  ///
  /// The default reports the kind, the state, the number of touches followed and their
  /// centroid; override it to add values (translation, velocity…).
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  open func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: kind, state: state, touches: numberOfTouches, location: centroid)
  }
}
