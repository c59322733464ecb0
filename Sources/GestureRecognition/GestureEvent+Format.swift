import TouchInput

// Output formats of a gesture event. Millimetres print with 2 decimals, mm/s with 1, scale,
// radians and their velocities with 3; times are seconds since an origin with 6 decimals.

extension GestureEvent {
  /// One JSON Lines object (no newline): keys `t`, `gesture`, `state`, `touches`, `x`, `y`,
  /// `taps`, `direction`, `translation`, `velocity`, `scale`, `rotation` in that order, each only
  /// where it applies.
  ///
  /// - Parameter origin: The event time printed as `t = 0`.
  public func json(origin: Microseconds) -> String {
    var out = "{\"t\": "
    out += seconds(time - origin)
    out += ", \"gesture\": \"" + kind.description + "\", \"state\": \"" + state.description
    out += "\", \"touches\": " + String(touches) + ", \"x\": "
    appendFixed(location.x, places: 2, to: &out)
    out += ", \"y\": "
    appendFixed(location.y, places: 2, to: &out)
    if let taps { out += ", \"taps\": " + String(taps) }
    if let direction { out += ", \"direction\": \"" + direction.description + "\"" }
    if let translation {
      out += ", \"translation\": "
      appendPair(translation, places: 2, open: "[", close: "]", to: &out)
    }
    if let velocity {
      out += ", \"velocity\": "
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, open: "[", close: "]", to: &out)
      case .scalar(let v): appendFixed(v, places: 3, to: &out)
      }
    }
    if let scale {
      out += ", \"scale\": "
      appendFixed(scale, places: 3, to: &out)
    }
    if let rotation {
      out += ", \"rotation\": "
      appendFixed(rotation, places: 3, to: &out)
    }
    out += "}"
    return out
  }

  /// One human-readable line, e.g.
  /// `  1.234567  swipe      recognized  touches=1 at (12.30, 45.60) direction=left …`.
  ///
  /// - Parameter origin: The event time printed as `0.000000`.
  public func text(origin: Microseconds) -> String {
    var out = ""
    let time = seconds(time - origin)
    for _ in time.utf8.count..<10 { out += " " }
    out += time + "  "
    pad(kind.description, to: 11, into: &out)
    pad(state.description, to: 12, into: &out)
    out += "touches=" + String(touches) + " at "
    appendPair(PlaneVector(dx: location.x, dy: location.y), places: 2, to: &out)
    if let taps { out += " taps=" + String(taps) }
    if let direction { out += " direction=" + direction.description }
    if let translation {
      out += " translation="
      appendPair(translation, places: 2, to: &out)
    }
    if let velocity {
      out += " velocity="
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, to: &out)
      case .scalar(let v): appendFixed(v, places: 3, to: &out)
      }
    }
    if let scale {
      out += " scale="
      appendFixed(scale, places: 3, to: &out)
    }
    if let rotation {
      out += " rotation="
      appendFixed(rotation, places: 3, to: &out)
    }
    return out
  }
}

private func pad(_ word: String, to width: Int, into out: inout String) {
  out += word
  var count = word.utf8.count
  repeat {
    out += " "
    count += 1
  } while count < width
}

private func appendPair(
  _ v: PlaneVector, places: Int, open: String = "(", close: String = ")", to out: inout String
) {
  out += open
  appendFixed(v.dx, places: places, to: &out)
  out += ", "
  appendFixed(v.dy, places: places, to: &out)
  out += close
}
