// Protocol A: anonymous contacts, each closed by SYN_MT_REPORT, all resent in every frame.
extension DecoderCore {
  /// Applies one absolute event to the contact being described.
  mutating func contactAxis(code: UInt16, value: Int32) {
    frameHasContent = true
    switch code {
    case AbsCode.mtPositionX:
      pendingContact.raw.x = value
      pendingContact.hasX = true
    case AbsCode.mtPositionY:
      pendingContact.raw.y = value
      pendingContact.hasY = true
    case AbsCode.mtPressure:
      pendingContact.pressure = value
    case AbsCode.mtTouchMajor:
      let major = geometry.millimeters(xUnits: value)
      pendingContact.majorAxis = major
      if !declaresToolType { pendingContact.tool = major > palmTouchMajor ? .palm : .finger }
    case AbsCode.mtToolType:
      pendingContact.toolType = value
      pendingContact.tool = TouchTool(kernelToolType: value)
    default:
      break  // tracking ids (mtk-tpd declares 0..0) are not trusted: identity is by distance
    }
  }

  /// Notes `BTN_TOUCH`, which decides whether the frame's contacts are touches at all.
  mutating func contactKey(code: UInt16, value: Int32) {
    frameHasContent = true
    if code == KeyCode.btnTouch { touchButton = value != 0 ? 1 : 0 }
  }

  /// Closes one contact at `SYN_MT_REPORT`; an empty one means "no contacts".
  mutating func closeContact(at time: Microseconds) {
    frameHasContent = true
    defer { pendingContact.clear() }
    guard pendingContact.hasPosition else {
      if pendingContact.pressure != nil || pendingContact.majorAxis != nil || pendingContact.hasX
        || pendingContact.hasY
      {
        warnOnce(.contactWithoutPosition, at: time, "a contact without X and Y was ignored")
      }
      return
    }
    guard contactCount < contacts.count else {
      guard !warned.contains(.tooManyContacts) else { return }
      warnOnce(
        .tooManyContacts, at: time,
        "more than \(contacts.count) contacts in one frame; the rest are ignored")
      return
    }
    contacts[contactCount] = pendingContact
    contactCount += 1
  }

  /// Closes a protocol-A frame: matches its contacts to the previous frame's touches.
  ///
  /// Frames with only `EV_MSC` events are skipped. When the device has sent `BTN_TOUCH`,
  /// contacts while it is 0 are not touches (bcm5974 keeps reporting a hovering finger).
  /// Matching is greedy, closest pair first, up to `maximumContactJump`.
  mutating func reportContacts(at time: Microseconds) -> Bool {
    guard frameHasContent else { return false }
    frameHasContent = false
    if pendingContact.hasPosition { closeContact(at: time) }  // last SYN_MT_REPORT omitted
    pendingContact.clear()
    if touchButton == 0 { contactCount = 0 }
    for index in 0..<contactCount {
      contacts[index].location = geometry.map(x: contacts[index].raw.x, y: contacts[index].raw.y)
      contactTaken[index] = false
    }
    matchContactsToTracks()
    Self.clear(&frame.touches)
    var changed = false
    var kept = 0
    for index in 0..<trackCount {
      let match = contactForTrack[index]
      guard match >= 0 else {
        frame.touches.append(touch(tracks[index], phase: .ended))
        changed = true
        continue
      }
      var next = contacts[match]
      next.touchID = tracks[index].touchID
      let moved = next.location != tracks[index].location
      changed = changed || moved
      frame.touches.append(touch(next, phase: moved ? .moved : .stationary))
      spareTracks[kept] = next
      kept += 1
    }
    for index in 0..<contactCount where !contactTaken[index] && kept < spareTracks.count {
      contacts[index].touchID = newTouchID()
      frame.touches.append(touch(contacts[index], phase: .began))
      spareTracks[kept] = contacts[index]
      kept += 1
      changed = true
    }
    swap(&tracks, &spareTracks)
    trackCount = kept
    contactCount = 0
    guard changed else { return false }
    Self.sortByID(&frame.touches)
    return emit(at: time)
  }

  /// Fills `contactForTrack` (-1: lifted) and `contactTaken`, closest pairs first.
  private mutating func matchContactsToTracks() {
    for index in 0..<trackCount { contactForTrack[index] = -1 }
    let limit = Self.maximumContactJump * Self.maximumContactJump
    while true {
      var best = limit
      var bestTrack = -1
      var bestContact = -1
      for track in 0..<trackCount where contactForTrack[track] < 0 {
        let from = tracks[track].location
        for contact in 0..<contactCount where !contactTaken[contact] {
          let dx = contacts[contact].location.x - from.x
          let dy = contacts[contact].location.y - from.y
          let distance = dx * dx + dy * dy
          if distance <= best {
            best = distance
            bestTrack = track
            bestContact = contact
          }
        }
      }
      guard bestTrack >= 0 else { return }
      contactForTrack[bestTrack] = bestContact
      contactTaken[bestContact] = true
    }
  }
}
