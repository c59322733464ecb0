import GestureRecognition
import TextOutput
import TouchInput

/// When the readable text view prints a `changed` line of a continuous gesture: only once it has
/// moved on by one of these steps since the last line printed for it, and not sooner than
/// `interval` after that line. The README documents the rule; `--every-frame` prints them all.
///
/// These are reading choices, not recognition thresholds, and come from no reference
/// (`Docs/Gestures.md`, Output, says why these values).
enum ReadableSteps {
  /// The centroid moved this far, in mm (a fingertip is about 10 mm wide).
  static let distance: Millimeters = 10
  /// The scale changed by this factor (up or down).
  static let scaleFactor = 1.25
  /// The rotation changed by this angle, in radians (15°).
  static let angle = 15 * Double.pi / 180
  /// The shortest time between two `changed` lines of one gesture, in µs (0.25 s).
  static let interval: Microseconds = 250_000
}

/// Prints gesture events as JSON Lines (every event, unchanged) or as readable text: discrete
/// gestures, `began`, a `changed` line only when the gesture moved on by a `ReadableSteps` step
/// (every one with `everyFrame`), and `ended`/`cancelled` with the gesture's `duration=` in s.
final class GesturePrinter {
  /// What was last printed of one continuous gesture in progress.
  private struct Shown {
    var began: Microseconds
    var time: Microseconds
    var location: MillimeterPoint
    var touches: Int
    var scale: Double?
    var rotation: Double?

    init(_ event: GestureEvent, began: Microseconds) {
      self.began = began
      time = event.time
      location = event.location
      touches = event.touches
      scale = event.scale
      rotation = event.rotation
    }
  }

  private let out: ByteSink
  private let json: Bool
  private let everyFrame: Bool
  /// `"file": "…", ` to put first in every JSON object when several files are replayed, or
  /// empty.
  private let jsonFilePrefix: String
  /// The UTF-8 length of `jsonFilePrefix`, counted once rather than for every line.
  private let jsonFilePrefixCount: Int
  /// The continuous gestures in progress and what was last printed of each: a few at a time,
  /// so a list searched from the end (no hashing per event, as a dictionary would).
  private var shown: [(recognizer: ObjectIdentifier, shown: Shown)] = []

  /// Creates a printer writing to `out`; `file` names the recording in JSON objects.
  init(out: ByteSink, settings: PipelineSettings, file: String?) {
    self.out = out
    json = settings.json
    everyFrame = settings.everyFrame
    jsonFilePrefix = file.map { "\"file\": " + jsonString($0) + ", " } ?? ""
    jsonFilePrefixCount = jsonFilePrefix.utf8.count
  }

  /// Prints `event` of `recognizer`, or nothing when the readable view skips it.
  func print(_ event: GestureEvent, of recognizer: AnyObject, origin: Microseconds) {
    if json {
      out.appendLine(atMost: event.outputBound + jsonFilePrefixCount) {
        event.writeJSON(origin: origin, firstFields: jsonFilePrefix, to: &$0)
      }
      return
    }
    let key = ObjectIdentifier(recognizer)
    var began: Microseconds?
    switch event.state {
    case .began:
      if let index = entry(of: key) { shown.remove(at: index) }
      shown.append((key, Shown(event, began: event.time)))
    case .changed:
      // Every frame: only the start matters (for `duration=`), kept since `began`.
      if !everyFrame, let index = entry(of: key) {
        let last = shown[index].shown
        guard movedOn(event, since: last) else { return }
        shown[index].shown = Shown(event, began: last.began)
      }
    case .ended, .cancelled:
      if let index = entry(of: key) { began = shown.remove(at: index).shown.began }
    default:
      break
    }
    // The duration: 10 bytes and a number.
    out.appendLine(atMost: event.outputBound + 10 + OutputSpan<UInt64>.longestNumber) { line in
      event.writeText(origin: origin, to: &line)
      if let began {
        line.put(" duration=")
        line.put(fixed: Double(event.time - began) / 1e6, places: 3)
      }
    }
  }

  /// The index in `shown` of the gesture of `recognizer`, if it is in progress.
  private func entry(of recognizer: ObjectIdentifier) -> Int? {
    shown.lastIndex { $0.recognizer == recognizer }
  }

  /// Whether a `changed` event moved on enough since the last line printed for its gesture.
  private func movedOn(_ event: GestureEvent, since last: Shown) -> Bool {
    guard event.time - last.time >= ReadableSteps.interval else { return false }
    if event.touches != last.touches { return true }
    let dx = event.location.x - last.location.x
    let dy = event.location.y - last.location.y
    if (dx * dx + dy * dy).squareRoot() >= ReadableSteps.distance { return true }
    if let scale = event.scale, let previous = last.scale, scale > 0, previous > 0 {
      let factor = max(scale / previous, previous / scale)
      if factor >= ReadableSteps.scaleFactor { return true }
    }
    if let rotation = event.rotation, let previous = last.rotation,
      abs(rotation - previous) >= ReadableSteps.angle
    {
      return true
    }
    return false
  }
}

/// `text` as a JSON string literal (quotes, backslashes and control characters escaped).
func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    case "\r": out += "\\r"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
