// Wiring never traps: recognizers may be added, related, moved and removed in any order and at
// any moment. Relations (failure requirements, simultaneity) belong to the recognizers, as in
// UIKit: they are kept on them and applied whenever both are in the same engine. Calls made
// while the engine is busy (from an action, a delegate or `explain`) are queued and run in
// order once the current input is fully processed; misuse becomes a diagnostic.

import TouchInput

/// A call made while the engine was busy, run afterwards.
enum PendingCall {
  case frame(TouchFrame)
  case advance(Microseconds)
  case cancelAll(Microseconds)
  case add(GestureRecognizer, MillimeterRect?)
  case remove(GestureRecognizer)
}

extension GestureEngine {
  /// Adds a recognizer (after those already added) and returns it.
  ///
  /// Relations declared before (``require(_:toFail:)``, ``recognizeSimultaneously(_:_:)``) take
  /// effect now if the other recognizer is in this engine. A recognizer already in another
  /// engine moves here, as UIKit moves a recognizer added to a second view (removed from the
  /// first as by ``remove(_:)``). Adding one already in this engine does nothing. Beyond
  /// ``capacity`` recognizers, nothing is added and ``GestureEngineDiagnostic/capacityExceeded(recognizer:capacity:)``
  /// is reported. Called from inside an action, the addition is queued.
  ///
  /// - Parameters:
  ///   - recognizer: The recognizer.
  ///   - region: If given, the recognizer only sees touches that began inside it.
  @discardableResult
  public func add<Recognizer: GestureRecognizer>(
    _ recognizer: Recognizer, region: MillimeterRect? = nil
  ) -> Recognizer {
    if busy {
      queue(.add(recognizer, region))
      return recognizer
    }
    insert(recognizer, region: region)
    return recognizer
  }

  private func insert(_ recognizer: GestureRecognizer, region: MillimeterRect?) {
    if let other = recognizer.engine, other !== self {
      guard !other.busy else {
        report(.inUseByAnotherEngine(recognizer: recognizer.name))
        return
      }
      other.remove(recognizer)
    }
    if let region { recognizer.region = region }
    guard recognizer.engine !== self || recognizer.slot < 0 else { return }
    guard list.count < Self.capacity else {
      report(.capacityExceeded(recognizer: recognizer.name, capacity: Self.capacity))
      return
    }
    recognizer.slot = list.count
    recognizer.engine = self
    if recognizer.regionSurface != nil { regionMask |= 1 << UInt64(recognizer.slot) }
    if !recognizer.isEnabled { blockedMask |= 1 << UInt64(recognizer.slot) }
    // A built-in's machine moves into this engine's lanes.
    var slot = LaneSlot(kind: .user, index: -1)
    if let builtIn = recognizer as? any LaneRecognizer,
      let joined = machineStore.update({ $0.admit(builtIn) })
    {
      slot = joined
    }
    recognizer.laneIndex = slot.index
    recognizer.machineStore = slot.kind == .user ? nil : machineStore
    // Each array is changed in a local and stored back (see `GestureRecognizer.hold`).
    laneSlots = laneSlots + [slot]
    list = list + [recognizer]
    simultaneous = simultaneous + [0]
    requirements = requirements + [0]
    dependents = dependents + [0]
    for other in list where other !== recognizer {
      if recognizer.requires(other) { setRequirement(recognizer, other) }
      if other.requires(recognizer) { setRequirement(other, recognizer) }
      if recognizer.isSimultaneous(with: other) || other.isSimultaneous(with: recognizer) {
        setSimultaneous(recognizer, other)
      }
    }
    recognizer.reportPending(to: self)
  }

  /// Removes a recognizer (UIKit's `removeGestureRecognizer`): a gesture in flight is
  /// cancelled and an undecided one fails (reason "removed from the engine"), delivering their
  /// actions; it is then reset and leaves the engine with its relations kept on it (they apply
  /// again if it is added back). Removing one not in this engine does nothing; from inside an
  /// action, the removal is queued.
  ///
  /// - Parameter recognizer: The recognizer to remove.
  public func remove(_ recognizer: GestureRecognizer) {
    guard recognizer.engine === self, recognizer.slot >= 0 else { return }
    if busy {
      queue(.remove(recognizer))
      return
    }
    busy = true
    if recognizer.state.isActive {
      recognizer.forceCancel()
      move(recognizer, to: .cancelled, .removed, at: time)
      enqueue(recognizer, .cancelled, at: time)
    } else if recognizer.state == .possible && (recognizer.isEngaged || recognizer.isHeld) {
      failAndRelease(recognizer, .removed, at: time)
    }
    deliver()
    detach(recognizer)
    busy = false
    if hasPending { runPending() }
  }

  /// Takes `r` out of every list and mask, renumbering those after it.
  private func detach(_ r: GestureRecognizer) {
    let slot = r.slot
    // A built-in's machine moves back into the recognizer; the later ones of its lane move
    // down by one.
    let lane = laneSlots[slot]
    if let builtIn = r as? any LaneRecognizer, lane.kind != .user {
      machineStore.update { $0.release(builtIn, at: lane.index) }
    }
    r.laneIndex = -1
    r.machineStore = nil
    var slots = laneSlots
    laneSlots = []
    slots.remove(at: slot)
    for index in slots.indices where slots[index].kind == lane.kind && lane.kind != .user {
      if slots[index].index > lane.index { slots[index].index -= 1 }
    }
    laneSlots = slots
    // Each array is changed in a local and stored back (see `GestureRecognizer.hold`).
    var recognizers = list
    list = []
    recognizers.remove(at: slot)
    for index in slot..<recognizers.count {
      recognizers[index].slot = index
    }
    for index in recognizers.indices {
      recognizers[index].laneIndex = slots[index].index
    }
    list = recognizers
    simultaneous = Self.dropping(slot, from: simultaneous)
    requirements = Self.dropping(slot, from: requirements)
    dependents = Self.dropping(slot, from: dependents)
    terminalMask = Self.dropping(slot, from: terminalMask)
    regionMask = Self.dropping(slot, from: regionMask)
    blockedMask = Self.dropping(slot, from: blockedMask)
    waitingMask = Self.dropping(slot, from: waitingMask)
    quietUntil = .min
    r.slot = -1
    r.engine = nil
    if r.filterPending { r.applyFilter() }
    r.state = .possible
    r.deadline = nil
    r.ownsTouches = true
    r.reset()
    r.isHeld = false
    r.dropHeld()
    r.dropRegionTouches()
    r.activeTouches = 0
    r.regionSurface?.removeAll()
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

  /// Lets `a` and `b` be recognized together (neither prevents the other).
  ///
  /// Any order: the relation is kept on the recognizers and applies whenever both are in the
  /// same engine, added before or after this call. Relating a recognizer to itself does
  /// nothing and is reported.
  public func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) {
    Self.relateSimultaneous(a, b, reportingTo: self)
  }

  /// Keeps a simultaneity on `a` and applies it if both are in one engine.
  static func relateSimultaneous(
    _ a: GestureRecognizer, _ b: GestureRecognizer, reportingTo reporter: GestureEngine? = nil
  ) {
    guard a !== b else {
      (reporter ?? a.engine)?.report(.relatedToItself(recognizer: a.name))
      return
    }
    if !a.isSimultaneous(with: b) {
      a.simultaneousPartners = a.simultaneousPartners + [b.serial]
    }
    if let engine = a.engine, engine === b.engine, a.slot >= 0, b.slot >= 0 {
      engine.setSimultaneous(a, b)
    }
  }

  /// Holds `a`'s recognition until `b` fails; `a` fails if `b` begins or is recognized.
  ///
  /// Any order: the relation is kept on the recognizers and applies whenever both are in the
  /// same engine, added before or after this call. Requiring a recognizer to fail itself does
  /// nothing and is reported; so does a requirement that would close a cycle (`b` already
  /// waiting, directly or through others, for `a`): the earlier requirement is kept
  /// (``GestureEngineDiagnostic/cyclicRequirement(recognizer:requiredToFail:)``).
  public func require(_ a: GestureRecognizer, toFail b: GestureRecognizer) {
    Self.relate(a, toFail: b, reportingTo: self)
  }

  /// Keeps a failure requirement on `a` and applies it if both are in one engine.
  static func relate(
    _ a: GestureRecognizer, toFail b: GestureRecognizer, reportingTo reporter: GestureEngine? = nil
  ) {
    guard a !== b else {
      (reporter ?? a.engine)?.report(.relatedToItself(recognizer: a.name))
      return
    }
    if !a.requires(b) {
      a.failureRequirements = a.failureRequirements + [b.serial]
    }
    if let engine = a.engine, engine === b.engine, a.slot >= 0, b.slot >= 0 {
      engine.setRequirement(a, b)
    }
  }

  private func setSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) {
    var masks = simultaneous
    simultaneous = []
    masks[a.slot] |= 1 << UInt64(b.slot)
    masks[b.slot] |= 1 << UInt64(a.slot)
    simultaneous = masks
  }

  /// Makes `a` wait for `b` to fail, unless `b` already waits (directly or through others) for
  /// `a`: that cycle would keep both from ever being recognized, so this requirement is
  /// ignored and reported.
  private func setRequirement(_ a: GestureRecognizer, _ b: GestureRecognizer) {
    if waits(b.slot, for: a.slot) {
      report(.cyclicRequirement(recognizer: a.name, requiredToFail: b.name))
      return
    }
    var masks = requirements
    requirements = []
    masks[a.slot] |= 1 << UInt64(b.slot)
    requirements = masks
    masks = dependents
    dependents = []
    masks[b.slot] |= 1 << UInt64(a.slot)
    dependents = masks
  }

  /// Whether the recognizer in slot `from` waits, directly or through others, for the one in
  /// slot `to` to fail.
  private func waits(_ from: Int, for to: Int) -> Bool {
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

  /// Queues a call made while busy.
  func queue(_ call: PendingCall) {
    var calls = pending
    pending = []
    calls.append(call)
    pending = calls
  }

  /// Runs the calls queued while busy, in order (each may queue more), in one loop: a call
  /// that queues more (an action that always feeds another frame) adds to this loop instead
  /// of nesting another, so the stack does not grow with the queue.
  func runPending() {
    guard !draining else { return }
    draining = true
    defer { draining = false }
    while hasPending, !busy {
      var calls = pending
      pending = []
      let call = calls.removeFirst()
      pending = calls
      switch call {
      case .frame(let frame): process(frame)
      case .advance(let time): advance(to: time)
      case .cancelAll(let time): cancelAll(at: time)
      case .add(let recognizer, let region): add(recognizer, region: region)
      case .remove(let recognizer): remove(recognizer)
      }
    }
  }

  /// Keeps and announces a diagnostic.
  func report(_ diagnostic: GestureEngineDiagnostic) {
    var kept = diagnostics
    diagnostics = []
    if kept.count == Self.diagnosticsKept { kept.removeFirst() }
    kept.append(diagnostic)
    diagnostics = kept
    onDiagnostic?(diagnostic)
  }
}

extension GestureRecognizer {
  /// Whether this recognizer was declared to wait for `other` to fail.
  final func requires(_ other: GestureRecognizer) -> Bool {
    failureRequirements.contains(other.serial)
  }

  /// Whether this recognizer was declared simultaneous with `other`.
  final func isSimultaneous(with other: GestureRecognizer) -> Bool {
    simultaneousPartners.contains(other.serial)
  }
}
