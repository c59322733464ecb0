import GestureRecognition
import TouchInput

/// Touches from a toolkit in, gestures out: SDL's finger events, GTK's touch events or
/// `wl_touch` driving a ``/GestureRecognition/GestureEngine``, one call per event.
///
/// It assembles frames as ``ToolkitTouchFrames`` does (ids never reused, stationary fingers
/// carried, ended before began, times that never go backwards, bad events ignored with a
/// warning) and joins them to the engine as ``TouchPipeline`` joins a device: before each
/// frame, the engine's deadlines that passed by its time fire, then ``onFrame`` and the engine
/// get the frame. With no event for a while, call ``advance(to:)`` at ``nextDeadline`` (a
/// timer in your loop, in the toolkit's event time). ``cancel(at:)`` (a toolkit cancel) and
/// ``cancelAll(at:)`` cancel as ``TouchPipeline/cancelAll(at:)`` does; ``finish()`` ends the
/// input as ``TouchPipeline/finish()`` does.
///
/// Events with the same time form one frame, closed by an event with a later time or by
/// ``endFrame()`` (call it at `wl_touch.frame` or once SDL's event queue is drained, so the
/// frame reaches the engine at once).
///
/// Not `Sendable`: make it, feed it and receive its engine's events on one thread or actor
/// (the toolkit's event loop). Called from inside an engine action or ``onFrame``, the
/// feeding methods are queued and run, in order, once the current one has returned.
public final class ToolkitTouches {
  private var frames: ToolkitTouchFrames
  private var busy = false
  private var queued: [Call] = []
  /// The engine fed with the frames, if any.
  public let engine: GestureEngine?
  /// Called with every frame before the engine processes it (to print or record touches),
  /// and with the frame that cancels the touches at a cancel, which the engine does not get.
  public var onFrame: ((TouchFrame) -> Void)?
  /// Called with each warning as it arises; without it, warnings wait in ``takeWarnings()``.
  public var onWarning: ((DecoderWarning) -> Void)?

  private enum Call {
    case down(Int64, Double, Double, Microseconds)
    case move(Int64, Double, Double, Microseconds)
    case up(Int64, Double?, Double?, Microseconds)
    case cancel(Microseconds)
    case cancelAll(Microseconds)
    case endFrame
    case advance(Microseconds)
    case finish
  }

  /// Creates an adapter for touches on `surface` feeding `engine` (`nil` only assembles
  /// frames for ``onFrame``).
  public init(surface: ToolkitSurface, engine: GestureEngine?) {
    frames = ToolkitTouchFrames(surface: surface)
    self.engine = engine
  }

  /// The surface the positions are given on.
  public var surface: ToolkitSurface { frames.surface }
  /// The latest event time fed, or deadline advanced to.
  public var lastTime: Microseconds { frames.lastTime }
  /// The engine's next deadline in event time, if a timer runs (a timeout for your loop).
  public var nextDeadline: Microseconds? { engine?.nextDeadline }
  /// The number of touches down.
  public var touchesDown: Int { frames.touchesDown }

  /// Returns the warnings not yet reported to ``onWarning`` and forgets them.
  public func takeWarnings() -> [DecoderWarning] { frames.takeWarnings() }

  /// A touch `id` (SDL's `fingerId`, a GTK sequence, a `wl_touch` id) landed at (`x`, `y`) in
  /// the surface's units at `time` (microseconds, the toolkit's clock).
  public func down(_ id: Int64, x: Double, y: Double, at time: Microseconds) {
    run(.down(id, x, y, time))
  }

  /// Touch `id` moved to (`x`, `y`) at `time`.
  public func move(_ id: Int64, x: Double, y: Double, at time: Microseconds) {
    run(.move(id, x, y, time))
  }

  /// Touch `id` lifted at `time`, at (`x`, `y`) when the toolkit gives the position.
  public func up(_ id: Int64, x: Double? = nil, y: Double? = nil, at time: Microseconds) {
    run(.up(id, x, y, time))
  }

  /// The toolkit cancelled the touches at `time`: the pending frame is delivered, then every
  /// touch down and every gesture in flight is cancelled, as ``TouchPipeline/cancelAll(at:)``
  /// does (the touches' cancellation frame goes to ``onFrame`` only). Nothing happens when no
  /// touch is down (GTK cancels each sequence: the first cancel does it all).
  public func cancel(at time: Microseconds) {
    run(.cancel(time))
  }

  /// Cancels every touch and gesture in flight at `time` (the window closed, the program
  /// stops), whether or not a touch is down; no deadline after `time` fires.
  public func cancelAll(at time: Microseconds) {
    run(.cancelAll(time))
  }

  /// Delivers the pending frame now (the toolkit's frame ended).
  public func endFrame() {
    run(.endFrame)
  }

  /// Delivers the pending frame, then fires every deadline up to `time` (no event came until
  /// then).
  public func advance(to time: Microseconds) {
    run(.advance(time))
  }

  /// Ends the input (a script's or a recording's end): delivers the pending frame, lets the
  /// deadlines pass so a trailing tap or long press is reported, then cancels the touches
  /// still down, after the last deadline.
  public func finish() {
    run(.finish)
  }

  private func run(_ call: Call) {
    guard !busy else { return queued.append(call) }
    busy = true
    perform(call)
    while !queued.isEmpty { perform(queued.removeFirst()) }
    busy = false
  }

  private func perform(_ call: Call) {
    switch call {
    case .down(let id, let x, let y, let time): deliver(frames.down(id, x: x, y: y, at: time))
    case .move(let id, let x, let y, let time): deliver(frames.move(id, x: x, y: y, at: time))
    case .up(let id, let x, let y, let time): deliver(frames.up(id, x: x, y: y, at: time))
    case .cancel(let time): cancelTouches(at: time, always: false)
    case .cancelAll(let time): cancelTouches(at: time, always: true)
    case .endFrame: deliver(frames.endFrame().map { [$0] } ?? [])
    case .advance(let time):
      deliver(frames.endFrame().map { [$0] } ?? [])
      engine?.advance(to: max(time, frames.lastTime))
    case .finish: finishInput()
    }
    reportWarnings()
  }

  /// Delivers the pending frame, then cancels the touches down (their frame to ``onFrame``
  /// only: a cancelled touch would fail a recognizer that others wait for, a triple tap, and
  /// so release the one held behind it, inventing a gesture) and the engine's gestures.
  private func cancelTouches(at time: Microseconds, always: Bool) {
    deliver(frames.endFrame().map { [$0] } ?? [])
    guard always || frames.touchesDown > 0 else { return }
    let cancelling = frames.cancel(at: time).last
    let time = cancelling?.time ?? max(time, frames.lastTime)
    engine?.advance(to: time)
    if let cancelling { onFrame?(cancelling) }
    engine?.cancelAll(at: time)
  }

  private func finishInput() {
    deliver(frames.endFrame().map { [$0] } ?? [])
    guard let engine else { return deliver(Array(frames.cancel(at: frames.lastTime).suffix(1))) }
    engine.flush(after: frames.lastTime)
    // After every deadline the flush fired (it may run past the longest timeout).
    let flushTime = max(frames.lastTime + engine.longestTimeout, engine.time)
    for var frame in frames.cancel(at: flushTime) {
      frame.time = max(frame.time, flushTime)
      deliver([frame])
    }
  }

  private func deliver(_ list: [TouchFrame]) {
    for frame in list {
      engine?.advance(to: frame.time)
      onFrame?(frame)
      engine?.process(frame)
    }
  }

  private func reportWarnings() {
    guard let onWarning, frames.hasWarnings else { return }
    for warning in frames.takeWarnings() { onWarning(warning) }
  }
}
