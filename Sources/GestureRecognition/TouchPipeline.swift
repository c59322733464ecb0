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
  /// The decoder, kept in place so each frame is lent to the engine (no copy, no
  /// reference-count round trip per frame). Unchecked (moved from the command-line tool's
  /// pipeline, where it was measured): as a class property, every event's `feed` paid a dynamic
  /// exclusivity check (swift_beginAccess/endAccess: 14 M of 130 M instructions replaying a
  /// 100 k-event trace, ≈ 11 % of the whole process). Only this class's own methods reach the
  /// decoder, and code they call out to (the engine, its actions, `onFrame`) cannot: a call
  /// back into the pipeline while it works is queued (`busy`), never run inside.
  @exclusivity(unchecked) private var decoder: DecoderCore
  /// The engine fed with the frames, if any (a pipeline may only decode).
  public let engine: GestureEngine?
  /// Called with every frame before the engine processes it, after the deadlines that passed
  /// by its time fired (to print or record touches).
  public var onFrame: ((TouchFrame) -> Void)?
  /// The first event's time, once one was fed: a recording's origin.
  public private(set) var firstEventTime: Microseconds?
  /// The latest event time fed, or deadline advanced to.
  public private(set) var lastTime: Microseconds = 0
  /// The fingers already down when a live device was opened, fed before its first event.
  private var fingersDown: [InputEvent] = []
  /// A call is running; calls made from inside it are queued in `queued`.
  private var busy = false
  private var queued: [QueuedCall] = []

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
    decoder = DecoderCore(device: device, options: options)
    engine = makeEngine(decoder.geometry)
  }

  /// Creates a pipeline for `device` feeding `engine`.
  public convenience init(
    device: DeviceDescription, options: DecoderOptions = DecoderOptions(), engine: GestureEngine
  ) {
    self.init(device: device, options: options, engine: { _ in engine })
  }

  /// The surface's geometry (size in mm, raw-to-mm mapping) as the decoder sees it.
  public var geometry: SurfaceGeometry { decoder.geometry }

  /// Whether the decoder has warnings not yet taken.
  public var hasWarnings: Bool { !decoder.warnings.isEmpty }

  /// Returns the decoder's warnings so far (odd input it worked around) and forgets them.
  public func takeWarnings() -> [DecoderWarning] { decoder.takeWarnings() }

  /// The engine's next deadline in event time, if a timer runs (a live loop's timeout).
  public var nextDeadline: Microseconds? { engine?.nextDeadline }

  /// Notes the fingers already down when a live device was opened (its slot state): they are
  /// decoded before the first event, at its time, as touches whose start was not seen.
  public func resume(fingersDown events: [InputEvent]) {
    fingersDown = events
  }

  /// Feeds one event, in order; a frame it completes goes to ``onFrame`` and the engine.
  public func feed(_ event: InputEvent) {
    guard !busy else { return queue(.feed(event)) }
    busy = true
    if firstEventTime == nil {
      firstEventTime = event.time
      if !fingersDown.isEmpty && decoder.feedState(fingersDown, at: event.time) {
        deliver(decoder.frame)
      }
    }
    if event.time > lastTime { lastTime = event.time }
    // The decoder lends its frame: no reference-count round trip per frame.
    if decoder.feed(event) { deliver(decoder.frame) }
    busy = false
    if !queued.isEmpty { runQueued() }
  }

  /// Fires every deadline up to `time` with no new frame (the device was quiet until then).
  public func advance(to time: Microseconds) {
    guard !busy else { return queue(.advance(time)) }
    busy = true
    engine?.advance(to: time)
    lastTime = max(lastTime, time)
    busy = false
    if !queued.isEmpty { runQueued() }
  }

  /// Ends the input (a recording's end): lets pending deadlines pass, so a trailing tap or long
  /// press is reported, then cancels the touches still down (after the last deadline).
  public func finish() {
    guard !busy else { return queue(.finish) }
    busy = true
    if let engine {
      let flushTime = lastTime + engine.longestTimeout
      engine.flush(after: lastTime)
      if decoder.finishFrame() {
        var frame = decoder.frame
        frame.time = max(frame.time, flushTime)
        deliver(frame)
      }
    } else if decoder.finishFrame() {
      deliver(decoder.frame)
    }
    busy = false
    if !queued.isEmpty { runQueued() }
  }

  /// Cancels every touch and gesture in flight at `time` (a device gone, the user stopped, an
  /// input error): the deadlines due by `time` fire, then everything still in flight is
  /// cancelled or failed at once; no deadline after `time` fires.
  ///
  /// The touches' cancellation frame goes to ``onFrame`` but not to the engine: a cancelled
  /// touch would fail a recognizer that others wait for (a triple tap) and so release the one
  /// held behind it (a double tap), inventing a gesture.
  public func cancelAll(at time: Microseconds) {
    guard !busy else { return queue(.cancelAll(time)) }
    busy = true
    let time = max(time, lastTime)
    engine?.advance(to: time)
    lastTime = time
    if decoder.cancelTouches(at: time) { onFrame?(decoder.frame) }
    engine?.cancelAll(at: time)
    busy = false
    if !queued.isEmpty { runQueued() }
  }

  private func deliver(_ frame: TouchFrame) {
    // Deadlines that passed before this frame fire first, so events stay in time order.
    engine?.advance(to: frame.time)
    onFrame?(frame)
    engine?.process(frame)
  }

  private func queue(_ call: QueuedCall) {
    queued.append(call)
  }

  /// Runs the calls made from inside the one that just returned, in order.
  private func runQueued() {
    while !queued.isEmpty {
      switch queued.removeFirst() {
      case .feed(let event): feed(event)
      case .advance(let time): advance(to: time)
      case .finish: finish()
      case .cancelAll(let time): cancelAll(at: time)
      }
    }
  }
}
