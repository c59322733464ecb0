import TouchInput

/// Feeds touch frames and time to recognizers, arbitrates between them and delivers their
/// actions.
///
/// Time is event time only: `process(_:)` first fires every deadline up to the frame's time,
/// `advance(to:)` fires deadlines with no frame, and `nextDeadline` tells a live loop how long
/// it may wait. Actions are delivered after each transition completes, from one place
/// (`deliver()`), to `onEvent` and then to the recognizer's targets.
public final class GestureEngine {
  // Plain, safe Swift: every stored property below is internal or private, and no access to
  // one spans a call into code the optimizer cannot see (a recognizer's overrides, a delegate,
  // `onEvent`, `explain`, a target). So the whole-module optimizer proves none of them can
  // overlap a conflicting access and drops their run-time exclusivity checks; the public
  // properties are computed over that storage (Docs/Gestures.md, "Speed").

  /// The recognizers, in the order added (which is also the order they see each frame).
  public var recognizers: [GestureRecognizer] { list }
  /// Storage of `recognizers`.
  var list: [GestureRecognizer] = []
  /// Receives every state change of every recognizer with its reason; nil costs nothing.
  public var explain: ((ExplainEntry) -> Void)? {
    get { explainer }
    set { explainer = newValue }
  }
  private var explainer: ((ExplainEntry) -> Void)?
  /// Whether `explain` is set.
  var explains: Bool { explainer != nil }
  /// Receives every delivered action, before the recognizer's targets.
  public var onEvent: ((GestureEvent, GestureRecognizer) -> Void)? {
    get { sink }
    set { sink = newValue }
  }
  /// Storage of `onEvent` (a closure replaced from an action stays alive until its call
  /// returns: the call holds its own reference).
  private var sink: ((GestureEvent, GestureRecognizer) -> Void)?
  /// The latest event time seen.
  public var time: Microseconds { now }
  /// Storage of `time`.
  private var now: Microseconds = .min

  /// Bit j of `simultaneous[i]`: recognizers i and j may both be recognized.
  var simultaneous: [UInt64] = []
  /// Bit j of `requirements[i]`: recognizer i waits for recognizer j to fail.
  var requirements: [UInt64] = []
  /// Bit i of `dependents[j]`: recognizer i waits for recognizer j to fail.
  var dependents: [UInt64] = []
  /// One queued action: its event is made at delivery (the recognizer's values are those of
  /// the transition: deliveries follow each frame or deadline), or taken from `stored`.
  private struct Delivery {
    /// The recognizer's slot (slots do not change while the engine is busy).
    let slot: Int
    let state: GestureState
    let time: Microseconds
    /// An index in `stored`, or -1.
    let stored: Int
  }
  /// The queued actions: the first `outboxCount` entries (a trivial type; the entries past the
  /// count are old ones, overwritten by later actions, so clearing is setting the count to 0).
  /// Changed in a local and stored back, as every array of the engine: see `push(_:)`.
  private var outbox: [Delivery] = []
  /// How many entries of `outbox` are queued actions.
  private var outboxCount = 0
  /// Events with their original values (released held actions).
  private var stored: [GestureEvent] = []
  /// Whether the engine is processing a frame, a deadline or a cancellation (an action, a
  /// delegate or `explain` may be running): calls that feed or rewire the engine are queued.
  var busy = false
  /// The calls queued while busy, run in order afterwards.
  var pending: [PendingCall] = [] {
    didSet { hasPending = !pending.isEmpty }
  }
  /// Whether `pending` holds calls: a plain flag, read on every frame.
  var hasPending = false
  /// Whether `runPending()` is running (a call it makes returns to its loop instead of
  /// draining the queue again, nested).
  var draining = false
  /// Whether a recognizer's region, tools or delegate changed while touches were down (applied
  /// once every touch has lifted).
  var hasPendingFilters = false
  #if DEBUG
    /// The thread inside the engine (debug builds check that only one is).
    let occupant = EngineOccupant()
  #endif
  /// The event time of the last frame processed (a later frame stamped earlier is restamped).
  var previousFrameTime: Microseconds = .min
  /// The touches down after the last frame, carried into a frame that leaves one out.
  var continuity = TouchContinuity()
  /// Receives every misuse the engine turned into defined behaviour (see
  /// ``GestureEngineDiagnostic``); they are also kept in ``diagnostics``.
  public var onDiagnostic: ((GestureEngineDiagnostic) -> Void)?
  /// The latest diagnostics, oldest first (at most ``diagnosticsKept``).
  public internal(set) var diagnostics: [GestureEngineDiagnostic] = []
  /// How many diagnostics ``diagnostics`` keeps.
  public static let diagnosticsKept = 32
  /// No deadline is due before this time (a lower bound kept while frames are processed, so
  /// `advance(to:)` skips its scan on most frames).
  var quietUntil: Microseconds = .min
  /// Bit i: recognizer i is in a terminal state (it sees no frames; `resetFinished` scans only
  /// these). Kept by `move`, so the per-frame loop skips finished recognizers without touching
  /// them.
  var terminalMask: UInt64 = 0
  /// Bit i: recognizer i has a region of its own (kept by the recognizer's `region`).
  var regionMask: UInt64 = 0
  /// Bit i: recognizer i sees no frames: disabled, or enabled while touches were down and
  /// waiting for a frame in which every touch down just landed (see `isEnabled`).
  var blockedMask: UInt64 = 0
  /// Bit i: recognizer i is enabled and waits for new touches (a subset of `blockedMask`).
  var waitingMask: UInt64 = 0
  /// The touches of the whole surface, shared by every recognizer without a region.
  let surface = TouchSurface()
  /// The built-in recognizers' machines, by type (see `MachineLanes`), shared with the
  /// recognizers (which read their machine there).
  let machineStore = MachineStore()
  /// Where each recognizer's machine lives, by slot (`user`: called through its class).
  var laneSlots: [LaneSlot] = []

  /// The most recognizers one engine holds.
  public static let capacity = 64

  /// Creates an engine with no recognizers.
  public init() {
    var events: [GestureEvent] = []
    events.reserveCapacity(16)
    stored = events
    var deliveries: [Delivery] = []
    deliveries.reserveCapacity(64)
    outbox = deliveries
  }

  /// Clears every recognizer's unowned reference to this engine (``GestureRecognizer/engine``
  /// reads nil afterwards, as it would with a weak reference).
  deinit {
    // Every recognizer in the list is this engine's (adding one to another engine removes it
    // from here first). Not compared with `self`: reading an unowned reference to an object
    // being destroyed traps.
    for recognizer in list { recognizer.owner = nil }
  }

  /// `process(_:)` for a frame that does not mix leaving and new touches.
  func processFrame(_ frame: TouchFrame) {
    // `advance(to:)`'s quick exit, here: on most frames no deadline is due.
    if frame.time < quietUntil {
      now = max(now, frame.time)
    } else {
      fireDeadlines(upTo: frame.time)
    }
    surface.update(frame, owner: nil)
    if waitingMask != 0 && surface.summary.countBefore == 0 { admitWaiting() }
    // A copy of the list (one retain): a recognizer added or removed from an action is queued.
    let list = self.list
    let slots = laneSlots
    // The lanes, moved out for the machine calls (see `MachineLanes`) and moved back before
    // any code that may read a machine (arbitration, a delegate, a recognizer of yours), and
    // at the end.
    var machines: MachineLanes?
    machineStore.exchange(&machines)
    for index in list.indices {
      let bit: UInt64 = 1 &<< UInt64(index)  // index < 64: a plain shift
      // Re-read for each recognizer: an earlier one's success may have failed this one.
      if regionMask == 0 {
        // No regions (the usual case): nothing to admit or release.
        if (terminalMask | blockedMask) & bit != 0 { continue }
        let slot = slots[index]
        if slot.kind == .user {
          machineStore.exchange(&machines)
          feed(list[index], frame, surface)
          machineStore.exchange(&machines)
          continue
        }
        guard let output = machines?.input(slot, frame, surface) else { continue }
        let use = MachineLanes.use(slot.kind)
        // A machine without timers changes neither the deadline nor the ownership: its
        // recognizer is not touched at all unless it asks for a transition.
        if case .none = output.step, use == .step { continue }
        let recognizer = list[index]
        switch use {
        case .step: break
        case .deadline: recognizer.due = output.deadline
        case .deadlineAndOwnership:
          recognizer.due = output.deadline
          recognizer.owns = output.ownsTouches
        }
        if let deadline = recognizer.due, deadline < quietUntil { quietUntil = deadline }
        if case .none = output.step { continue }
        machineStore.exchange(&machines)
        apply(output.step, to: recognizer, at: frame.time)
        machineStore.exchange(&machines)
        continue
      }
      if (terminalMask & ~regionMask | blockedMask) & bit != 0 { continue }
      // With regions, every recognizer is fed through its class, the lanes in place.
      machineStore.exchange(&machines)
      let recognizer = list[index]
      var touches = surface
      if regionMask & bit != 0, let own = recognizer.regionSurface {
        recognizer.activeTouches = recognizer.admit(frame)
        own.update(frame, owner: recognizer)
        touches = own
      }
      if terminalMask & bit == 0 { feed(recognizer, frame, touches) }
      if regionMask & bit != 0 { recognizer.release(frame) }
      machineStore.exchange(&machines)
    }
    machineStore.exchange(&machines)
    deliver()
    // `resetFinished`'s own first test, here: most frames have nothing to reset, and the call
    // alone costs more than the test.
    let summary = surface.summary
    if terminalMask != 0 && (summary.count == 0 || regionMask != 0 || summary.countBefore == 0),
      resetFinished(at: frame.time, restartingOn: frame)
    {
      deliver()
    }
  }

  /// Lets one recognizer see a frame with `touches`, notes its deadline and applies its step.
  private func feed(
    _ recognizer: GestureRecognizer, _ frame: TouchFrame, _ touches: TouchSurface
  ) {
    let step = recognizer.handle(frame, touches)
    if let deadline = recognizer.deadline, deadline < quietUntil { quietUntil = deadline }
    if case .none = step { return }
    apply(step, to: recognizer, at: frame.time)
  }

  /// Fires every deadline up to and including `time`, in deadline order, with no new frame.
  ///
  /// Called from inside an action (or a delegate or `explain`), it is queued and runs once the
  /// current frame or deadline is fully processed and delivered.
  public func advance(to time: Microseconds) {
    #if DEBUG
      let entered = enterThread()
      defer { leaveThread(entered) }
    #endif
    if busy {
      queue(.advance(time))
      return
    }
    busy = true
    fireDeadlines(upTo: time)
    busy = false
    if hasPending { runPending() }
  }

  /// `advance(to:)` inside the engine.
  func fireDeadlines(upTo time: Microseconds) {
    if time < quietUntil {
      now = max(now, time)
      return
    }
    while let recognizer = earliestDue(by: time), let deadline = recognizer.deadline {
      now = max(now, deadline)
      apply(recognizer.handleDeadline(deadline), to: recognizer, at: deadline)
      deliver()
      resetFinished(at: deadline)
    }
    quietUntil = nextDeadline ?? .max
    now = max(now, time)
  }

  /// When the next deadline is due (event time), or nil if no timer runs.
  public var nextDeadline: Microseconds? {
    var earliest: Microseconds?
    for recognizer in list {
      if let d = recognizer.deadline, d < (earliest ?? .max) { earliest = d }
    }
    return earliest
  }

  /// The longest any recognizer's deadline can lie after an input (each recognizer's
  /// ``GestureRecognizer/longestTimeout``). `flush(after:)` no longer needs it: it runs until
  /// no deadline is left. Kept for callers that stamp a frame after the flush.
  public var longestTimeout: Microseconds {
    list.reduce(0) { max($0, $1.longestTimeout) }
  }

  /// The most deadlines `flush(after:)` fires past the longest timeout (a recognizer that sets
  /// a new deadline every time one passes would otherwise never let it end).
  public static let flushDeadlineLimit = 1_024

  /// End of input: advances to `lastEventTime` plus the longest timeout, then fires every
  /// deadline still set, in order, until none is left (at most ``flushDeadlineLimit`` of them),
  /// so a trailing tap or long press is still reported, and so is a recognizer of yours whose
  /// deadline lies later than its ``GestureRecognizer/longestTimeout`` says (overriding it is no
  /// longer needed). Cancels nothing; ``time`` is the last deadline fired. Called from inside an
  /// action, the advance is queued (without the deadlines after it).
  public func flush(after lastEventTime: Microseconds) {
    advance(to: lastEventTime + longestTimeout)
    if busy { return }
    var fired = 0
    // A deadline not after `time` is one that cannot fire (its recognizer is disabled).
    while fired < Self.flushDeadlineLimit, let deadline = nextDeadline, deadline > time {
      advance(to: deadline)
      fired += 1
    }
  }

  // MARK: Transitions and delivery

  /// Moves `recognizer` to `state`, checking UIKit's legal transitions, and explains why.
  func move(
    _ recognizer: GestureRecognizer, to state: GestureState, _ reason: GestureReason,
    at time: Microseconds
  ) {
    guard recognizer.state.canMove(to: state) else {
      report(.illegalTransition(recognizer: recognizer.name, from: recognizer.state, to: state))
      return
    }
    if let explain = explainer {
      explain(
        ExplainEntry(
          time: time, recognizer: recognizer.name, kind: recognizer.kind, from: recognizer.state,
          to: state, reason: reason))
    }
    if state.isTerminal {
      terminalMask |= 1 << UInt64(recognizer.slot)
    } else {
      terminalMask &= ~(1 << UInt64(recognizer.slot))
    }
    recognizer.state = state
  }

  /// Queues an action for delivery after the current transition completes.
  func enqueue(_ recognizer: GestureRecognizer, _ state: GestureState, at time: Microseconds) {
    push(Delivery(slot: recognizer.slot, state: state, time: time, stored: -1))
  }

  /// Queues an action whose event was made earlier (a released held action).
  func enqueue(_ recognizer: GestureRecognizer, stored event: GestureEvent) {
    push(
      Delivery(slot: recognizer.slot, state: event.state, time: event.time, stored: stored.count))
    var events = stored
    stored = []
    events.append(event)
    stored = events
  }

  /// Queues one action. The outbox is moved into a local, appended to and moved back: each
  /// access to the stored property is instantaneous (an access spanning the append, which may
  /// call into the runtime, would keep a run-time exclusivity check on every access to it).
  private func push(_ delivery: Delivery) {
    var deliveries = outbox
    outbox = []
    if outboxCount < deliveries.count {
      deliveries[outboxCount] = delivery
    } else {
      deliveries.append(delivery)
    }
    outbox = deliveries
    outboxCount += 1
  }

  /// Explains a held recognition (possible stays possible).
  func explainHeld(_ recognizer: GestureRecognizer, _ reason: GestureReason, at time: Microseconds)
  {
    guard let explain = explainer else { return }
    explain(
      ExplainEntry(
        time: time, recognizer: recognizer.name, kind: recognizer.kind, from: .possible,
        to: .possible, reason: reason))
  }

  /// Delivers the queued actions, in order: `onEvent`, then the targets in the order added.
  func deliver() {
    guard outboxCount > 0 else { return }
    var index = 0
    // Slots do not change during a delivery (the engine is busy: wiring is queued).
    let list = self.list
    // An action may queue more (the outbox grows while it is read): re-read the count.
    while index < outboxCount {
      let delivery = outbox[index]
      let recognizer = list[delivery.slot]
      let event: GestureEvent
      if delivery.stored >= 0 {
        event = stored[delivery.stored]
      } else if laneSlots[delivery.slot].kind != .user,
        let made = machineStore.update({
          $0.event(laneSlots[delivery.slot], delivery.state, at: delivery.time)
        })
      {
        // A built-in's event, made from its machine in the lanes (read in place, with no call
        // through the class).
        event = made
      } else {
        event = recognizer.makeEvent(delivery.state, at: delivery.time)
      }
      recognizer.lastEvent = event
      recognizer.hasEvent = true
      if let sink { sink(event, recognizer) }
      if recognizer.hasTargets { recognizer.sendActions() }
      index += 1
    }
    outboxCount = 0
    if !stored.isEmpty {
      var events = stored
      stored = []
      events.removeAll(keepingCapacity: true)
      stored = events
    }
  }

  /// Returns every finished recognizer whose touches are all gone to possible.
  ///
  /// With `frame`, a finished recognizer that does not own the touches down restarts on them
  /// when they all landed in this frame (a tap too far away starts a new tap sequence): it is
  /// reset and sees the frame afresh. Returns whether such a restart changed a state.
  @discardableResult
  func resetFinished(at time: Microseconds, restartingOn frame: TouchFrame? = nil) -> Bool {
    // Only a recognizer whose touches are all gone resets: none can while touches are down on
    // the shared surface and no recognizer has a region of its own, except on a frame where
    // every touch down just landed (a restart).
    guard terminalMask != 0,
      surface.summary.count == 0 || regionMask != 0
        || (frame != nil && surface.summary.countBefore == 0)
    else { return false }
    var restarted = false
    let list = self.list
    for index in list.indices where terminalMask & (1 << UInt64(index)) != 0 {
      let recognizer = list[index]
      let own = recognizer.regionSurface
      let touches = own ?? surface
      // A recognizer without a region follows the shared surface's touches.
      let active = own == nil ? surface.summary.count : recognizer.activeTouches
      // A disabled recognizer only resets; it never starts over on a frame.
      let restart =
        frame != nil && active > 0 && !recognizer.ownsTouches
        && touches.summary.countBefore == 0 && blockedMask & (1 << UInt64(index)) == 0
      guard active == 0 || restart else { continue }
      move(recognizer, to: .possible, restart ? .newTouches : .allTouchesGone, at: time)
      recognizer.deadline = nil
      recognizer.ownsTouches = true
      recognizer.reset()
      recognizer.isHeld = false
      recognizer.dropHeld()
      guard restart, let frame else { continue }
      let step = recognizer.handle(frame, touches)
      if let deadline = recognizer.deadline, deadline < quietUntil { quietUntil = deadline }
      if case .none = step { continue }
      apply(step, to: recognizer, at: time)
      restarted = true
    }
    return restarted
  }

  private func earliestDue(by time: Microseconds) -> GestureRecognizer? {
    var best: GestureRecognizer?
    var bestDeadline = time
    let list = self.list
    for index in list.indices where blockedMask & (1 << UInt64(index)) == 0 {
      let recognizer = list[index]
      guard let d = recognizer.deadline, d <= bestDeadline else { continue }
      if best == nil || d < bestDeadline {
        best = recognizer
        bestDeadline = d
      }
    }
    return best
  }
}
