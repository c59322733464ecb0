// The whole arbitration policy, in one sentence: a recognizer that begins or is recognized
// fails every other undecided recognizer following the same touches unless the pair was declared
// simultaneous, and a recognizer that must wait for others to fail is held (its action kept with
// its original data and time) until they all fail, or fails as soon as one of them succeeds.
// (A recognition that no longer owns the touches down, such as a tap sequence released after
// its last lift, prevents only recognitions held from the same past, not new touches.)

import TouchInput

extension GestureEngine {
  /// Notes whether `r` now has a region of its own.
  func regionChanged(_ r: GestureRecognizer) {
    guard r.slot >= 0 else { return }
    let bit: UInt64 = 1 << UInt64(r.slot)
    if r.regionSurface != nil {
      regionMask |= bit
    } else {
      regionMask &= ~bit
      r.activeTouches = 0
    }
  }

  /// Applies what a recognizer's state machine asked for.
  func apply(_ step: GestureStep, to r: GestureRecognizer, at time: Microseconds) {
    switch step {
    case .none: return
    case .fail(let reason):
      guard r.state == .possible else { return illegal(r, .failed) }
      failAndRelease(r, reason, at: time)
    case .recognize(let reason): succeed(r, .recognized, reason, at: time)
    case .begin(let reason): succeed(r, .began, reason, at: time)
    case .change:
      // The most frequent step (a continuous gesture moving), inline: nothing to explain or
      // hold, and a legal move that leaves the terminal mask as it is.
      if !explains && !r.isHeld && (r.state == .began || r.state == .changed) {
        r.state = .changed
        enqueue(r, .changed, at: time)
      } else {
        follow(r, .changed, .touchesMoved, at: time)
      }
    case .end(let reason): follow(r, .ended, reason, at: time)
    case .cancel(let reason): follow(r, .cancelled, reason, at: time)
    }
  }

  /// A later step of a continuous gesture: delivered now, or kept with the held ones.
  private func follow(
    _ r: GestureRecognizer, _ state: GestureState, _ reason: GestureReason, at time: Microseconds
  ) {
    if r.isHeld {
      guard r.heldEvents.first?.state == .began else { return illegal(r, state) }
      r.hold(r.makeEvent(state, at: time))
      return
    }
    guard r.state.isActive else { return illegal(r, state) }
    move(r, to: state, reason, at: time)
    enqueue(r, state, at: time)
  }

  private enum Requirement {
    case clear
    case pending(GestureRecognizer)
    case succeeded(GestureRecognizer)
  }

  private func requirement(of r: GestureRecognizer) -> Requirement {
    var bits = requirements[r.slot]
    var pending: GestureRecognizer?
    while bits != 0 {
      let other = list[bits.trailingZeroBitCount]
      bits &= bits - 1
      switch other.state {
      case .failed: continue
      case .possible: if other.isEngaged || other.isHeld { pending = pending ?? other }
      default: return .succeeded(other)
      }
    }
    return pending.map { .pending($0) } ?? .clear
  }

  /// A recognizer wants to begin or be recognized.
  private func succeed(
    _ r: GestureRecognizer, _ state: GestureState, _ reason: GestureReason, at time: Microseconds
  ) {
    guard r.state == .possible && !r.isHeld else { return illegal(r, state) }
    if let delegate = r.delegate, !delegate.gestureRecognizerShouldBegin(r) {
      return failAndRelease(r, .delegateRefused, at: time)
    }
    switch requirement(of: r) {
    case .succeeded(let other):
      failAndRelease(r, .requiredSucceeded(other.name), at: time)
    case .pending(let other):
      r.isHeld = true
      r.hold(r.makeEvent(state, at: time))
      explainHeld(r, .waitingFor(other.name), at: time)
    case .clear:
      move(r, to: state, reason, at: time)
      enqueue(r, state, at: time)
      prevent(by: r, at: time)
    }
  }

  /// Fails every undecided recognizer sharing touches with the winner `r` (unless
  /// simultaneous) and every recognizer waiting for `r` to fail; then releases whoever waited
  /// for those.
  private func prevent(by r: GestureRecognizer, at time: Microseconds) {
    var failed: UInt64 = 0
    let allowed = simultaneous[r.slot]
    let waiting = dependents[r.slot]
    for other in list where other !== r && other.state == .possible {
      let bit: UInt64 = 1 << UInt64(other.slot)
      if waiting & bit != 0 && (other.isEngaged || other.isHeld) {
        fail(other, .requiredSucceeded(r.name), at: time)
      } else if allowed & bit == 0 && (other.isHeld || (r.ownsTouches && other.isEngaged))
        && sharesTouches(r, other) && !delegatesAllow(r, other)
      {
        fail(other, .prevented(by: r.name), at: time)
      } else {
        continue
      }
      failed |= bit
    }
    while failed != 0 {
      let other = list[failed.trailingZeroBitCount]
      failed &= failed - 1
      releaseWaiting(on: other, at: time)
    }
  }

  /// Fails `r` and releases recognizers that waited only for it.
  func failAndRelease(
    _ r: GestureRecognizer, _ reason: GestureReason, at time: Microseconds
  ) {
    fail(r, reason, at: time)
    releaseWaiting(on: r, at: time)
  }

  /// Moves an undecided recognizer to failed, dropping any held action.
  func fail(_ r: GestureRecognizer, _ reason: GestureReason, at time: Microseconds) {
    r.forceFail()
    r.deadline = nil
    r.isHeld = false
    r.dropHeld()
    move(r, to: .failed, reason, at: time)
  }

  /// Delivers the held actions of recognizers whose requirements have all failed now.
  private func releaseWaiting(on failed: GestureRecognizer, at time: Microseconds) {
    var bits = dependents[failed.slot]
    while bits != 0 {
      let r = list[bits.trailingZeroBitCount]
      bits &= bits - 1
      guard r.isHeld, r.state == .possible else { continue }
      switch requirement(of: r) {
      case .pending: continue
      case .succeeded(let other): failAndRelease(r, .requiredSucceeded(other.name), at: time)
      case .clear:
        r.isHeld = false
        var index = 0
        while index < r.heldEvents.count {
          let event = r.heldEvents[index]
          move(r, to: event.state, .requirementsFailed(failed.name), at: time)
          enqueue(r, stored: event)
          if index == 0 { prevent(by: r, at: time) }
          index += 1
        }
        r.dropHeld()
      }
    }
  }

  /// Whether either recognizer's delegate lets the pair be recognized together now.
  private func delegatesAllow(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    if let delegate = a.delegate,
      delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b)
    {
      return true
    }
    if let delegate = b.delegate,
      delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a)
    {
      return true
    }
    return false
  }

  /// Reports a step the recognizer's state does not allow (it is ignored).
  private func illegal(_ r: GestureRecognizer, _ state: GestureState) {
    report(
      .illegalTransition(
        recognizer: r.name, from: r.isHeld ? .possible : r.state, to: state))
  }

  /// Whether two recognizers can be following the same touches (regions with disjoint touch
  /// sets cannot).
  private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    guard a.regionSurface != nil, b.regionSurface != nil, !a.regionTouches.isEmpty,
      !b.regionTouches.isEmpty
    else { return true }
    for id in a.regionTouches where b.regionTouches.contains(id) { return true }
    return false
  }
}
