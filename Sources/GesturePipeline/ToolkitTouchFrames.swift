import TextOutput
import TouchInput

/// Turns a toolkit's per-touch events (SDL's finger events, GTK's touch events, `wl_touch`)
/// into the engine's ``/TouchInput/TouchFrame``s, with the decoder's guarantees.
///
/// - Each touch gets a ``/TouchInput/TouchID`` 1, 2, 3, … in the order it landed, never
///   reused, whatever ids the toolkit reuses.
/// - Every frame carries every touch that is down: a finger that did not move is
///   `stationary`; a touch that lifted appears once more as `ended` and is gone from the next
///   frame. Touches are ordered by id, so a touch that ended and one that began in the same
///   frame are both there, the ended one first.
/// - A touch that began and lifted before its frame closed is reported in two frames (began,
///   then ended, at the same time), never lost.
/// - Times never go backwards: an event stamped earlier than the frame before it is taken at
///   that frame's time, and a warning says so.
/// - A move or lift of an id that is not down is ignored with a warning (never a trap); so is
///   an event with a coordinate that is not a finite number. A down for an id already down
///   ends that touch and begins a new one (the lift was lost), with a warning.
/// - ``cancel(at:)`` cancels every touch down (`wl_touch.cancel`, GTK's touch-cancel): events
///   still to come for the cancelled ids are ignored without a warning.
///
/// **Frames.** Events with the same time go into one frame: the frame closes when an event
/// with a later time arrives, or at ``endFrame()``. Call `endFrame()` where the toolkit marks
/// the end of a frame (`wl_touch.frame`) or after the last event of a batch (SDL's event
/// queue drained), so the frame is not held until the next event.
public struct ToolkitTouchFrames: Sendable {
  /// The surface the positions are given on.
  public let surface: ToolkitSurface

  /// A touch that is down: the toolkit's id and the touch as the pending frame reports it.
  private var active: [(key: Int64, touch: Touch)] = []
  /// Touches that lifted in the pending frame.
  private var lifted: [Touch] = []
  /// The toolkit ids cancelled since they were last down: their events are ignored quietly.
  private var cancelled: Set<Int64> = []
  private var pendingTime: Microseconds?
  private var nextID = 1
  /// The time of the latest frame, or of the pending one.
  public private(set) var lastTime: Microseconds = .min
  private var warningsBuffer: [DecoderWarning] = []

  /// At most this many warnings are kept until taken; later ones are dropped.
  public static let warningsKept = 64

  /// Creates an adapter for touches on `surface`.
  public init(surface: ToolkitSurface) {
    self.surface = surface
  }

  /// Whether a frame has events not yet delivered (until the next later event or
  /// ``endFrame()``).
  public var hasPendingFrame: Bool { pendingTime != nil }

  /// The number of touches down.
  public var touchesDown: Int { active.count }

  /// Whether warnings are waiting in ``takeWarnings()``.
  public var hasWarnings: Bool { !warningsBuffer.isEmpty }

  /// Returns the warnings so far (input it worked around, with the time) and forgets them.
  public mutating func takeWarnings() -> [DecoderWarning] {
    defer { warningsBuffer.removeAll() }
    return warningsBuffer
  }

  /// A touch `id` landed at (`x`, `y`) in the surface's units at `time`.
  ///
  /// - Returns: The frames this event completed (the earlier pending frame), in order.
  public mutating func down(_ id: Int64, x: Double, y: Double, at time: Microseconds)
    -> [TouchFrame]
  {
    guard isFinite(x, y, id, "down", time) else { return [] }
    var frames: [TouchFrame] = []
    let time = open(at: time, into: &frames)
    cancelled.remove(id)
    if let index = active.firstIndex(where: { $0.key == id }) {
      warn(at: time, "touch \(id) went down while already down: its lift was lost; ended it")
      if active[index].touch.phase == .began { split(into: &frames) }
      var ended = active.remove(at: index).touch
      ended.phase = .ended
      lifted.append(ended)
    }
    let touch = Touch(
      id: TouchID(nextID), phase: .began, location: surface.location(x: x, y: y),
      raw: surface.raw(x: x, y: y))
    nextID += 1
    active.append((id, touch))
    return frames
  }

  /// Touch `id` moved to (`x`, `y`) in the surface's units at `time`.
  ///
  /// - Returns: The frames this event completed (the earlier pending frame), in order.
  public mutating func move(_ id: Int64, x: Double, y: Double, at time: Microseconds)
    -> [TouchFrame]
  {
    guard isFinite(x, y, id, "move", time) else { return [] }
    guard let index = activeIndex(id, "move", time) else { return [] }
    var frames: [TouchFrame] = []
    _ = open(at: time, into: &frames)
    let location = surface.location(x: x, y: y)
    if location != active[index].touch.location {
      active[index].touch.location = location
      active[index].touch.raw = surface.raw(x: x, y: y)
      if active[index].touch.phase == .stationary { active[index].touch.phase = .moved }
    }
    return frames
  }

  /// Touch `id` lifted at `time`, at (`x`, `y`) in the surface's units when given (SDL and
  /// GTK give the position, `wl_touch.up` does not).
  ///
  /// - Returns: The frames this event completed, in order: the earlier pending frame, and the
  ///   one where the touch began when it began in the frame still open.
  public mutating func up(_ id: Int64, x: Double? = nil, y: Double? = nil, at time: Microseconds)
    -> [TouchFrame]
  {
    guard isFinite(x ?? 0, y ?? 0, id, "up", time) else { return [] }
    guard let index = activeIndex(id, "up", time) else { return [] }
    var frames: [TouchFrame] = []
    _ = open(at: time, into: &frames)
    if active[index].touch.phase == .began { split(into: &frames) }
    var touch = active.remove(at: index).touch
    if let x, let y {
      touch.location = surface.location(x: x, y: y)
      touch.raw = surface.raw(x: x, y: y)
    }
    touch.phase = .ended
    lifted.append(touch)
    return frames
  }

  /// Cancels every touch down at `time` (the compositor or toolkit took the touches over).
  ///
  /// - Returns: The pending frame, if any (a touch that lifted in it is reported there as
  ///   `ended`), then a frame with every touch still down `cancelled`; only the pending frame
  ///   when no touch was down.
  public mutating func cancel(at time: Microseconds) -> [TouchFrame] {
    var frames: [TouchFrame] = []
    if let frame = endFrame() { frames.append(frame) }
    guard !active.isEmpty else { return frames }
    let time = clamped(time)
    lastTime = time
    var touches: [Touch] = []
    for var entry in active {
      cancelled.insert(entry.key)
      entry.touch.phase = .cancelled
      touches.append(entry.touch)
    }
    active.removeAll()
    frames.append(TouchFrame(time: time, touches: touches))
    return frames
  }

  /// Closes the pending frame now and returns it (nil when no event is pending).
  public mutating func endFrame() -> TouchFrame? {
    guard let time = pendingTime else { return nil }
    var touches = lifted
    lifted.removeAll()
    for index in active.indices {
      touches.append(active[index].touch)
      active[index].touch.phase = .stationary
    }
    touches.sort { $0.id < $1.id }
    pendingTime = nil
    return TouchFrame(time: time, touches: touches)
  }

  // MARK: - Bookkeeping

  /// Opens a frame at `time` (clamped), closing a pending one at an earlier time first.
  private mutating func open(at time: Microseconds, into frames: inout [TouchFrame])
    -> Microseconds
  {
    let time = clamped(time)
    if let pending = pendingTime, pending < time, let frame = endFrame() { frames.append(frame) }
    pendingTime = time
    lastTime = time
    return time
  }

  /// Closes the pending frame and opens another at the same time (a touch that began in it
  /// lifts or lands again: each phase gets its frame).
  private mutating func split(into frames: inout [TouchFrame]) {
    let time = pendingTime
    if let frame = endFrame() { frames.append(frame) }
    pendingTime = time
  }

  private mutating func clamped(_ time: Microseconds) -> Microseconds {
    guard time < lastTime else { return time }
    warn(
      at: lastTime,
      "timestamps go backwards (" + seconds(time) + " after " + seconds(lastTime)
        + "); clamped to the previous time")
    return lastTime
  }

  private mutating func activeIndex(_ id: Int64, _ event: String, _ time: Microseconds) -> Int? {
    if let index = active.firstIndex(where: { $0.key == id }) { return index }
    if !cancelled.contains(id) {
      warn(at: max(time, lastTime), "\(event) of touch \(id), which is not down: ignored")
    }
    return nil
  }

  private mutating func isFinite(
    _ x: Double, _ y: Double, _ id: Int64, _ event: String, _ time: Microseconds
  ) -> Bool {
    if x.isFinite && y.isFinite { return true }
    warn(at: max(time, lastTime), "\(event) of touch \(id) at (\(x), \(y)), not a number: ignored")
    return false
  }

  private mutating func warn(at time: Microseconds, _ message: String) {
    guard warningsBuffer.count < Self.warningsKept else { return }
    warningsBuffer.append(DecoderWarning(time: time == .min ? 0 : time, message: message))
  }
}
