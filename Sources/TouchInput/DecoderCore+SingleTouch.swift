// Single-touch devices: one contact on ABS_X/ABS_Y (or mapped axes), down while a button is.
extension DecoderCore {
  /// Applies one absolute event to the single contact.
  ///
  /// Positions come from `geometry.xAxis`/`yAxis` (`ABS_X`/`ABS_Y` unless the options map
  /// other axes); other declared axes are only remembered, to suggest a mapping.
  mutating func singleAxis(code: UInt16, value: Int32) {
    if code == geometry.xAxis {
      single.raw.x = value
      single.hasX = true
      single.changed = true
    } else if code == geometry.yAxis {
      single.raw.y = value
      single.hasY = true
      single.changed = true
    } else if code == AbsCode.pressure {
      single.pressure = value
    } else if code < 64 {
      otherAxesSeen |= 1 << UInt64(code)
    }
  }

  /// Notes `BTN_TOUCH` or `BTN_LEFT` (the Elo 2700 sends the latter); either one down is a touch.
  mutating func singleKey(code: UInt16, value: Int32) {
    if code == KeyCode.btnTouch {
      touchKeyDown = value != 0
    } else if code == KeyCode.btnLeft {
      leftKeyDown = value != 0
    } else {
      return
    }
    buttonSeen = true
    single.changed = true
  }

  /// Closes a single-touch frame: the button decides down and up, the axes the position.
  mutating func reportSingle(at time: Microseconds) -> Bool {
    guard single.changed else { return false }
    single.changed = false
    let down = touchKeyDown || leftKeyDown
    if !buttonSeen {
      warnOnce(
        .noButton, at: time,
        "positions change but no BTN_TOUCH or BTN_LEFT has arrived; positions alone are not touches"
      )
      return false
    }
    var phase: TouchPhase
    if single.touchID == 0 {
      guard down else { return false }
      guard single.hasPosition else {
        if !warned.contains(.positionNeverArrives) {
          let message = missingPositionMessage()
          warnOnce(.positionNeverArrives, at: time, message)
        }
        return false
      }
      single.touchID = newTouchID()
      single.location = geometry.map(x: single.raw.x, y: single.raw.y)
      phase = .began
    } else if !down {
      single.location = geometry.map(x: single.raw.x, y: single.raw.y)
      phase = .ended
    } else {
      let location = geometry.map(x: single.raw.x, y: single.raw.y)
      guard location != single.location else { return false }
      single.location = location
      phase = .moved
    }
    Self.clear(&frame.touches)
    frame.touches.append(touch(single, phase: phase))
    if phase == .ended { single.touchID = 0 }
    return emit(at: time)
  }

  /// Explains a touch with no position and suggests the position-like axes that did change,
  /// in the form the command line's `--axes` takes.
  private func missingPositionMessage() -> String {
    let xName = KernelNames.codeName(type: EventType.abs, code: geometry.xAxis)
    let yName = KernelNames.codeName(type: EventType.abs, code: geometry.yAxis)
    var message = "touch down but " + xName + "/" + yName + " never arrived; no touch is reported"
    var changing: [String] = []
    for code in UInt16(0)..<64
    where otherAxesSeen & (1 << UInt64(code)) != 0 && Self.isPositionLike(code) {
      changing.append(KernelNames.codeName(type: EventType.abs, code: code))
    }
    if changing.count >= 2 {
      message +=
        " (the device sends " + changing.joined(separator: ", ")
        + ": if two of them carry the position, map them, e.g. --axes " + changing[0] + ","
        + changing[1] + ")"
    }
    return message
  }

  /// Whether an absolute axis could carry a position: `ABS_X`…`ABS_BRAKE` (0x0a), the hats and the
  /// multi-touch positions; not slots, ids, pressure, distance, tilt, sizes or tool types.
  static func isPositionLike(_ code: UInt16) -> Bool {
    code <= 0x0a || (0x10...0x17).contains(code) || code == AbsCode.mtPositionX
      || code == AbsCode.mtPositionY
  }
}
