import TouchInput

/// Prints touch changes (`--touches`) as text or JSON Lines.
struct TouchPrinter {
  /// Where lines go.
  let out: OutputBuffer
  /// JSON Lines instead of text.
  let json: Bool

  /// Prints one line per touch that began, moved, ended or was cancelled in `frame`.
  func print(_ frame: TouchFrame, origin: Microseconds) {
    let time = seconds(frame.time - origin)
    for touch in frame.touches where touch.phase != .stationary {
      var line = ""
      if json {
        line = "{\"t\": \(time), \"touch\": \(touch.id.rawValue), \"phase\": \"\(touch.phase)\", \"x\": "
        appendFixed(touch.location.x, places: 2, to: &line)
        line += ", \"y\": "
        appendFixed(touch.location.y, places: 2, to: &line)
        line += "}"
      } else {
        let phase = touch.phase.description
        line = pad(time, 11) + "  touch " + pad(String(touch.id.rawValue), -4) + " "
        line += pad(phase, -10) + "("
        appendFixed(touch.location.x, places: 2, to: &line)
        line += ", "
        appendFixed(touch.location.y, places: 2, to: &line)
        line += ") mm"
      }
      out.line(line)
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
