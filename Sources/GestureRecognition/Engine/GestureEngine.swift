import TouchInput

/// Feeds touch frames and time to recognizers, arbitrates between them and delivers their
/// actions.
///
/// Time is event time only: `process(_:)` first fires every deadline up to the frame's time,
/// `advance(to:)` fires deadlines with no frame, and `nextDeadline` tells a live loop how long
/// it may wait. Actions are delivered after each transition completes, from one place
/// (`deliver()`), to `onEvent` and then to the recognizer's targets.
public final class GestureEngine {
  // The unchecked properties, the unretained `list`, the raw `outbox` and the `Unmanaged`
  // `onEvent` box below, with the recognizer's and the surface's unchecked properties, were
  // measured together (callgrind, `replay --every-frame` of a 100 k-event trace, 2026-12-01):
  // made plain, all of them cost +53 % (176.9 M instead of 115.4 M instructions). Against that
  // plain build, each one alone gains: these unchecked properties 8.8 %, the list 7.9 %, the
  // outbox 5.7 %, the box 0.6 %; the recognizer's 10.6 %. Under 10 % one by one, a third of
  // the replay's instructions together: they stay until a design needs none (Docs/Gestures.md,
  // "The 10 % rule applied").

  /// The recognizers, in the order added (which is also the order they see each frame).
  @exclusivity(unchecked) public internal(set) var recognizers: [GestureRecognizer] = []
  /// Receives every state change of every recognizer with its reason; nil costs nothing.
  @exclusivity(unchecked) public var explain: ((ExplainEntry) -> Void)?
  /// Receives every delivered action, before the recognizer's targets.
  public var onEvent: ((GestureEvent, GestureRecognizer) -> Void)? {
    get { sink?.call }
    set {
      // Replaced from an action: the running closure stays alive until the delivery ends.
      if delivering, let sink { retiredSinks.append(sink) }
      sink = newValue.map(EventSink.init)
      sinkReference = sink.map { Unmanaged.passUnretained($0) }
    }
  }
  /// `onEvent` in a box, and the box unretained: `deliver()` calls it with no retain/release
  /// of the closure's context per action.
  @exclusivity(unchecked) private var sink: EventSink?
  @exclusivity(unchecked) private var sinkReference: Unmanaged<EventSink>?
  @exclusivity(unchecked) private var retiredSinks: [EventSink] = []
  /// The latest event time seen.
  @exclusivity(unchecked) public private(set) var time: Microseconds = .min

  /// Bit j of `simultaneous[i]`: recognizers i and j may both be recognized.
  @exclusivity(unchecked) var simultaneous: [UInt64] = []
  /// Bit j of `requirements[i]`: recognizer i waits for recognizer j to fail.
  @exclusivity(unchecked) var requirements: [UInt64] = []
  /// Bit i of `dependents[j]`: recognizer i waits for recognizer j to fail.
  @exclusivity(unchecked) var dependents: [UInt64] = []
  /// One queued action: its event is made at delivery (the recognizer's values are those of
  /// the transition: deliveries follow each frame or deadline), or taken from `stored`.
  private struct Delivery {
    unowned(unsafe) let recognizer: GestureRecognizer
    let state: GestureState
    let time: Microseconds
    /// An index in `stored`, or -1.
    let stored: Int
  }
  /// The queued actions, in raw memory the engine owns (a trivial type; no array uniqueness
  /// checks per action): `outboxCount` of `outboxCapacity` are set. Grows, never shrinks.
  @exclusivity(unchecked) private var outbox = UnsafeMutablePointer<Delivery>.allocate(capacity: 64)
  @exclusivity(unchecked) private var outboxCapacity = 64
  @exclusivity(unchecked) private var outboxCount = 0
  /// Events with their original values (released held actions).
  @exclusivity(unchecked) private var stored: [GestureEvent] = []
  @exclusivity(unchecked) private(set) var delivering = false
  /// Whether the engine is processing a frame, a deadline or a cancellation (an action, a
  /// delegate or `explain` may be running): calls that feed or rewire the engine are queued.
  var busy = false
  /// The calls queued while busy, run in order afterwards.
  var pending: [PendingCall] = [] {
    didSet { hasPending = !pending.isEmpty }
  }
  /// Whether `pending` holds calls: a plain flag, read on every frame where the array's
  /// access would be checked at run time.
  var hasPending = false
  /// Receives every misuse the engine turned into defined behaviour (see
  /// ``GestureEngineDiagnostic``); they are also kept in ``diagnostics``.
  public var onDiagnostic: ((GestureEngineDiagnostic) -> Void)?
  /// The latest diagnostics, oldest first (at most ``diagnosticsKept``).
  public internal(set) var diagnostics: [GestureEngineDiagnostic] = []
  /// How many diagnostics ``diagnostics`` keeps.
  public static let diagnosticsKept = 32
  /// No deadline is due before this time (a lower bound kept while frames are processed, so
  /// `advance(to:)` skips its scan on most frames).
  @exclusivity(unchecked) var quietUntil: Microseconds = .min
  /// Bit i: recognizer i is in a terminal state (it sees no frames; `resetFinished` scans only
  /// these). Kept by `move`, so the per-frame loop skips finished recognizers without touching
  /// them.
  @exclusivity(unchecked) var terminalMask: UInt64 = 0
  /// Bit i: recognizer i has a region of its own (kept by the recognizer's `region`).
  @exclusivity(unchecked) var regionMask: UInt64 = 0
  /// Bit i: recognizer i sees no frames: disabled, or enabled while touches were down and
  /// waiting for a frame in which every touch down just landed (see `isEnabled`).
  @exclusivity(unchecked) var blockedMask: UInt64 = 0
  /// Bit i: recognizer i is enabled and waits for new touches (a subset of `blockedMask`).
  @exclusivity(unchecked) var waitingMask: UInt64 = 0
  /// The touches of the whole surface, shared by every recognizer without a region.
  let surface = TouchSurface()
  /// The recognizers again, unretained, in raw memory the engine owns (`recognizers` keeps
  /// them alive): the per-frame loop reads them without retaining the array's buffer.
  let list = UnsafeMutablePointer<Unmanaged<GestureRecognizer>>.allocate(
    capacity: GestureEngine.capacity)
  /// How many entries of `list` are set.
  @exclusivity(unchecked) var listCount = 0

  /// The most recognizers one engine holds.
  public static let capacity = 64

  /// Creates an engine with no recognizers.
  public init() {
    stored.reserveCapacity(16)
  }

  deinit {
    list.deallocate()
    outbox.deallocate()
  }

  /// `process(_:)` for a frame that does not mix leaving and new touches.
  func processFrame(_ frame: TouchFrame) {
    // `advance(to:)`'s quick exit, here: on most frames no deadline is due.
    if frame.time < quietUntil {
      time = max(time, frame.time)
    } else {
      fireDeadlines(upTo: frame.time)
    }
    surface.update(frame, owner: nil)
    if waitingMask != 0 && surface.summary.countBefore == 0 { admitWaiting() }
    // The list's references are unretained: the array keeps every recognizer alive.
    for index in 0..<listCount {
      let bit: UInt64 = 1 &<< UInt64(index)  // index < 64: a plain shift
      // Re-read for each recognizer: an earlier one's success may have failed this one.
      if regionMask == 0 {
        // No regions (the usual case): nothing to admit or release.
        if (terminalMask | blockedMask) & bit != 0 { continue }
        list[index]._withUnsafeGuaranteedRef { feed($0, frame, surface) }
        continue
      }
      if (terminalMask & ~regionMask | blockedMask) & bit != 0 { continue }
      list[index]._withUnsafeGuaranteedRef { recognizer in
        var touches = surface
        if regionMask & bit != 0, let own = recognizer.regionSurface {
          recognizer.activeTouches = recognizer.admit(frame)
          own.update(frame, owner: recognizer)
          touches = own
        }
        defer { if regionMask & bit != 0 { recognizer.release(frame) } }
        guard terminalMask & bit == 0 else { return }
        feed(recognizer, frame, touches)
      }
    }
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
    if busy {
      pending.append(.advance(time))
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
      self.time = max(self.time, time)
      return
    }
    while let recognizer = earliestDue(by: time), let deadline = recognizer.deadline {
      self.time = max(self.time, deadline)
      apply(recognizer.handleDeadline(deadline), to: recognizer, at: deadline)
      deliver()
      resetFinished(at: deadline)
    }
    quietUntil = nextDeadline ?? .max
    self.time = max(self.time, time)
  }

  /// When the next deadline is due (event time), or nil if no timer runs.
  public var nextDeadline: Microseconds? {
    var earliest: Microseconds?
    for recognizer in recognizers {
      if let d = recognizer.deadline, d < (earliest ?? .max) { earliest = d }
    }
    return earliest
  }

  /// The longest any recognizer's deadline can lie after an input.
  public var longestTimeout: Microseconds {
    recognizers.reduce(0) { max($0, $1.longestTimeout) }
  }

  /// End of input: advances to `lastEventTime` plus the longest timeout, so a trailing tap or
  /// long press is still reported. Cancels nothing.
  public func flush(after lastEventTime: Microseconds) {
    advance(to: lastEventTime + longestTimeout)
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
    if let explain {
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
    push(Delivery(recognizer: recognizer, state: state, time: time, stored: -1))
  }

  /// Queues an action whose event was made earlier (a released held action).
  func enqueue(_ recognizer: GestureRecognizer, stored event: GestureEvent) {
    push(
      Delivery(recognizer: recognizer, state: event.state, time: event.time, stored: stored.count))
    stored.append(event)
  }

  private func push(_ delivery: Delivery) {
    if outboxCount == outboxCapacity {
      let larger = UnsafeMutablePointer<Delivery>.allocate(capacity: outboxCapacity * 2)
      larger.moveInitialize(from: outbox, count: outboxCount)
      outbox.deallocate()
      outbox = larger
      outboxCapacity *= 2
    }
    (outbox + outboxCount).initialize(to: delivery)
    outboxCount += 1
  }

  /// Explains a held recognition (possible stays possible).
  func explainHeld(_ recognizer: GestureRecognizer, _ reason: GestureReason, at time: Microseconds)
  {
    guard let explain else { return }
    explain(
      ExplainEntry(
        time: time, recognizer: recognizer.name, kind: recognizer.kind, from: .possible,
        to: .possible, reason: reason))
  }

  /// Delivers the queued actions, in order: `onEvent`, then the targets in the order added.
  func deliver() {
    guard outboxCount > 0 else { return }
    delivering = true
    var index = 0
    // An action may queue more (the outbox grows while it is read): re-read the count.
    while index < outboxCount {
      let delivery = outbox[index]
      // Unowned: the engine's list keeps every recognizer alive.
      Unmanaged.passUnretained(delivery.recognizer)._withUnsafeGuaranteedRef { recognizer in
        // Made in a local and handed to `onEvent` from there: one copy of the event, not two.
        let event: GestureEvent
        if delivery.stored >= 0 {
          event = stored[delivery.stored]
        } else {
          event = recognizer.makeEvent(delivery.state, at: delivery.time)
        }
        recognizer.lastEvent = event
        recognizer.hasEvent = true
        if let sink = sinkReference { sink._withUnsafeGuaranteedRef { $0.call(event, recognizer) } }
        if !recognizer.targets.isEmpty { recognizer.sendActions() }
      }
      index += 1
    }
    outboxCount = 0  // trivial values: nothing to deinitialize
    if !stored.isEmpty { stored.removeAll(keepingCapacity: true) }
    if !retiredSinks.isEmpty { retiredSinks.removeAll() }
    delivering = false
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
    recognizers.withUnsafeBufferPointer { list in
      for index in list.indices where terminalMask & (1 << UInt64(index)) != 0 {
        Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef { recognizer in
          let own = recognizer.regionSurface
          let touches = own ?? surface
          // A recognizer without a region follows the shared surface's touches.
          let active = own == nil ? surface.summary.count : recognizer.activeTouches
          // A disabled recognizer only resets; it never starts over on a frame.
          let restart =
            frame != nil && active > 0 && !recognizer.ownsTouches
            && touches.summary.countBefore == 0 && blockedMask & (1 << UInt64(index)) == 0
          guard active == 0 || restart else { return }
          move(recognizer, to: .possible, restart ? .newTouches : .allTouchesGone, at: time)
          recognizer.deadline = nil
          recognizer.reset()
          recognizer.isHeld = false
          if !recognizer.heldEvents.isEmpty {
            recognizer.heldEvents.removeAll(keepingCapacity: true)
          }
          guard restart, let frame else { return }
          let step = recognizer.handle(frame, touches)
          if let deadline = recognizer.deadline, deadline < quietUntil { quietUntil = deadline }
          if case .none = step { return }
          apply(step, to: recognizer, at: time)
          restarted = true
        }
      }
    }
    return restarted
  }

  private func earliestDue(by time: Microseconds) -> GestureRecognizer? {
    var best = -1
    var bestDeadline = time
    recognizers.withUnsafeBufferPointer { list in
      for index in list.indices {
        Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef { recognizer in
          guard blockedMask & (1 << UInt64(index)) == 0, let d = recognizer.deadline,
            d <= bestDeadline
          else { return }
          if best < 0 || d < bestDeadline {
            best = index
            bestDeadline = d
          }
        }
      }
    }
    return best < 0 ? nil : recognizers[best]
  }
}

/// The engine's `onEvent` closure, boxed so it can be called through an unretained reference.
private final class EventSink {
  let call: (GestureEvent, GestureRecognizer) -> Void
  init(_ call: @escaping (GestureEvent, GestureRecognizer) -> Void) { self.call = call }
}
