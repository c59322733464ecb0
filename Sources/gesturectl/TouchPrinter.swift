import TextOutput
import TouchInput

/// Prints touch changes (`--touches`) as text or JSON Lines.
struct TouchPrinter {
  /// Where lines go.
  let out: ByteSink
  /// JSON Lines instead of text.
  let json: Bool
  /// `"file": "…", ` put first in every JSON object, when several files are replayed.
  let jsonFilePrefix: String?

  /// Creates a printer writing to `out`; `file` names the recording in JSON objects.
  init(out: ByteSink, json: Bool, file: String?) {
    self.out = out
    self.json = json
    jsonFilePrefix = file.map { "\"file\": " + jsonString($0) + ", " }
  }

  /// Prints one line per touch that began, moved, ended or was cancelled in `frame`.
  func print(_ frame: TouchFrame, origin: Microseconds) {
    for touch in frame.touches where touch.phase != .stationary {
      if json {
        out.put("{")
        if let jsonFilePrefix { out.put(text: jsonFilePrefix) }
        out.put("\"t\": ")
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
        out.pad(from: start, to: 25)
        out.put(text: touch.phase.description)
        out.pad(from: start, to: 37)
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
