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
    var bytes: [UInt8] = []
    writeJSON(origin: origin, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One human-readable line, e.g.
  /// `  1.234567  swipe      recognized  touches=1 at (12.30, 45.60) direction=left …`.
  ///
  /// - Parameter origin: The event time printed as `0.000000`.
  public func text(origin: Microseconds) -> String {
    var bytes: [UInt8] = []
    writeText(origin: origin, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `json(origin:)` to a byte buffer (the printers' hot path).
  public func writeJSON(origin: Microseconds, to out: inout [UInt8]) {
    out.appendLiteral("{\"t\": ")
    out.appendSeconds(time - origin)
    out.appendLiteral(", \"gesture\": \"")
    out.appendText(kind.description)
    out.appendLiteral("\", \"state\": \"")
    out.appendText(state.description)
    out.appendLiteral("\", \"touches\": ")
    out.appendInteger(touches)
    out.appendLiteral(", \"x\": ")
    out.appendFixed(location.x, places: 2)
    out.appendLiteral(", \"y\": ")
    out.appendFixed(location.y, places: 2)
    if let taps {
      out.appendLiteral(", \"taps\": ")
      out.appendInteger(taps)
    }
    if let direction {
      out.appendLiteral(", \"direction\": \"")
      out.appendText(direction.description)
      out.appendLiteral("\"")
    }
    if let translation {
      out.appendLiteral(", \"translation\": ")
      appendPair(translation, places: 2, brackets: true, to: &out)
    }
    if let velocity {
      out.appendLiteral(", \"velocity\": ")
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, brackets: true, to: &out)
      case .scalar(let v): out.appendFixed(v, places: 3)
      }
    }
    if let scale {
      out.appendLiteral(", \"scale\": ")
      out.appendFixed(scale, places: 3)
    }
    if let rotation {
      out.appendLiteral(", \"rotation\": ")
      out.appendFixed(rotation, places: 3)
    }
    out.appendLiteral("}")
  }

  /// Appends `text(origin:)` to a byte buffer (the printers' hot path).
  public func writeText(origin: Microseconds, to out: inout [UInt8]) {
    let start = out.count
    let timeStart = out.count
    out.appendSeconds(time - origin)
    let timeWidth = out.count - timeStart
    if timeWidth < 10 {
      // Right-align the time in 10 columns.
      out.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 10 - timeWidth), at: timeStart)
    }
    out.appendLiteral("  ")
    out.appendText(kind.description)
    out.padColumn(from: start, to: 23)
    out.appendText(state.description)
    out.padColumn(from: start, to: 35)
    out.appendLiteral("touches=")
    out.appendInteger(touches)
    out.appendLiteral(" at ")
    appendPair(PlaneVector(dx: location.x, dy: location.y), places: 2, brackets: false, to: &out)
    if let taps {
      out.appendLiteral(" taps=")
      out.appendInteger(taps)
    }
    if let direction {
      out.appendLiteral(" direction=")
      out.appendText(direction.description)
    }
    if let translation {
      out.appendLiteral(" translation=")
      appendPair(translation, places: 2, brackets: false, to: &out)
    }
    if let velocity {
      out.appendLiteral(" velocity=")
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, brackets: false, to: &out)
      case .scalar(let v): out.appendFixed(v, places: 3)
      }
    }
    if let scale {
      out.appendLiteral(" scale=")
      out.appendFixed(scale, places: 3)
    }
    if let rotation {
      out.appendLiteral(" rotation=")
      out.appendFixed(rotation, places: 3)
    }
  }
}

/// `[dx, dy]` (JSON) or `(dx, dy)` (text).
private func appendPair(_ v: PlaneVector, places: Int, brackets: Bool, to out: inout [UInt8]) {
  out.append(brackets ? UInt8(ascii: "[") : UInt8(ascii: "("))
  out.appendFixed(v.dx, places: places)
  out.appendLiteral(", ")
  out.appendFixed(v.dy, places: places)
  out.append(brackets ? UInt8(ascii: "]") : UInt8(ascii: ")"))
}
