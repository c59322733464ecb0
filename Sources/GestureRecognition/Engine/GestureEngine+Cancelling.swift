import TouchInput

// Cancelling everything (the device vanished or the program stops), queued like every other
// input when called from inside an action.

extension GestureEngine {
  /// Cancels gestures in flight and fails undecided ones (the device vanished), then resets
  /// every recognizer as if all touches lifted at `time`. From inside an action, it is queued
  /// as `advance(to:)` is.
  public func cancelAll(at time: Microseconds) {
    #if DEBUG
      let entered = enterThread()
      defer { leaveThread(entered) }
    #endif
    if busy {
      queue(.cancelAll(time))
      return
    }
    busy = true
    cancelEverything(at: time)
    busy = false
    if hasPending { runPending() }
  }

  /// `cancelAll(at:)` inside the engine.
  private func cancelEverything(at time: Microseconds) {
    for recognizer in list {
      if recognizer.state.isActive {
        recognizer.forceCancel()
        move(recognizer, to: .cancelled, .cancelledByEngine, at: time)
        enqueue(recognizer, .cancelled, at: time)
      } else if recognizer.state == .possible && (recognizer.isEngaged || recognizer.isHeld) {
        fail(recognizer, .cancelledByEngine, at: time)
      }
      recognizer.activeTouches = 0
      recognizer.dropRegionTouches()
      recognizer.regionSurface?.removeAll()
      recognizer.deadline = nil
    }
    surface.removeAll()
    continuity.removeAll()
    deliver()
    resetFinished(at: time)
  }
}
