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
    // A decoder's frame lists every touch down: one pass over the ids confirms it.
    if continuity.follow(frame.touches) {
      processWhole(frame)
    } else {
      processWhole(carryingOmitted(frame))
    }
    if hasPendingFilters && surface.summary.count == 0 { applyPendingFilters() }
    busy = false
    if hasPending { runPending() }
  }

  /// `process(_:)` for a frame in order, with every touch down in it: split if touches both
  /// leave and begin in it.
  private func processWhole(_ frame: TouchFrame) {
    // Only a frame with more touches than were down can mix (one comparison on the others).
    if frame.touches.count > surface.summary.count, let halves = Self.split(frame) {
      processFrame(halves.leaving)
      processFrame(halves.landing)
    } else {
      processFrame(frame)
    }
  }

  /// `frame` with every touch down after the last frame that it leaves out (see
  /// `TouchContinuity`), having reported those it had not left out before.
  private func carryingOmitted(_ frame: TouchFrame) -> TouchFrame {
    // Changed in a local and stored back (the inserts may call into the runtime: an access
    // spanning them would keep a run-time exclusivity check on every access to it).
    var kept = continuity
    var carried = frame
    let omitted = kept.carry(into: &carried.touches)
    continuity = kept
    for id in omitted { report(.touchOmitted(touch: id, time: frame.time)) }
    return carried
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
/// frame that leaves it out (at most ``capacity``; more are not carried).
///
/// The decoder's frames list every touch down, ordered by id, new touches (higher ids) last:
/// the touches down before are the frame's first ones, in order, and one pass comparing ids
/// (after comparing counts) confirms it. Only a frame that fails it is searched. The touches
/// are kept in an `InlineArray`: following a frame copies the touches down into it, with no
/// reference counting and no allocation.
struct TouchContinuity {
  /// The most touches remembered (as `TouchSurface.capacity`).
  static let capacity = 16
  private static let vacant = Touch(
    id: TouchID(0), phase: .stationary, location: MillimeterPoint(x: 0, y: 0))

  /// The first `count` entries: the touches down after the last frame, in the order it
  /// listed them.
  private var down = InlineArray<16, Touch>(repeating: TouchContinuity.vacant)
  private var count = 0
  /// After a `follow(_:)` that failed, the first entry it did not compare.
  private var verified = 0
  /// The first `reportedCount` entries: the touches left out of a frame and reported, until
  /// they end (each is reported once).
  private var reported = InlineArray<16, TouchID>(repeating: TouchID(0))
  private var reportedCount = 0

  /// Forgets every touch (the engine cancelled everything).
  mutating func removeAll() {
    count = 0
    verified = 0
    reportedCount = 0
  }

  /// Whether `touches` begin with the touches down, in order (as every decoder frame does),
  /// remembering the touches down after them in the same pass. Mutating so the entries are
  /// read in place (a non-mutating method copies them first).
  ///
  /// When it returns false, the entries from `verified` on are the last frame's, unread: the
  /// ones before it were overwritten, but each was listed in `touches` (its id matched).
  mutating func follow(_ touches: [Touch]) -> Bool {
    let before = count
    verified = 0
    guard touches.count >= before else { return false }
    var kept = 0
    var index = 0
    for touch in touches {
      if index < before && touch.id != down[index].id {
        verified = index
        return false
      }
      // `kept <= index`: an entry not yet compared is never overwritten.
      if !isLeaving(touch.phase) && kept < Self.capacity {
        down[kept] = touch
        kept += 1
      }
      index += 1
    }
    count = kept
    if reportedCount > 0 { forgetEnded() }
    return true
  }

  /// After `follow(_:)` returned false for `touches`: inserts each touch down that they leave
  /// out, `stationary` where it was, before the first touch with a higher id, and remembers
  /// the touches down after them.
  ///
  /// - Returns: The touches left out that had not been left out before (to report).
  mutating func carry(into touches: inout [Touch]) -> [TouchID] {
    var carried: [Touch] = []
    for index in verified..<count {
      let touch = down[index]
      if !touches.contains(where: { $0.id == touch.id }) { carried.append(touch) }
    }
    var omitted: [TouchID] = []
    for var touch in carried {
      touch.phase = .stationary
      let place = touches.firstIndex { $0.id > touch.id } ?? touches.endIndex
      touches.insert(touch, at: place)
      if !wasReported(touch.id) && reportedCount < Self.capacity {
        reported[reportedCount] = touch.id
        reportedCount += 1
        omitted.append(touch.id)
      }
    }
    var kept = 0
    for touch in touches where !isLeaving(touch.phase) && kept < Self.capacity {
      down[kept] = touch
      kept += 1
    }
    count = kept
    if reportedCount > 0 { forgetEnded() }
    return omitted
  }

  private mutating func wasReported(_ id: TouchID) -> Bool {
    var index = 0
    while index < reportedCount {
      if reported[index] == id { return true }
      index += 1
    }
    return false
  }

  /// Forgets the reported touches no longer down (they ended or were cancelled).
  private mutating func forgetEnded() {
    var still = 0
    for index in 0..<reportedCount where isDown(reported[index]) {
      reported[still] = reported[index]
      still += 1
    }
    reportedCount = still
  }

  private mutating func isDown(_ id: TouchID) -> Bool {
    var index = 0
    while index < count {
      if down[index].id == id { return true }
      index += 1
    }
    return false
  }
}
