// Cancelling touches: SYN_DROPPED, the end of input, a vanished device.
extension DecoderCore {
  /// End of input: warns about an incomplete last frame (events after the last `SYN_REPORT`)
  /// and returns a frame that cancels every touch still down (nil if none).
  public mutating func finish() -> TouchFrame? {
    finishFrame() ? frame : nil
  }

  /// `finish()`, with the frame (if any, when true) left in `frame`.
  public mutating func finishFrame() -> Bool {
    if eventsSinceReport > 0 {
      warn(
        at: max(latestEventTime, lastFrameTime),
        "last frame has no SYN_REPORT: \(eventsSinceReport) events ignored")
      eventsSinceReport = 0
    }
    dropping = false
    return cancelTouches(at: max(latestEventTime, lastFrameTime))
  }

  /// Cancels every active touch at `time` (device vanished, Ctrl-C); nil if none.
  ///
  /// Each touch is reported at its latest raw position. Touches that lifted in a frame not yet
  /// closed are cancelled too. Afterwards the decoder
  /// starts afresh: a slot or button still down does not bring a cancelled touch back.
  public mutating func cancelAll(at time: Microseconds) -> TouchFrame? {
    cancelTouches(at: time) ? frame : nil
  }

  /// `cancelAll(at:)`, with the frame (if any, when true) left in `frame`.
  public mutating func cancelTouches(at time: Microseconds) -> Bool {
    let time = frameTime(time)
    frame.touches.removeAll(keepingCapacity: true)
    for var pending in terminal {
      pending.phase = .cancelled
      frame.touches.append(pending)
    }
    terminal.removeAll(keepingCapacity: true)
    for index in 0..<slotsInUse {
      if slots[index].touchID != 0 {
        slots[index].location = geometry.map(x: slots[index].raw.x, y: slots[index].raw.y)
        frame.touches.append(touch(slots[index], phase: .cancelled))
      }
      slots[index].touchID = 0
      slots[index].trackingID = -1
      slots[index].changed = false
    }
    slotsDirty = false
    if boxContact.touchID != 0 { frame.touches.append(touch(boxContact, phase: .cancelled)) }
    boxContact.clear()
    for index in 0..<trackCount { frame.touches.append(touch(tracks[index], phase: .cancelled)) }
    trackCount = 0
    contactCount = 0
    pendingContact.clear()
    touchButton = -1
    frameHasContent = false
    if single.touchID != 0 {
      single.location = geometry.map(x: single.raw.x, y: single.raw.y)
      frame.touches.append(touch(single, phase: .cancelled))
    }
    single.touchID = 0
    single.changed = false
    touchKeyDown = false
    leftKeyDown = false
    guard !frame.touches.isEmpty else { return false }
    Self.sortByID(&frame.touches)
    return emit(at: time)
  }

  /// Feeds the state a live device was in when it was opened (its slots with a tracking id, as
  /// libevdev read them), stamped `time` and closed by a `SYN_REPORT`: the touches it begins
  /// are marked `startSeen == false` (their landing was not seen). Returns whether a frame
  /// completed (then in `frame`).
  public mutating func feedState(_ events: [InputEvent], at time: Microseconds) -> Bool {
    feedingState = true
    defer { feedingState = false }
    for var event in events {
      event.time = time
      _ = feed(event)
    }
    return feed(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
  }

  /// Ends a `SYN_DROPPED` gap at its `SYN_REPORT`, as libevdev's sync does: the events after
  /// the drop were discarded, and the touches go on with the state that follows (a touch whose
  /// tracking id is unchanged moves, one whose slot gets -1 ends, a new id begins a touch).
  /// Nothing is reported here: values set before the drop stay pending for the next frame.
  mutating func endDrop(at time: Microseconds) -> Bool {
    dropping = false
    // Protocol A: the contacts of the cut frame are incomplete; the next frame resends all.
    contactCount = 0
    pendingContact.clear()
    frameHasContent = false
    warn(
      at: time,
      "SYN_DROPPED: events were lost; the rest of that frame was ignored and the touches "
        + "continue with the state that follows")
    return false
  }
}
