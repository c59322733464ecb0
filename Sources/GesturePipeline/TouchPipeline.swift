import GestureRecognition
import TouchInput

/// Kernel events in, gestures out: one device's decoder feeding one engine, in the right order.
///
/// Feed it every event of a recording or a live device with ``feed(_:)``; it decodes them into
/// touch frames and, before each frame, fires the engine's deadlines that passed by the
/// frame's time, so gestures come out in time order. End the input with ``finish()`` (a
/// recording's end: pending deadlines pass, a trailing tap or long press is reported, then
/// touches still down are cancelled) or ``cancelAll(at:)`` (a device gone, the user stopped:
/// everything in flight is cancelled). With no event for a while (a live device), call
/// ``advance(to:)`` at ``nextDeadline``. ``replay(_:warnings:)`` and
/// ``replay(recording:options:engine:)`` do it all for a recording in any supported format.
///
/// The pipeline is not `Sendable`: like its engine, it belongs to one isolation domain (make
/// it, feed it and receive its engine's events there). Called from inside an engine action or
/// ``onFrame``, `feed`, `advance`, `finish` and `cancelAll` are queued and run, in order, once
/// the current one has returned.
public final class TouchPipeline {
  /// The decoder and the pipeline's own bookkeeping, in one place. Unchecked (moved from the
  /// command-line tool's pipeline, where it was measured): as class properties, every event's
  /// `feed` paid dynamic exclusivity checks (swift_beginAccess/endAccess: 14 M of 130 M
  /// instructions replaying a 100 k-event trace with the decoder alone, 24 M of 142 M with the
  /// decoder and these fields). Only this class's own methods reach `state`. Code they call
  /// out to (the engine, its actions, `onFrame`) while a frame is lent from the decoder can
  /// reach only fields apart from the frame: a call back into `feed`, `advance`, `finish` or
  /// `cancelAll` is queued (`busy`, `queued`), never run inside; `takeWarnings()` empties the
  /// warnings; setting `onFrame` replaces a closure that runs from a local reference.
  /// Measured end to end (callgrind, whole process, `gesturectl replay --json` of the 1 M-event
  /// stress trace, 2026-12-02): checked 1,661.1 M instructions, unchecked 1,503.8 M (checked
  /// costs 10.5 % more; CPU time, paired runs: median 1.117x).
  @exclusivity(unchecked) private var state: State
  /// The engine fed with the frames, if any (a pipeline may only decode); with touch groups,
  /// the first group's.
  public let engine: GestureEngine?
  /// Every engine fed: one, or one per touch group (``init(device:options:groups:engine:)``),
  /// or none.
  public let engines: [GestureEngine]

  /// What changes as events are fed.
  private struct State: ~Copyable {
    /// The decoder, kept in place so each frame is lent to the engine (no copy, no
    /// reference-count round trip per frame).
    var decoder: DecoderCore
    var onFrame: ((TouchFrame) -> Void)?
    var onLateFrame: ((_ frame: Microseconds, _ latest: Microseconds) -> Void)?
    var firstEventTime: Microseconds?
    /// The one "latest time" of the join: the latest event time fed, or deadline passed.
    var lastTime: Microseconds = 0
    /// The last event's own time: what a deadline is measured from against a local clock.
    var lastEventTime: Microseconds?
    /// The fingers already down when a live device was opened, fed before its first event.
    var fingersDown: [InputEvent] = []
    /// A call is running; calls made from inside it are queued in `queued`.
    var busy = false
    var queued: [QueuedCall] = []
    /// Touches split into separate gestures by distance, one engine each, if asked for.
    var groups: TouchGroups?
  }

  /// Called with every frame before the engine processes it, after the deadlines that passed
  /// by its time fired (to print or record touches). Set from inside a call, it takes effect
  /// from the next frame.
  public var onFrame: ((TouchFrame) -> Void)? {
    get { state.onFrame }
    set { state.onFrame = newValue }
  }
  /// Called when a frame comes in older than the latest time the pipeline already reached
  /// (a deadline after it has fired): its events were queued longer than the timer's own wait
  /// (the machine or the driver stalled), so the gestures around it may differ from a replay
  /// of the same events. Given the frame's time and that latest time; the frame is then
  /// processed as usual.
  public var onLateFrame: ((_ frame: Microseconds, _ latest: Microseconds) -> Void)? {
    get { state.onLateFrame }
    set { state.onLateFrame = newValue }
  }
  /// The first event's time, once one was fed: a recording's origin.
  public var firstEventTime: Microseconds? { state.firstEventTime }
  /// The latest event time fed, or deadline advanced to: the time ``cancelAll(at:)`` uses at
  /// the latest, and the only place a join of decoder and engine keeps it.
  public var lastTime: Microseconds { state.lastTime }
  /// The time of the last event fed, if any (not a deadline): a live loop measures the wait
  /// for the next deadline from it (``fireDueDeadlines(now:lastArrival:)``).
  public var lastEventTime: Microseconds? { state.lastEventTime }

  /// A call made while another one was running.
  private enum QueuedCall {
    case feed(InputEvent)
    case advance(Microseconds)
    case finish
    case cancelAll(Microseconds)
  }

  /// Creates a pipeline for `device` whose engine is made once the surface is known.
  ///
  /// - Parameters:
  ///   - device: The device the events come from (a recording's header, an opened device).
  ///   - options: Screen mapping and size choices for the decoder.
  ///   - makeEngine: Makes the engine for the surface's geometry (sizes in mm after rotation);
  ///     `nil` only decodes (frames still reach ``onFrame``).
  public init(
    device: DeviceDescription, options: DecoderOptions = DecoderOptions(),
    engine makeEngine: (SurfaceGeometry) -> GestureEngine?
  ) {
    let decoder = DecoderCore(device: device, options: options)
    let geometry = decoder.geometry
    state = State(decoder: decoder)
    engine = makeEngine(geometry)
    engines = engine.map { [$0] } ?? []
  }

  /// Creates a pipeline for `device` whose touches are split into `groups` by distance, each
  /// group recognized by an engine of its own (all made by `makeEngine`, the same
  /// recognizers), with one time: touches farther apart than the groups' maximum spread are
  /// separate gestures (two people at a kiosk).
  ///
  /// - Parameters:
  ///   - device: The device the events come from (a recording's header, an opened device).
  ///   - options: Screen mapping and size choices for the decoder.
  ///   - groups: How far apart touches of one gesture may be, and how many groups at most.
  ///   - makeEngine: Makes one group's engine for the surface's geometry; called once a group.
  public init(
    device: DeviceDescription, options: DecoderOptions = DecoderOptions(), groups: TouchGroups,
    engine makeEngine: (SurfaceGeometry) -> GestureEngine
  ) {
    let decoder = DecoderCore(device: device, options: options)
    let geometry = decoder.geometry
    state = State(decoder: decoder)
    state.groups = groups
    engines = (0..<groups.count).map { _ in makeEngine(geometry) }
    engine = engines.first
  }

  /// Creates a pipeline for `device` feeding `engine`.
  public convenience init(
    device: DeviceDescription, options: DecoderOptions = DecoderOptions(), engine: GestureEngine
  ) {
    self.init(device: device, options: options, engine: { _ in engine })
  }

  /// The surface's geometry (size in mm, raw-to-mm mapping) as the decoder sees it.
  public var geometry: SurfaceGeometry { state.decoder.geometry }

  /// Whether the decoder has warnings not yet taken.
  public var hasWarnings: Bool { !state.decoder.warnings.isEmpty }

  /// Returns the decoder's warnings so far (odd input it worked around) and forgets them.
  public func takeWarnings() -> [DecoderWarning] { state.decoder.takeWarnings() }

  /// The engine's next deadline in event time, if a timer runs (a live loop's timeout).
  public var nextDeadline: Microseconds? {
    engines.count == 1 ? engines[0].nextDeadline : engines.lazy.compactMap(\.nextDeadline).min()
  }

  /// Notes the fingers already down when a live device was opened (its slot state): they are
  /// decoded before the first event, at its time, as touches whose start was not seen.
  public func resume(fingersDown events: [InputEvent]) {
    state.fingersDown = events
  }

  /// Feeds one event, in order; a frame it completes goes to ``onFrame`` and the engine.
  public func feed(_ event: InputEvent) {
    guard !state.busy else { return queue(.feed(event)) }
    state.busy = true
    if state.firstEventTime == nil {
      state.firstEventTime = event.time
      if !state.fingersDown.isEmpty && state.decoder.feedState(state.fingersDown, at: event.time) {
        deliver(state.decoder.frame)
      }
    }
    let latest = state.lastTime
    if event.time > latest { state.lastTime = event.time }
    state.lastEventTime = event.time
    // The decoder lends its frame: no reference-count round trip per frame.
    if state.decoder.feed(event) {
      if state.decoder.frame.time < latest, let onLateFrame = state.onLateFrame {
        onLateFrame(state.decoder.frame.time, latest)
      }
      deliver(state.decoder.frame)
    }
    state.busy = false
    if !state.queued.isEmpty { runQueued() }
  }

  /// Fires every deadline up to `time` with no new frame (the device was quiet until then).
  public func advance(to time: Microseconds) {
    guard !state.busy else { return queue(.advance(time)) }
    state.busy = true
    for engine in engines { engine.advance(to: time) }
    state.lastTime = max(state.lastTime, time)
    state.busy = false
    if !state.queued.isEmpty { runQueued() }
  }

  /// Fires the deadlines that are due by a local monotonic clock and returns how long (local
  /// µs) until the next one, or `nil` when no timer runs (no timeout needed).
  ///
  /// Event time and the local clock are never compared: a deadline is mapped to local time
  /// from when the last event arrived, `wait = (deadline − last event time) − (now −
  /// lastArrival)`, and when that has passed the engine advances to the deadline itself, in
  /// event time (``advance(to:)``). Before any event, nothing is due.
  ///
  /// - Parameters:
  ///   - now: The local clock now, in µs.
  ///   - lastArrival: The local clock when the last event was read, in µs.
  public func fireDueDeadlines(now: Microseconds, lastArrival: Microseconds) -> Microseconds? {
    while !state.busy, let deadline = nextDeadline, let lastEventTime = state.lastEventTime {
      let wait = (deadline - lastEventTime) - (now - lastArrival)
      if wait > 0 { return wait }
      advance(to: deadline)
    }
    return nil
  }

  /// Ends the input (a recording's end): lets pending deadlines pass, so a trailing tap or long
  /// press is reported, then cancels the touches still down (after the last deadline).
  public func finish() {
    guard !state.busy else { return queue(.finish) }
    state.busy = true
    if !engines.isEmpty {
      var flushTime = state.lastTime + (engines.lazy.map(\.longestTimeout).max() ?? 0)
      for engine in engines { engine.flush(after: state.lastTime) }
      // A deadline past the longest timeout fired in the flush: the last frame comes after it.
      flushTime = max(flushTime, engines.lazy.map(\.time).max() ?? flushTime)
      if state.decoder.finishFrame() {
        var frame = state.decoder.frame
        frame.time = max(frame.time, flushTime)
        deliver(frame)
      }
    } else if state.decoder.finishFrame() {
      deliver(state.decoder.frame)
    }
    state.busy = false
    if !state.queued.isEmpty { runQueued() }
  }

  /// Cancels every touch and gesture in flight at `time` (a device gone, the user stopped, an
  /// input error): the deadlines due by `time` fire, then everything still in flight is
  /// cancelled or failed at once; no deadline after `time` fires.
  ///
  /// The touches' cancellation frame goes to ``onFrame`` but not to the engine: a cancelled
  /// touch would fail a recognizer that others wait for (a triple tap) and so release the one
  /// held behind it (a double tap), inventing a gesture. Every caller that ends a live input
  /// (`gesturectl live`, the daemon on unplug, reload and stop, `LiveLoop` through
  /// `LiveGestures`) cancels through here, so they all agree.
  public func cancelAll(at time: Microseconds) {
    guard !state.busy else { return queue(.cancelAll(time)) }
    state.busy = true
    let time = max(time, state.lastTime)
    for engine in engines { engine.advance(to: time) }
    state.lastTime = time
    if state.decoder.cancelTouches(at: time), let onFrame = state.onFrame {
      onFrame(state.decoder.frame)
    }
    for engine in engines { engine.cancelAll(at: time) }
    state.groups?.removeAll()
    state.busy = false
    if !state.queued.isEmpty { runQueued() }
  }

  private func deliver(_ frame: TouchFrame) {
    if state.groups == nil, let engine {
      // One engine (the usual case): no walk over `engines`, which retains and releases the
      // array and each engine on every frame (46 M of 1.77 G instructions replaying the 1 M-event
      // stress trace).
      engine.advance(to: frame.time)
      if let onFrame = state.onFrame { onFrame(frame) }
      engine.process(frame)
      return
    }
    // Deadlines that passed before this frame fire first, so events stay in time order.
    for engine in engines { engine.advance(to: frame.time) }
    // A local reference: `onFrame` may be set again from inside itself.
    if let onFrame = state.onFrame { onFrame(frame) }
    guard let parts = state.groups?.split(frame) else {
      engine?.process(frame)
      return
    }
    for (engine, part) in zip(engines, parts) {
      if let part { engine.process(part) }
    }
  }

  private func queue(_ call: QueuedCall) {
    state.queued.append(call)
  }

  /// Runs the calls made from inside the one that just returned, in order.
  private func runQueued() {
    while !state.queued.isEmpty {
      switch state.queued.removeFirst() {
      case .feed(let event): feed(event)
      case .advance(let time): advance(to: time)
      case .finish: finish()
      case .cancelAll(let time): cancelAll(at: time)
      }
    }
  }
}
