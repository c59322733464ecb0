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
    change { $0.cancelEverything(at: time) }
    continuity.removeAll()
    deliver()
    change { $0.resetFinished(at: time) }
    busy = false
    if hasPending { runPending() }
  }
}
