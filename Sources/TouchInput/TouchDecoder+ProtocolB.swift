// Protocol B: slots and tracking ids (semi-MT devices share the slot handling).
extension TouchDecoder {
  /// Applies one absolute event to the current slot.
  ///
  /// Events before the first `ABS_MT_SLOT` go to slot 0. A slot index outside the device's
  /// slots is warned about once and its events are ignored until the next valid slot.
  @inline(__always)
  mutating func slotAxis(code: UInt16, value: Int32, at time: Microseconds) {
    if code == AbsCode.mtSlot {
      selectSlot(value, at: time)
      return
    }
    let slot = currentSlot
    guard slot >= 0 else { return }
    if slot >= slotsInUse { slotsInUse = slot + 1 }
    // Positions first, as plain tests: most events are positions, and a jump table over all
    // codes predicts worse.
    if code == AbsCode.mtPositionX {
      cursor.raw.x = value
      cursor.hasX = true
      cursor.changed = true
      slotsDirty = true
      return
    }
    if code == AbsCode.mtPositionY {
      cursor.raw.y = value
      cursor.hasY = true
      cursor.changed = true
      slotsDirty = true
      return
    }
    switch code {
    case AbsCode.mtTrackingID:
      setTrackingID(value)
    case AbsCode.mtPressure:
      cursor.pressure = value
    case AbsCode.mtTouchMajor:
      cursor.majorAxis = geometry.millimeters(xUnits: value)
    case AbsCode.mtToolType:
      cursor.toolType = value
    default:
      break  // orientation, widths, ABS_MT_TOOL_X/Y, distance: not part of a touch
    }
  }

  /// `ABS_MT_SLOT`: stores the cursor in its slot and loads the new slot into it.
  @inline(never)
  private mutating func selectSlot(_ value: Int32, at time: Microseconds) {
    storeCursor()
    if value >= 0 && Int(value) < slotTable.count {
      currentSlot = Int(value)
      cursor = slotTable.base[currentSlot]
    } else {
      currentSlot = -1
      if !warned.contains(.slotOutOfRange) { warnSlotOutOfRange(value, at: time) }
    }
  }

  /// Writes the cursor back into its slot (before anything reads the slots).
  ///
  /// While events arrive the current slot's state lives in `cursor`, a plain stored property,
  /// so an event costs no indirection or uniqueness check; the slot itself is stale until this
  /// runs at a slot switch or at the end of a frame.
  @inline(__always)
  mutating func storeCursor() {
    if currentSlot >= 0 { uniqueSlots()[currentSlot] = cursor }
  }

  /// Reloads the cursor from its slot (after something wrote the slots).
  @inline(__always)
  mutating func loadCursor() {
    if currentSlot >= 0 { cursor = slotTable.base[currentSlot] }
  }

  @inline(never)
  private mutating func warnSlotOutOfRange(_ value: Int32, at time: Microseconds) {
    warnOnce(
      .slotOutOfRange, at: time,
      "slot \(value) is outside the device's \(slotTable.count) slots; its events are ignored")
  }

  /// Starts or ends the contact in a slot.
  ///
  /// A new id on an active slot ends the old touch (it appears `ended` in this frame) and
  /// starts a new one; the slot keeps its last position, as the kernel only sends changes.
  @inline(never)
  private mutating func setTrackingID(_ value: Int32) {
    let newID = value < 0 ? -1 : value
    guard newID != cursor.trackingID else { return }
    if cursor.touchID != 0 {
      cursor.location = geometry.map(x: cursor.raw.x, y: cursor.raw.y)
      terminal.append(touch(cursor, phase: .ended))
      cursor.touchID = 0
    }
    cursor.trackingID = newID
    cursor.changed = true
    slotsDirty = true
  }

  /// Closes a protocol-B frame: slots with an id and a position are touches.
  ///
  /// A first pass settles each slot's phase and counts the touches; the frame array is built
  /// only when something changed, resized to that count (touches rarely begin or end, so it
  /// nearly never changes length) and then overwritten in place through one buffer pointer.
  @inline(never)
  mutating func reportSlots(at time: Microseconds) -> Bool {
    guard slotsDirty || !terminal.isEmpty else { return false }
    slotsDirty = false
    let slots = uniqueSlots()
    let current = currentSlot
    if current >= 0 { slots[current] = cursor }
    let result = closeSlots(slots, at: time)
    if current >= 0 { cursor = slots[current] }
    return result
  }

  /// `reportSlots` on the slots' storage.
  @inline(__always)
  private mutating func closeSlots(
    _ slots: UnsafeMutablePointer<ContactState>, at time: Microseconds
  ) -> Bool {
    var changed = !terminal.isEmpty
    var count = terminal.count
    for index in 0..<slotsInUse {
      guard slots[index].trackingID >= 0 else {
        slots[index].changed = false
        continue
      }
      if slots[index].touchID == 0 {
        guard slots[index].hasPosition else { continue }  // Cypress: an id, no position yet
        slots[index].touchID = newTouchID()
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
    let ended = terminal.count
    if ended > 0 {
      for index in 0..<ended { frame.touches[index] = terminal[index] }
      Self.clear(&terminal)
    }
    let inUse = slotsInUse
    frame.touches.withUnsafeMutableBufferPointer { buffer in  // captures no `self`
      Self.fillTouches(buffer, from: ended, slots: slots, inUse: inUse)
    }
    return emit(at: time)
  }

  /// Writes the slots' touches into `buffer` from `start` on, then sorts the buffer by id.
  @inline(__always)
  private static func fillTouches(
    _ buffer: UnsafeMutableBufferPointer<Touch>, from start: Int,
    slots: UnsafeMutablePointer<ContactState>, inUse: Int
  ) {
    var next = start
    for index in 0..<inUse where slots[index].touchID != 0 {
      buffer[next] = makeTouch(slots[index], phase: slots[index].phase)
      next += 1
    }
    sortByID(buffer)
  }
}
