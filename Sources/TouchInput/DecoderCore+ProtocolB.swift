// Protocol B: slots and tracking ids (semi-MT devices share the slot handling).
extension DecoderCore {
  /// Applies one absolute event to the current slot, writing the value straight into it.
  ///
  /// Events before the first `ABS_MT_SLOT` go to slot 0. A slot index outside the device's
  /// slots is warned about once and its events are ignored until the next valid slot.
  mutating func slotAxis(code: UInt16, value: Int32, at time: Microseconds) {
    if code == AbsCode.mtSlot {
      selectSlot(value, at: time)
      return
    }
    if code == AbsCode.mtPositionX || code == AbsCode.mtPositionY {
      slotPosition(isX: code == AbsCode.mtPositionX, value: value)
      return
    }
    let index = currentSlot
    guard index >= 0 else { return }
    if index >= slotsInUse { slotsInUse = index + 1 }
    switch code {
    case AbsCode.mtTrackingID:
      setTrackingID(value, of: index)
    case AbsCode.mtPressure:
      slots[index].pressure = value
    case AbsCode.mtTouchMajor:
      let major = geometry.millimeters(xUnits: value)
      slots[index].majorAxis = major
      if !declaresToolType { retool(index, major > palmTouchMajor ? .palm : .finger) }
    case AbsCode.mtToolType:
      slots[index].toolType = value
      retool(index, TouchTool(kernelToolType: value))
    default:
      break  // orientation, widths, ABS_MT_TOOL_X/Y, distance: not part of a touch
    }
  }

  /// Applies `ABS_MT_POSITION_X` (`isX`) or `ABS_MT_POSITION_Y` to the current slot.
  ///
  /// Most events are positions: this is the whole of their work, a few stores into the
  /// current slot, reached from `feed` without `slotAxis`'s dispatch.
  mutating func slotPosition(isX: Bool, value: Int32) {
    let index = currentSlot
    guard index >= 0 else { return }
    if index >= slotsInUse { slotsInUse = index + 1 }
    if isX {
      slots[index].raw.x = value
      slots[index].hasX = true
    } else {
      slots[index].raw.y = value
      slots[index].hasY = true
    }
    slots[index].changed = true
    slotsDirty = true
  }

  /// Sets the slot's tool; a change completes a frame even if nothing moved (a finger that
  /// turns into a palm is cancelled at once).
  private mutating func retool(_ index: Int, _ tool: TouchTool) {
    guard tool != slots[index].tool else { return }
    slots[index].tool = tool
    if slots[index].touchID != 0 { toolChanged = true }
    slotsDirty = true
  }

  /// `ABS_MT_SLOT`: the slot the next values belong to.
  private mutating func selectSlot(_ value: Int32, at time: Microseconds) {
    if value >= 0 && Int(value) < slotCount {
      currentSlot = Int(value)
    } else {
      currentSlot = -1
      if !warned.contains(.slotOutOfRange) { warnSlotOutOfRange(value, at: time) }
    }
  }

  @inline(never)
  private mutating func warnSlotOutOfRange(_ value: Int32, at time: Microseconds) {
    warnOnce(
      .slotOutOfRange, at: time,
      value >= 0 && Int(value) < declaredSlotCount
        ? "slot \(value) is beyond the first \(slotCount) of the device's \(declaredSlotCount) "
          + "slots, the most decoded; its events are ignored"
        : "slot \(value) is outside the device's \(declaredSlotCount) slots; its events are ignored"
    )
  }

  /// Starts or ends the contact in slot `index`.
  ///
  /// A new id on an active slot ends the old touch (it appears `ended` in this frame) and
  /// starts a new one; the slot keeps its last position, as the kernel only sends changes.
  @inline(never)
  private mutating func setTrackingID(_ value: Int32, of index: Int) {
    let newID = value < 0 ? -1 : value
    guard newID != slots[index].trackingID else { return }
    if slots[index].touchID != 0 {
      slots[index].location = geometry.map(x: slots[index].raw.x, y: slots[index].raw.y)
      terminal.append(touch(slots[index], phase: .ended))
      slots[index].touchID = 0
    }
    slots[index].trackingID = newID
    slots[index].changed = true
    slotsDirty = true
  }

  /// Closes a protocol-B frame: slots with an id and a position are touches.
  ///
  /// A first pass settles each slot's phase and counts the touches; the frame array is built
  /// only when something changed, resized to that count (touches rarely begin or end, so it
  /// nearly never changes length) and then overwritten in place; it is sorted by id only when
  /// a touch ended or the slots' ids are out of order.
  @inline(never)
  mutating func reportSlots(at time: Microseconds) -> Bool {
    guard slotsDirty || !terminal.isEmpty else { return false }
    slotsDirty = false

    var changed = !terminal.isEmpty || toolChanged
    toolChanged = false
    var count = terminal.count
    for index in 0..<slotsInUse {
      guard slots[index].trackingID >= 0 else {
        slots[index].changed = false
        continue
      }
      if slots[index].touchID == 0 {
        guard slots[index].hasPosition else { continue }  // Cypress: an id, no position yet
        slots[index].touchID = newTouchID()
        slots[index].startSeen = !feedingState
        slots[index].location = geometry.map(x: slots[index].raw.x, y: slots[index].raw.y)
        slots[index].phase = .began
        changed = true
      } else if slots[index].changed {
        let location = geometry.map(x: slots[index].raw.x, y: slots[index].raw.y)
        if location != slots[index].location {
          slots[index].location = location
          slots[index].phase = .moved
          changed = true
        } else {
          slots[index].phase = .stationary
        }
      } else {
        slots[index].phase = .stationary
      }
      slots[index].changed = false
      count += 1
    }
    guard changed else { return false }
    if frame.touches.count != count { Self.resize(&frame.touches, to: count) }
    // The frame's array is moved out while it is written, so one mutable span of it (one
    // test that it is not shared, not one per touch) and the slots are apart.
    var touches: [Touch] = []
    swap(&touches, &frame.touches)
    var span = touches.mutableSpan
    let ended = terminal.count
    for index in 0..<ended { span[index] = terminal[index] }
    // Slots are usually in id order (a slot's touch began before the next slot's), so the
    // sort runs only when an id is out of order.
    var next = ended
    var previousID = Int.min
    var inOrder = true
    for index in 0..<slotsInUse where slots[index].touchID != 0 {
      let id = slots[index].touchID
      if id < previousID { inOrder = false }
      previousID = id
      span[next] = Self.makeTouch(slots[index], phase: slots[index].phase)
      next += 1
    }
    if ended > 0 || !inOrder { Self.sortByID(&span) }
    swap(&touches, &frame.touches)
    if ended > 0 { Self.clear(&terminal) }
    frame.time = time
    return true
  }
}
