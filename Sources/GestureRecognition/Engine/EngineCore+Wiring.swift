// The core's side of wiring, enabling and cancelling: the masks and relations change here, in
// one access each (see `EngineCore`); `GestureEngine` decides when (queued while busy) and
// performs the actions afterwards.

import TouchInput

extension EngineCore {
  /// Gives the recognizer just appended to `list` its masks and empty relations.
  mutating func insert(_ recognizer: GestureRecognizer) {
    let bit: UInt64 = 1 << UInt64(recognizer.slot)
    if recognizer.regionSurface != nil { regionMask |= bit }
    if !recognizer.isEnabled { blockedMask |= bit }
    simultaneous.append(0)
    requirements.append(0)
    dependents.append(0)
  }

  /// Drops slot `slot` from every mask and relation (the list already lost it), renumbering
  /// those after it.
  mutating func detach(_ slot: Int) {
    simultaneous = Self.dropping(slot, from: simultaneous)
    requirements = Self.dropping(slot, from: requirements)
    dependents = Self.dropping(slot, from: dependents)
    terminalMask = Self.dropping(slot, from: terminalMask)
    regionMask = Self.dropping(slot, from: regionMask)
    blockedMask = Self.dropping(slot, from: blockedMask)
    waitingMask = Self.dropping(slot, from: waitingMask)
    quietUntil = .min
  }

  /// `masks` without entry `slot`, and each without bit `slot`.
  private static func dropping(_ slot: Int, from masks: [UInt64]) -> [UInt64] {
    var kept = masks
    kept.remove(at: slot)
    for index in kept.indices { kept[index] = dropping(slot, from: kept[index]) }
    return kept
  }

  /// `mask` without bit `slot`, the bits above it moved down by one.
  private static func dropping(_ slot: Int, from mask: UInt64) -> UInt64 {
    let low = mask & ((1 << UInt64(slot)) &- 1)
    let high = slot >= 63 ? 0 : (mask >> UInt64(slot + 1)) << UInt64(slot)
    return low | high
  }

  /// Lets slots `a` and `b` be recognized together.
  mutating func setSimultaneous(_ a: Int, _ b: Int) {
    simultaneous[a] |= 1 << UInt64(b)
    simultaneous[b] |= 1 << UInt64(a)
  }

  /// Makes slot `a` wait for slot `b` to fail.
  mutating func setRequirement(_ a: Int, _ b: Int) {
    requirements[a] |= 1 << UInt64(b)
    dependents[b] |= 1 << UInt64(a)
  }

  /// Whether the recognizer in slot `from` waits, directly or through others, for the one in
  /// slot `to` to fail.
  func waits(_ from: Int, for to: Int) -> Bool {
    var seen: UInt64 = 0
    var frontier: UInt64 = 1 << UInt64(from)
    while frontier != 0 {
      seen |= frontier
      var next: UInt64 = 0
      var bits = frontier
      while bits != 0 {
        next |= requirements[bits.trailingZeroBitCount]
        bits &= bits &- 1
      }
      if next & (1 << UInt64(to)) != 0 { return true }
      frontier = next & ~seen
    }
    return false
  }

  // MARK: Enabling

  /// Applies a change of `r.isEnabled`.
  mutating func enabledChanged(_ r: GestureRecognizer) {
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
      move(r, to: .cancelled, .disabled, at: now)
      enqueue(r, .cancelled, at: now)
    } else if r.state == .possible && (r.isEngaged || r.isHeld) {
      failAndRelease(r, .disabled, at: now)
    }
    // It follows no touches any more: a finished one resets once the surface's touches are gone
    // (as usual), one with a region as soon as the engine next looks.
    r.deadline = nil
    if r.regionSurface != nil {
      r.activeTouches = 0
      r.dropRegionTouches()
      r.regionSurface?.removeAll()
    }
  }

  /// Lets the recognizers waiting for new touches see the frame being processed (every touch
  /// down in it just landed).
  mutating func admitWaiting() {
    var bits = waitingMask
    while bits != 0 {
      let index = bits.trailingZeroBitCount
      bits &= bits - 1
      unblock(list[index], 1 << UInt64(index))
    }
  }

  /// Returns an enabled recognizer to the per-frame loop, with no touches of its own yet.
  private mutating func unblock(_ r: GestureRecognizer, _ bit: UInt64) {
    waitingMask &= ~bit
    blockedMask &= ~bit
    r.activeTouches = 0
    r.dropRegionTouches()
    r.regionSurface?.removeAll()
  }

  // MARK: Cancelling

  /// Cancels gestures in flight and fails undecided ones, then forgets every touch.
  mutating func cancelEverything(at time: Microseconds) {
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
  }
}
