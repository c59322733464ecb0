// The engine's value core: every piece of per-frame state the engine keeps (the recognizer
// list, the bit masks, the relations, time, the outbox of deliveries and the notes for
// `explain` and `onDiagnostic`) lives in this one struct, which the engine moves out of itself
// for each input (a frame, a deadline, a cancellation) and back (`GestureEngine.inside`, two
// swaps, so no access to it spans a call and none needs a run-time check), and which never
// calls the engine's closures, targets or `onEvent`: it returns what it wants done as actions,
// and the engine performs them once the call has returned (the "state machine returns an
// action" shape of swift-async-algorithms). A core call ends at the point where deliveries are due (after the
// frame's recognizers ran, after each deadline), so an action sees the recognizers as they
// were at that point, as before; the next call resumes where it stopped (`Phase`).
//
// What still runs inside a call: the recognizers' own overrides (`handle`, `reset`,
// `makeEvent` of a held action…) and their delegates' answers. A call they make into the
// engine is queued or deferred until the call returns (see `GestureEngine.inCore`): the core
// is out of the engine meanwhile, and nothing reads or changes it.

import TouchInput

/// The state of every recognizer an engine feeds, as one value (see the file's comment).
struct EngineCore {
  /// One queued delivery: its event is made when it is performed (the recognizer's values
  /// are those of the transition: a core call ends where deliveries are due), or taken from
  /// `stored`.
  struct Delivery {
    /// The recognizer's slot (slots do not change while the engine is busy).
    let slot: Int
    let state: GestureState
    let time: Microseconds
    /// An index in `stored`, or -1.
    let stored: Int
  }

  /// An action for the engine's closures, performed in order before the deliveries of the
  /// same call.
  enum Note {
    /// An entry for `explain`.
    case explain(ExplainEntry)
    /// A diagnostic for `diagnostics` and `onDiagnostic`.
    case diagnostic(GestureEngineDiagnostic)
  }

  /// Where a resumable input stands (a call stops where deliveries are due).
  enum Phase: Equatable {
    /// Firing the deadlines due by the input's time.
    case deadlines
    /// A deadline fired and its actions were delivered: reset the finished recognizers.
    case resetAfterDeadline(Microseconds)
    /// Feeding the frame to the recognizers.
    case feed
    /// The frame's actions were delivered: reset (or restart) the finished recognizers.
    case resetAfterFeed
    /// Nothing left to do.
    case done
  }

  /// The recognizers, in the order added (slot i is `list[i]`).
  var list: [GestureRecognizer] = []
  /// The touches of the whole surface, shared by every recognizer without a region.
  let surface: TouchSurface
  /// Whether `explain` is set (entries are made only then).
  var explains = false
  /// The latest event time seen.
  var now: Microseconds = .min
  /// No deadline is due before this time (a lower bound kept while frames are processed, so
  /// the deadline phase skips its scan on most frames).
  var quietUntil: Microseconds = .min

  /// Bit j of `simultaneous[i]`: recognizers i and j may both be recognized.
  var simultaneous: [UInt64] = []
  /// Bit j of `requirements[i]`: recognizer i waits for recognizer j to fail.
  var requirements: [UInt64] = []
  /// Bit i of `dependents[j]`: recognizer i waits for recognizer j to fail.
  var dependents: [UInt64] = []
  /// Bit i: recognizer i is in a terminal state (it sees no frames; `resetFinished` scans only
  /// these). Kept by `move`.
  var terminalMask: UInt64 = 0
  /// Bit i: recognizer i has a region of its own (kept by the recognizer's `region`).
  var regionMask: UInt64 = 0
  /// Bit i: recognizer i sees no frames: disabled, or enabled while touches were down and
  /// waiting for a frame in which every touch down just landed.
  var blockedMask: UInt64 = 0
  /// Bit i: recognizer i is enabled and waits for new touches (a subset of `blockedMask`).
  var waitingMask: UInt64 = 0

  /// The actions queued since the engine last took them.
  var actions = Actions()

  /// What a core call asks the engine to do, in order: the notes, then the deliveries.
  struct Actions {
    /// The queued deliveries, in order (an action performed may queue more).
    var outbox: [Delivery] = []
    /// Events with their original values (released held actions).
    var stored: [GestureEvent] = []
    /// The queued notes, in order.
    var notes: [Note] = []

    /// Whether nothing is queued.
    var isEmpty: Bool { outbox.isEmpty && notes.isEmpty }

    /// Empties the deliveries, keeping their storage.
    mutating func clearDeliveries() {
      outbox.removeAll(keepingCapacity: true)
      if !stored.isEmpty { stored.removeAll(keepingCapacity: true) }
    }
  }

  /// Creates an empty core over `surface`.
  init(surface: TouchSurface) {
    self.surface = surface
    actions.outbox.reserveCapacity(64)
    actions.stored.reserveCapacity(16)
    actions.notes.reserveCapacity(16)
  }

  // MARK: Inputs

  /// Runs an input from `phase` until deliveries are due or it is done: the deadlines due by
  /// `time`, then, with `frame`, the frame and the resets after it. Returns the time and
  /// whether actions are queued (so the engine reads nothing back on most frames).
  mutating func run(_ frame: TouchFrame?, upTo time: Microseconds, _ phase: inout Phase)
    -> (now: Microseconds, quietUntil: Microseconds, acts: Bool)
  {
    runSteps(frame, upTo: time, &phase)
    return (now, quietUntil, !actions.isEmpty)
  }

  /// Exchanges the queued notes with `other`.
  mutating func exchange(_ other: inout [Note]) { swap(&actions.notes, &other) }

  /// `run`'s steps.
  private mutating func runSteps(
    _ frame: TouchFrame?, upTo time: Microseconds, _ phase: inout Phase
  ) {
    while true {
      switch phase {
      case .deadlines:
        // On most frames no deadline is due.
        if time >= quietUntil, let slot = earliestDue(by: time), let deadline = list[slot].deadline
        {
          now = max(now, deadline)
          let recognizer = list[slot]
          apply(recognizer.handleDeadline(deadline), to: recognizer, at: deadline)
          phase = .resetAfterDeadline(deadline)
          if !actions.outbox.isEmpty { return }
          continue
        }
        if time >= quietUntil { quietUntil = nextDeadline ?? .max }
        now = max(now, time)
        phase = frame == nil ? .done : .feed
      case .resetAfterDeadline(let deadline):
        resetFinished(at: deadline)
        phase = .deadlines
      case .feed:
        guard let frame else {
          phase = .done
          return
        }
        feed(frame)
        // With touches down that did not all just land and no region, no recognizer can reset
        // (whatever the actions do): the input ends here, in this call.
        let summary = surface.summary
        let mayReset = summary.count == 0 || regionMask != 0 || summary.countBefore == 0
        phase = mayReset ? .resetAfterFeed : .done
        if !actions.outbox.isEmpty { return }
      case .resetAfterFeed:
        phase = .done
        guard let frame else { return }
        // `resetFinished`'s own first test, here: most frames have nothing to reset.
        let summary = surface.summary
        if terminalMask != 0
          && (summary.count == 0 || regionMask != 0 || summary.countBefore == 0)
        {
          resetFinished(at: frame.time, restartingOn: frame)
        }
        return
      case .done:
        return
      }
    }
  }

  /// Lets every recognizer that takes part see `frame`.
  private mutating func feed(_ frame: TouchFrame) {
    surface.update(frame, owner: nil)
    if waitingMask != 0 && surface.summary.countBefore == 0 { admitWaiting() }
    // Copies of the list and the surface (one retain each): a recognizer added or removed from
    // an action is queued, and each call below borrows them instead of retaining the surface
    // per recognizer (a mutating call could replace `self`'s).
    let list = self.list
    let surface = self.surface
    for index in list.indices {
      let bit: UInt64 = 1 &<< UInt64(index)  // index < 64: a plain shift
      // Re-read for each recognizer: an earlier one's success may have failed this one.
      if regionMask == 0 {
        // No regions (the usual case): nothing to admit or release.
        if (terminalMask | blockedMask) & bit != 0 { continue }
        feed(list[index], frame, surface)
        continue
      }
      if (terminalMask & ~regionMask | blockedMask) & bit != 0 { continue }
      let recognizer = list[index]
      var touches = surface
      if regionMask & bit != 0, let own = recognizer.regionSurface {
        recognizer.activeTouches = recognizer.admit(frame)
        own.update(frame, owner: recognizer)
        touches = own
      }
      if terminalMask & bit == 0 { feed(recognizer, frame, touches) }
      if regionMask & bit != 0 { recognizer.release(frame) }
    }
  }

  /// Lets one recognizer see a frame with `touches`, notes its deadline and applies its step.
  private mutating func feed(
    _ recognizer: GestureRecognizer, _ frame: TouchFrame, _ touches: TouchSurface
  ) {
    let step = recognizer.handle(frame, touches)
    if let deadline = recognizer.deadline, deadline < quietUntil { quietUntil = deadline }
    if case .none = step { return }
    apply(step, to: recognizer, at: frame.time)
  }

  /// When the next deadline is due (event time), or nil if no timer runs.
  var nextDeadline: Microseconds? { Self.nextDeadline(of: list) }

  /// The earliest deadline of `list`, or nil.
  static func nextDeadline(of list: [GestureRecognizer]) -> Microseconds? {
    var earliest: Microseconds?
    for recognizer in list {
      if let d = recognizer.deadline, d < (earliest ?? .max) { earliest = d }
    }
    return earliest
  }

  /// The slot of the enabled recognizer whose deadline is due first by `time`, or nil.
  private func earliestDue(by time: Microseconds) -> Int? {
    var best: Int?
    var bestDeadline = time
    let list = self.list
    for index in list.indices where blockedMask & (1 << UInt64(index)) == 0 {
      guard let d = list[index].deadline, d <= bestDeadline else { continue }
      if best == nil || d < bestDeadline {
        best = index
        bestDeadline = d
      }
    }
    return best
  }

  // MARK: Transitions

  /// Moves `recognizer` to `state`, checking UIKit's legal transitions, and explains why.
  mutating func move(
    _ recognizer: GestureRecognizer, to state: GestureState, _ reason: GestureReason,
    at time: Microseconds
  ) {
    guard recognizer.state.canMove(to: state) else {
      report(.illegalTransition(recognizer: recognizer.name, from: recognizer.state, to: state))
      return
    }
    if explains {
      actions.notes.append(
        .explain(
          ExplainEntry(
            time: time, recognizer: recognizer.name, kind: recognizer.kind,
            from: recognizer.state, to: state, reason: reason)))
    }
    if state.isTerminal {
      terminalMask |= 1 << UInt64(recognizer.slot)
    } else {
      terminalMask &= ~(1 << UInt64(recognizer.slot))
    }
    recognizer.state = state
  }

  /// Queues a delivery for after the current transition completes.
  mutating func enqueue(
    _ recognizer: GestureRecognizer, _ state: GestureState, at time: Microseconds
  ) {
    actions.outbox.append(Delivery(slot: recognizer.slot, state: state, time: time, stored: -1))
  }

  /// Queues a delivery whose event was made earlier (a released held action).
  mutating func enqueue(_ recognizer: GestureRecognizer, stored event: GestureEvent) {
    actions.outbox.append(
      Delivery(
        slot: recognizer.slot, state: event.state, time: event.time, stored: actions.stored.count))
    actions.stored.append(event)
  }

  /// Explains a held recognition (possible stays possible).
  mutating func explainHeld(
    _ recognizer: GestureRecognizer, _ reason: GestureReason, at time: Microseconds
  ) {
    guard explains else { return }
    actions.notes.append(
      .explain(
        ExplainEntry(
          time: time, recognizer: recognizer.name, kind: recognizer.kind, from: .possible,
          to: .possible, reason: reason)))
  }

  /// Queues a diagnostic.
  mutating func report(_ diagnostic: GestureEngineDiagnostic) {
    actions.notes.append(.diagnostic(diagnostic))
  }

  /// Returns every finished recognizer whose touches are all gone to possible.
  ///
  /// With `frame`, a finished recognizer that does not own the touches down restarts on them
  /// when they all landed in this frame (a tap too far away starts a new tap sequence): it is
  /// reset and sees the frame afresh.
  mutating func resetFinished(at time: Microseconds, restartingOn frame: TouchFrame? = nil) {
    // Only a recognizer whose touches are all gone resets: none can while touches are down on
    // the shared surface and no recognizer has a region of its own, except on a frame where
    // every touch down just landed (a restart).
    guard terminalMask != 0,
      surface.summary.count == 0 || regionMask != 0
        || (frame != nil && surface.summary.countBefore == 0)
    else { return }
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
    }
  }
}
