import TouchInput

// Within one frame, touches that end or are cancelled reach the recognizers before touches that
// begin (UIKit delivers touchesEnded before touchesBegan). A panel reports a fast re-touch inside
// one evdev frame in three ways (a slot's tracking id -1 then a new id; a new id with no -1, the
// kernel's replacement; a new slot beginning while another is released), and the decoder turns
// all three into one frame with the old touch ended and the new one began.

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
  /// reported (``GestureEngineDiagnostic/frameOutOfOrder(time:previous:)``). In debug builds,
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
