import TouchInput

/// Prints touch changes (`--touches`) as text or JSON Lines.
struct TouchPrinter {
  /// Where lines go.
  let out: ByteSink
  /// JSON Lines instead of text.
  let json: Bool

  /// Prints one line per touch that began, moved, ended or was cancelled in `frame`.
  func print(_ frame: TouchFrame, origin: Microseconds) {
    for touch in frame.touches where touch.phase != .stationary {
      if json {
        out.put("{\"t\": ")
        out.put(seconds: frame.time - origin)
        out.put(", \"touch\": ")
        out.put(integer: touch.id.rawValue)
        out.put(", \"phase\": \"")
        out.put(text: touch.phase.description)
        out.put("\", \"x\": ")
        out.put(fixed: touch.location.x, places: 2)
        out.put(", \"y\": ")
        out.put(fixed: touch.location.y, places: 2)
        if touch.tool != .finger {
          out.put(", \"tool\": \"")
          out.put(text: touch.tool.description)
          out.put("\"")
        }
        out.put("}")
      } else {
        let start = out.count
        out.put(seconds: frame.time - origin, width: 11)
        out.put("  touch ")
        out.put(integer: touch.id.rawValue)
        out.pad(from: start, to: 24)
        out.put(text: touch.phase.description)
        out.pad(from: start, to: 34)
        out.put("(")
        out.put(fixed: touch.location.x, places: 2)
        out.put(", ")
        out.put(fixed: touch.location.y, places: 2)
        out.put(") mm")
        if touch.tool != .finger {
          out.put("  ")
          out.put(text: touch.tool.description)
        }
      }
      out.endLine()
    }
  }
}
