// Semi-MT devices: their slots are the corners of a bounding box, reported as one touch.
extension DecoderCore {
  /// Closes a semi-MT frame: one touch at the centre of the box spanned by the slots.
  mutating func reportBoundingBox(at time: Microseconds) -> Bool {
    guard slotsDirty || !terminal.isEmpty else { return false }
    slotsDirty = false
    terminal.removeAll(keepingCapacity: true)  // slots never become touches themselves
    var minX = Int64.max
    var minY = Int64.max
    var maxX = Int64.min
    var maxY = Int64.min
    var first = -1
    for index in 0..<slotsInUse {
      slots[index].changed = false
      guard slots[index].trackingID >= 0 && slots[index].hasPosition else { continue }
      if first < 0 { first = index }
      let raw = slots[index].raw
      minX = min(minX, Int64(raw.x))
      maxX = max(maxX, Int64(raw.x))
      minY = min(minY, Int64(raw.y))
      maxY = max(maxY, Int64(raw.y))
    }
    Self.clear(&frame.touches)
    if first < 0 {
      guard boxContact.touchID != 0 else { return false }
      frame.touches.append(touch(boxContact, phase: .ended))
      boxContact.clear()
      return emit(at: time)
    }
    let centre = RawPoint(x: Int32((minX + maxX) / 2), y: Int32((minY + maxY) / 2))
    let location = geometry.map(x: centre.x, y: centre.y)
    var phase = TouchPhase.stationary
    if boxContact.touchID == 0 {
      boxContact.touchID = newTouchID()
      phase = .began
    } else if location != boxContact.location {
      phase = .moved
    }
    boxContact.raw = centre
    boxContact.location = location
    boxContact.pressure = slots[first].pressure
    boxContact.majorAxis = slots[first].majorAxis
    boxContact.toolType = slots[first].toolType
    boxContact.tool = slots[first].tool
    guard phase != .stationary else { return false }
    frame.touches.append(touch(boxContact, phase: phase))
    return emit(at: time)
  }
}
