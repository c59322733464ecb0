import TouchInput

/// Prints touch changes (`--touches`) as text or JSON Lines.
struct TouchPrinter {
  /// Where lines go.
  let out: OutputBuffer
  /// JSON Lines instead of text.
  let json: Bool

  /// Prints one line per touch that began, moved, ended or was cancelled in `frame`.
  func print(_ frame: TouchFrame, origin: Microseconds) {
    for touch in frame.touches where touch.phase != .stationary {
      out.writeLine { line in
        if json {
          line.appendLiteral("{\"t\": ")
          line.appendSeconds(frame.time - origin)
          line.appendLiteral(", \"touch\": ")
          line.appendInteger(touch.id.rawValue)
          line.appendLiteral(", \"phase\": \"")
          line.appendText(touch.phase.description)
          line.appendLiteral("\", \"x\": ")
          line.appendFixed(touch.location.x, places: 2)
          line.appendLiteral(", \"y\": ")
          line.appendFixed(touch.location.y, places: 2)
          line.appendLiteral("}")
        } else {
          let start = line.count
          line.appendText(pad(seconds(frame.time - origin), 11))
          line.appendLiteral("  touch ")
          line.appendInteger(touch.id.rawValue)
          line.padColumn(from: start, to: 24)
          line.appendText(touch.phase.description)
          line.padColumn(from: start, to: 34)
          line.appendLiteral("(")
          line.appendFixed(touch.location.x, places: 2)
          line.appendLiteral(", ")
          line.appendFixed(touch.location.y, places: 2)
          line.appendLiteral(") mm")
        }
      }
    }
  }
}

/// Pads `text` with spaces to `width` columns: on the left for positive widths (right
/// alignment), on the right for negative widths (left alignment).
func pad(_ text: String, _ width: Int) -> String {
  let missing = abs(width) - text.count
  guard missing > 0 else { return text }
  let spaces = String(repeating: " ", count: missing)
  return width > 0 ? spaces + text : text + spaces
}
