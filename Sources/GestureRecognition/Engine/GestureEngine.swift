import TouchInput

/// Feeds touch frames and time to recognizers, arbitrates between them and delivers their
/// actions.
///
/// Time is event time only: `process(_:)` first fires every deadline up to the frame's time,
/// `advance(to:)` fires deadlines with no frame, and `nextDeadline` tells a live loop how long
/// it may wait. Actions are delivered after each transition completes, from one place
/// (`deliver()`), to `onEvent` and then to the recognizer's targets.
public final class GestureEngine {
  // Plain, safe Swift: the per-frame state is one value, `core` (see `EngineCore`), changed
  // through one access per input; every other stored property below is internal or private,
  // and no access to one spans a call into code the optimizer cannot see, so the
  // whole-module optimizer drops their run-time exclusivity checks; the public properties
  // are computed over that storage (Docs/Gestures.md, "Speed").

  /// The recognizers, in the order added (which is also the order they see each frame).
  public var recognizers: [GestureRecognizer] { list }
  /// Storage of `recognizers` (the same array as the core's: a user's code inside a core call
  /// reads this one).
  var list: [GestureRecognizer] = []
  /// Receives every state change of every recognizer with its reason; nil costs nothing.
  public var explain: ((ExplainEntry) -> Void)? {
    get { explainer }
    set {
      explainer = newValue
      let explains = newValue != nil
      change { $0.explains = explains }
    }
  }
  private var explainer: ((ExplainEntry) -> Void)?
  /// Receives every delivered action, before the recognizer's targets.
  public var onEvent: ((GestureEvent, GestureRecognizer) -> Void)? {
    get { sink }
    set { sink = newValue }
  }
  /// Storage of `onEvent` (a closure replaced from an action stays alive until its call
  /// returns: the call holds its own reference).
  private var sink: ((GestureEvent, GestureRecognizer) -> Void)?
  /// The latest event time seen.
  public var time: Microseconds { clock }
  /// Storage of `time`: the core's time as its last call returned it (only a core call moves
  /// time), so reading it never touches the core.
  private var clock: Microseconds = .min

  /// Every recognizer's per-frame state, the masks, time and the queued actions: moved out
  /// for each core call and back (`inside(_:)`), so no access to it spans a call and it needs
  /// no run-time exclusivity check; nil only during a core call, when nothing reads it.
  var core: EngineCore?
  /// The core's lower bound of the next deadline, as its last call returned it: an
  /// `advance(to:)` before it has nothing to fire and does not call the core.
  var quiet: Microseconds = .min
  /// Whether a core call is running (a recognizer's override or a delegate may be running
  /// inside it): calls that would change the core wait in `deferred` until it returns.
  private(set) var inCore = false
  /// Changes asked for from inside a core call, made as soon as it returns, in order.
  private var deferred: [(inout EngineCore) -> Void] = []
  /// Whether `deferred` holds changes: a plain flag, read after every core call.
  private var hasDeferred = false
  /// Whether the engine is processing an input (an action, a delegate or `explain` may be
  /// running): calls that feed or rewire the engine are queued, so they run after the current
  /// input's deliveries.
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
  /// Receives every misuse the engine turned into defined behaviour (see
  /// ``GestureEngineDiagnostic``); they are also kept in ``diagnostics``.
  public var onDiagnostic: ((GestureEngineDiagnostic) -> Void)?
  /// The latest diagnostics, oldest first (at most ``diagnosticsKept``).
  public internal(set) var diagnostics: [GestureEngineDiagnostic] = []
  /// How many diagnostics ``diagnostics`` keeps.
  public static let diagnosticsKept = 32
  /// The touches of the whole surface, shared by every recognizer without a region.
  let surface: TouchSurface

  /// The most recognizers one engine holds.
  public static let capacity = 64

  /// Creates an engine with no recognizers.
  public init() {
    let surface = TouchSurface()
    self.surface = surface
    core = EngineCore(surface: surface)
  }

  // MARK: Driving the core

  /// Runs one input through the core, performing its actions each time it stops: one access
  /// to the core on a frame that queues none.
  func run(_ frame: TouchFrame?, upTo time: Microseconds) {
    var phase = EngineCore.Phase.deadlines
    repeat {
      let result = inside { $0.run(frame, upTo: time, &phase) }
      guard let (now, quietUntil, acts) = result else { return }
      clock = now
      quiet = quietUntil
      if acts || hasDeferred { perform() }
    } while phase != .done
  }

  /// Changes the core now, or, from inside a core call (a recognizer's override or a
  /// delegate), as soon as it returns; then performs the actions the change queued (its
  /// deliveries join those being performed, if any).
  func change(_ body: @escaping (inout EngineCore) -> Void) {
    if inCore {
      postpone(body)
      return
    }
    // Busy while it runs: a call made from a recognizer's override inside it is queued.
    let wasBusy = busy
    busy = true
    inside(body)
    if wasBusy {
      performDeferred()
      performNotes()
      return
    }
    perform()
    busy = false
    if hasPending { runPending() }
  }

  /// Runs `body` on the core as one core call: the core is moved out of the engine for it
  /// and back, at the engine's time. Nil only if called from inside a core call, which every
  /// caller rules out (`inCore`).
  @discardableResult
  func inside<Result>(_ body: (inout EngineCore) -> Result) -> Result? {
    // Moved out and back by swaps: each access to `core` is then one the optimizer sees
    // whole (an assignment would release the old value inside the access, a call it cannot
    // see into, and keep a run-time check on every access to `core`).
    var taken: EngineCore? = nil
    swap(&taken, &core)
    guard var moved = taken else { return nil }
    taken = nil
    moved.now = clock
    inCore = true
    let result = body(&moved)
    inCore = false
    var back: EngineCore? = moved
    swap(&back, &core)
    return result
  }

  /// Performs the core's queued actions: the changes deferred during the call, the notes,
  /// then the deliveries, in order (an action performed may queue more: they follow).
  func perform() {
    performDeferred()
    performNotes()
    deliver()
  }

  /// Keeps a change asked for from inside a core call.
  private func postpone(_ body: @escaping (inout EngineCore) -> Void) {
    // Moved out, changed and moved back: no access to `deferred` spans the append.
    var changes = deferred
    deferred = []
    changes.append(body)
    deferred = changes
    hasDeferred = true
  }

  /// Makes the changes asked for from inside the last core call.
  private func performDeferred() {
    while hasDeferred {
      let changes = deferred
      deferred = []
      hasDeferred = false
      for body in changes { inside(body) }
    }
  }

  /// Performs the notes queued by a change made from an action, at once (its deliveries join
  /// the ones being performed).
  private func performNotes() {
    guard core?.actions.notes.isEmpty == false else { return }
    var notes: [EngineCore.Note] = []
    inside { $0.exchange(&notes) }
    for note in notes { perform(note) }
  }

  /// Performs one note.
  private func perform(_ note: EngineCore.Note) {
    switch note {
    case .explain(let entry): explainer?(entry)
    case .diagnostic(let diagnostic): keep(diagnostic)
    }
  }

  /// The event time of the last frame processed (a later frame stamped earlier is restamped).
  var previousFrameTime: Microseconds = .min
  /// The touches down after the last frame, carried into a frame that leaves one out.
  var continuity = TouchContinuity()

  /// Keeps and announces a diagnostic: at once, or, from inside a core call, as soon as it
  /// returns.
  func report(_ diagnostic: GestureEngineDiagnostic) {
    if inCore {
      postpone { $0.report(diagnostic) }
      return
    }
    keep(diagnostic)
  }

  /// Keeps a diagnostic in `diagnostics` and passes it to `onDiagnostic`.
  private func keep(_ diagnostic: GestureEngineDiagnostic) {
    var kept = diagnostics
    diagnostics = []
    if kept.count == Self.diagnosticsKept { kept.removeFirst() }
    kept.append(diagnostic)
    diagnostics = kept
    onDiagnostic?(diagnostic)
  }

  /// `process(_:)` for a frame that does not mix leaving and new touches.
  func processFrame(_ frame: TouchFrame) {
    run(frame, upTo: frame.time)
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
    if time < quiet {
      // No deadline is due: nothing to fire.
      clock = max(clock, time)
      return
    }
    busy = true
    run(nil, upTo: time)
    busy = false
    if hasPending { runPending() }
  }

  /// When the next deadline is due (event time), or nil if no timer runs.
  public var nextDeadline: Microseconds? { EngineCore.nextDeadline(of: list) }

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

  // MARK: Delivery

  /// Delivers the core's queued actions, in order: `onEvent`, then the targets in the order
  /// added. Each is read from the core in one instantaneous access (an action may change the
  /// core, and queue more: the count is read again).
  func deliver() {
    guard core?.actions.outbox.isEmpty == false else { return }
    // Slots do not change during a delivery (the engine is busy: wiring is queued).
    let list = self.list
    var index = 0
    while index < core?.actions.outbox.count ?? 0, let delivery = core?.actions.outbox[index] {
      index += 1
      let recognizer = list[delivery.slot]
      let event: GestureEvent
      if delivery.stored >= 0, let stored = core?.actions.stored[delivery.stored] {
        event = stored
      } else {
        event = recognizer.makeEvent(delivery.state, at: delivery.time)
      }
      recognizer.lastEvent = event
      recognizer.hasEvent = true
      if let sink { sink(event, recognizer) }
      if recognizer.hasTargets { recognizer.sendActions() }
    }
    inside { $0.actions.clearDeliveries() }
  }
}
