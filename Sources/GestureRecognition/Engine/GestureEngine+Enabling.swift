// Enabling and disabling recognizers (UIKit's `isEnabled`): a disabled recognizer is left out
// of the per-frame loop, the deadlines and restarts through one bit mask; disabling ends what
// it was doing, and enabling waits for touches that begin afterwards (see
// `EngineCore.enabledChanged`).

import TouchInput

extension GestureEngine {
  /// Applies a change of `r.isEnabled` (called by the recognizer): at once, delivering what
  /// it ended, or with the deliveries being performed when called from an action.
  func enabledChanged(_ r: GestureRecognizer) {
    guard r.slot >= 0 else { return }
    change { $0.enabledChanged(r) }
  }

  /// Notes whether `r` now has a region of its own.
  func regionChanged(_ r: GestureRecognizer) {
    guard r.slot >= 0 else { return }
    change { $0.regionChanged(r) }
  }
}
