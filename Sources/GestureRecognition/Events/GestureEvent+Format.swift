import TextOutput
import TouchInput

// Output formats of a gesture event. Millimetres print with 2 decimals, mm/s with 1, scale,
// radians and their velocities with 3; times are seconds since an origin with 6 decimals.

extension GestureEvent {
  /// One JSON Lines object (no newline): keys `t`, `gesture`, `state`, `touches`, `x`, `y`,
  /// `taps`, `direction`, `edge`, `translation`, `velocity`, `scale`, `rotation` in that order,
  /// each only where it applies.
  ///
  /// - Parameter origin: The event time printed as `t = 0`.
  public func json(origin: Microseconds) -> String {
    let sink = ByteSink()
    writeJSON(origin: origin, to: sink)
    return sink.text
  }

  /// One human-readable line, e.g.
  /// `   1.234567  swipe       recognized  1 touch at (12.30, 45.60) direction=left …` (the
  /// time right-aligned in 11 columns as the CLI's other text lines, the kind's human name
  /// such as `long press`, the touches counted in words). A name longer than its 11 columns
  /// (a custom kind's `two-finger hold drag`) is cut to 10 characters and `…`, so the state
  /// and the values stay in their columns; ``json(origin:)`` keeps the whole identifier.
  ///
  /// - Parameter origin: The event time printed as `0.000000`.
  public func text(origin: Microseconds) -> String {
    let sink = ByteSink()
    writeText(origin: origin, to: sink)
    return sink.text
  }

  /// Writes `json(origin:)` into a sink (the printers' hot path).
  public func writeJSON(origin: Microseconds, to out: ByteSink) {
    out.put("{\"t\": ")
    out.put(seconds: time - origin)
    out.put(", \"gesture\": \"")
    out.put(kind.name)
    out.put("\", \"state\": \"")
    out.put(state.name)
    out.put("\", \"touches\": ")
    out.put(integer: touches)
    out.put(", \"x\": ")
    out.put(fixed: location.x, places: 2)
    out.put(", \"y\": ")
    out.put(fixed: location.y, places: 2)
    if let taps {
      out.put(", \"taps\": ")
      out.put(integer: taps)
    }
    if let direction {
      out.put(", \"direction\": \"")
      out.put(direction.name)
      out.put("\"")
    }
    if let edge {
      out.put(", \"edge\": \"")
      out.put(edge.name)
      out.put("\"")
    }
    if let translation {
      out.put(", \"translation\": ")
      appendPair(translation, places: 2, brackets: true, to: out)
    }
    if let velocity {
      out.put(", \"velocity\": ")
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, brackets: true, to: out)
      case .scalar(let v): out.put(fixed: v, places: 3)
      }
    }
    if let scale {
      out.put(", \"scale\": ")
      out.put(fixed: scale, places: 3)
    }
    if let rotation {
      out.put(", \"rotation\": ")
      out.put(fixed: rotation, places: 3)
    }
    out.put("}")
  }

  /// Writes `text(origin:)` into a sink (the printers' hot path).
  public func writeText(origin: Microseconds, to out: ByteSink) {
    let start = out.count
    out.put(seconds: time - origin, width: 11)
    out.put("  ")
    // Bytes beyond the columns they fill (a multi-byte character counts once).
    let wide = putName(kind.displayName, lineStart: start, to: out)
    out.put(state.name)
    out.pad(from: start + wide, to: 37)
    out.put(integer: touches)
    out.put(touches == 1 ? " touch at " : " touches at ")
    appendPair(PlaneVector(dx: location.x, dy: location.y), places: 2, brackets: false, to: out)
    if let taps {
      out.put(" taps=")
      out.put(integer: taps)
    }
    if let direction {
      out.put(" direction=")
      out.put(direction.name)
    }
    if let edge {
      out.put(" edge=")
      out.put(edge.name)
    }
    if let translation {
      out.put(" translation=")
      appendPair(translation, places: 2, brackets: false, to: out)
    }
    if let velocity {
      out.put(" velocity=")
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, brackets: false, to: out)
      case .scalar(let v): out.put(fixed: v, places: 3)
      }
    }
    if let scale {
      out.put(" scale=")
      out.put(fixed: scale, places: 3)
    }
    if let rotation {
      out.put(" rotation=")
      out.put(fixed: rotation, places: 3)
    }
  }
}

/// Writes a kind's human name in the text line's 11-column field and pads to the state's
/// column: a longer name is cut to 10 characters and "…". Returns the bytes written beyond the
/// columns filled (multi-byte characters), for the padding after the state.
private func putName(_ name: StaticString, lineStart: Int, to out: ByteSink) -> Int {
  let short = name.withUTF8Buffer { $0.count <= 11 && $0.allSatisfy { $0 < 0x80 } }
  if short {
    out.put(name)
    out.pad(from: lineStart, to: 25)
    return 0
  }
  let text = name.description
  let shown = text.count <= 11 ? text : String(text.prefix(10)) + "…"
  let before = out.count
  out.put(text: shown)
  let wide = out.count - before - shown.count
  out.pad(from: lineStart + wide, to: 25)
  return wide
}

/// `[dx, dy]` (JSON) or `(dx, dy)` (text).
private func appendPair(_ v: PlaneVector, places: Int, brackets: Bool, to out: ByteSink) {
  out.put(brackets ? UInt8(ascii: "[") : UInt8(ascii: "("))
  out.put(fixed: v.dx, places: places)
  out.put(", ")
  out.put(fixed: v.dy, places: places)
  out.put(brackets ? UInt8(ascii: "]") : UInt8(ascii: ")"))
}
