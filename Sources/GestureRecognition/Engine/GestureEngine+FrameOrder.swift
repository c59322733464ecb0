import TouchInput

// Within one frame, touches that end or are cancelled reach the recognizers before touches that
// begin (UIKit delivers touchesEnded before touchesBegan). A panel reports a fast re-touch inside
// one evdev frame in three ways (a slot's tracking id -1 then a new id; a new id with no -1, the
// kernel's replacement; a new slot beginning while another is released), and the decoder turns
// all three into one frame with the old touch ended and the new one began.
//
// Every frame the decoder builds lists every touch down. A hand-built frame may leave out a
// finger that did not move: the engine carries it in (see `TouchContinuity`), so a touch ends
// only with an explicit `ended` or `cancelled` phase.

extension GestureEngine {
  /// Feeds one frame: fires every deadline up to its time (in deadline order), then lets every
  /// recognizer see it, arbitrates, delivers the actions and resets finished recognizers.
  ///
  /// A frame where touches end and others begin is processed as two at the same time, the
  /// ending touches first, as UIKit delivers `touchesEnded` before `touchesBegan` (see
  /// `split(_:)`): the finished gesture ends where they lifted and the new touches start afresh.
  ///
  /// Called from inside an action (or a delegate or `explain`), the frame is queued and
  /// processed once the current frame or deadline is fully processed and delivered. A frame
  /// stamped earlier than the previous frame is processed as at the previous frame's time and
  /// reported (``GestureEngineDiagnostic/frameOutOfOrder(time:previous:)``). A frame that
  /// leaves out a touch still down (a hand-built frame listing only the fingers that moved)
  /// gets it back as `stationary` where it was, as the decoder lists it, and the first frame
  /// to leave it out is reported (``GestureEngineDiagnostic/touchOmitted(touch:time:)``): a
  /// touch ends only with an `ended` or `cancelled` phase. In debug builds,
  /// a call while another thread is inside the engine stops with a message saying so.
  public func process(_ frame: TouchFrame) {
    #if DEBUG
      let entered = enterThread()
      defer { leaveThread(entered) }
    #endif
    if busy {
      queue(.frame(frame))
      return
    }
    guard frame.time >= previousFrameTime else {
      // Event time never runs backwards: processed as at the previous frame's time.
      report(.frameOutOfOrder(time: frame.time, previous: previousFrameTime))
      var restamped = frame
      restamped.time = previousFrameTime
      process(restamped)
      return
    }
    previousFrameTime = frame.time
    busy = true
    var frame = frame
    let omitted = continuity.carry(into: &frame)
    for id in omitted { report(.touchOmitted(touch: id, time: frame.time)) }
    // Only a frame with more touches than were down can mix (one comparison on the others).
    if frame.touches.count > surface.summary.count, let halves = Self.split(frame) {
      processFrame(halves.leaving)
      processFrame(halves.landing)
    } else {
      processFrame(frame)
    }
    if hasPendingFilters && surface.summary.count == 0 { applyPendingFilters() }
    busy = false
    if hasPending { runPending() }
  }

  /// Applies the region, tool and delegate changes made while touches were down.
  func applyPendingFilters() {
    hasPendingFilters = false
    for recognizer in list where recognizer.filterPending {
      recognizer.applyFilter()
    }
  }

  /// Whether a touch that did not begin in this frame leaves the fingers: it ended, was
  /// cancelled, or is a palm or a pen (a finger turning into one is cancelled), or its start
  /// was not seen (it never took part).
  static func leavesFingers(_ touch: Touch) -> Bool {
    isLeaving(touch.phase) || touch.tool != .finger || !touch.startSeen
  }

  /// A frame where touches both leave and begin, as the leaving half (no new touches) and the
  /// landing half (no leaving touches, the others stationary); nil for any other frame.
  static func split(_ frame: TouchFrame) -> (leaving: TouchFrame, landing: TouchFrame)? {
    var leaves = false
    var lands = false
    for touch in frame.touches {
      if touch.phase == .began {
        lands = true
      } else if leavesFingers(touch) {
        leaves = true
      }
    }
    guard leaves && lands else { return nil }
    var leaving = frame
    leaving.touches.removeAll { $0.phase == .began }
    var landing = frame
    landing.touches.removeAll { $0.phase != .began && leavesFingers($0) }
    for index in landing.touches.indices where landing.touches[index].phase != .began {
      landing.touches[index].phase = .stationary
    }
    return (leaving, landing)
  }
}

/// The touches down after the last frame the engine processed, to carry one into a later
/// frame that leaves it out.
///
/// The decoder's frames list every touch down, ordered by id, new touches (higher ids) last:
/// the touches down before are the frame's first ones, in order, and one pass comparing ids
/// (after comparing counts) confirms it. Only a frame that fails it is searched.
struct TouchContinuity {
  /// The touches down after the last frame, as it listed them (in place: no allocation once
  /// the array holds as many touches as are ever down).
  private var down: [Touch] = []
  /// The touches left out of a frame and reported, until they end (each is reported once).
  private var reported: [TouchID] = []

  /// Forgets every touch (the engine cancelled everything).
  mutating func removeAll() {
    down.removeAll(keepingCapacity: true)
    reported.removeAll()
  }

  /// Adds to `frame` every touch down after the last frame that it leaves out, `stationary`
  /// where it was, and remembers the touches down after `frame`.
  ///
  /// - Returns: The touches left out that were not left out before (to report).
  mutating func carry(into frame: inout TouchFrame) -> [TouchID] {
    var omitted: [TouchID] = []
    if !listsAll(frame.touches) { omitted = insertMissing(into: &frame.touches) }
    remember(frame.touches)
    return omitted
  }

  /// Whether `touches` begin with the touches down, in order (as in every decoder frame).
  private func listsAll(_ touches: [Touch]) -> Bool {
    let count = down.count
    guard touches.count >= count else { return false }
    var index = 0
    while index < count {
      if touches[index].id != down[index].id { return false }
      index += 1
    }
    return true
  }

  /// Inserts each touch down that `touches` leave out, before the first touch with a higher
  /// id, and returns those not reported before.
  private mutating func insertMissing(into touches: inout [Touch]) -> [TouchID] {
    var omitted: [TouchID] = []
    for touch in down where !touches.contains(where: { $0.id == touch.id }) {
      var carried = touch
      carried.phase = .stationary
      let place = touches.firstIndex { $0.id > touch.id } ?? touches.endIndex
      touches.insert(carried, at: place)
      if !reported.contains(touch.id) {
        reported.append(touch.id)
        omitted.append(touch.id)
      }
    }
    return omitted
  }

  /// Keeps the touches of `touches` still down, overwriting the last frame's in place.
  private mutating func remember(_ touches: [Touch]) {
    var kept = 0
    for touch in touches where !isLeaving(touch.phase) {
      if kept < down.count {
        down[kept] = touch
      } else {
        down.append(touch)
      }
      kept += 1
    }
    if kept < down.count { down.removeLast(down.count - kept) }
    if !reported.isEmpty {
      // A reported touch that is no longer down ended or was cancelled.
      reported.removeAll { id in !down.contains { $0.id == id } }
    }
  }
}
