// Enabling and disabling recognizers (UIKit's `isEnabled`): a disabled recognizer is left out
// of the per-frame loop, the deadlines and restarts through one bit mask; disabling ends what
// it was doing, and enabling waits for touches that begin afterwards.

import TouchInput

extension GestureEngine {
  /// Applies a change of `r.isEnabled` (called by the recognizer).
  func enabledChanged(_ r: GestureRecognizer) {
    guard r.slot >= 0 else { return }
    let bit: UInt64 = 1 << UInt64(r.slot)
    if r.isEnabled {
      // Touches already down belong to gestures that began before: wait for new ones.
      if surface.summary.count == 0 {
        unblock(r, bit)
      } else {
        waitingMask |= bit
      }
      return
    }
    waitingMask &= ~bit
    blockedMask |= bit
    if r.state.isActive {
      r.forceCancel()
      move(r, to: .cancelled, .disabled, at: time)
      enqueue(r, .cancelled, at: time)
    } else if r.state == .possible && (r.isEngaged || r.isHeld) {
      failAndRelease(r, .disabled, at: time)
    }
    // It follows no touches any more: a finished one resets once the surface's touches are gone
    // (as usual), one with a region as soon as the engine next looks.
    r.deadline = nil
    if r.regionSurface != nil {
      r.activeTouches = 0
      r.dropRegionTouches()
      r.regionSurface?.removeAll()
    }
    if !busy {
      busy = true
      deliver()
      busy = false
      if hasPending { runPending() }
    }
  }

  /// Lets the recognizers waiting for new touches see the frame being processed (every touch
  /// down in it just landed).
  func admitWaiting() {
    var bits = waitingMask
    while bits != 0 {
      let index = bits.trailingZeroBitCount
      bits &= bits - 1
      unblock(list[index], 1 << UInt64(index))
    }
  }

  /// Returns an enabled recognizer to the per-frame loop, with no touches of its own yet.
  private func unblock(_ r: GestureRecognizer, _ bit: UInt64) {
    waitingMask &= ~bit
    blockedMask &= ~bit
    r.activeTouches = 0
    r.dropRegionTouches()
    r.regionSurface?.removeAll()
  }
}
