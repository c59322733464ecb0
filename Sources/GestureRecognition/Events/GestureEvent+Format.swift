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

  /// Writes `json(origin:)` into a sink (the printers' hot path: one append to the sink).
  ///
  /// - Parameters:
  ///   - origin: The event time printed as `t = 0`.
  ///   - firstFields: JSON members to put first, each followed by `, ` (a printer's
  ///     `"file": "…", `), or empty.
  ///   - out: The sink.
  public func writeJSON(origin: Microseconds, firstFields: String = "", to out: ByteSink) {
    out.append(atMost: outputBound + firstFields.utf8.count) { line in
      writeJSON(origin: origin, firstFields: firstFields, to: &line)
    }
  }

  /// Writes `json(origin:)` into a buffer, `firstFields` (each followed by `, `) first.
  ///
  /// The printers' hottest code (one call per event of a replay): every piece goes through
  /// one `WordPacker`, which keeps the word being filled out of the span and stores each
  /// completed word once.
  public func writeJSON(
    origin: Microseconds, firstFields: String = "", to line: inout OutputSpan<UInt64>
  ) {
    let pieces = formatPieces
    var out = WordPacker(continuing: &line)
    if firstFields.isEmpty {
      out.put(pieces.jsonTime, to: &line)
    } else {
      out.put(UInt8(ascii: "{"), to: &line)
      out.put(text: firstFields, to: &line)
      out.put(pieces.jsonTimeKey, to: &line)
    }
    out.put(seconds: time - origin, to: &line)
    out.put(pieces.jsonGesture, to: &line)
    out.put(kind.name, to: &line)
    out.put(pieces.jsonStates[Int(state.rawValue)], to: &line)
    out.put(pieces.jsonTouches, to: &line)
    out.put(integer: touches, to: &line)
    out.put(pieces.jsonX, to: &line)
    out.put(fixed: location.x, places: 2, to: &line)
    out.put(pieces.jsonY, to: &line)
    out.put(fixed: location.y, places: 2, to: &line)
    if let taps {
      out.put(pieces.jsonTaps, to: &line)
      out.put(integer: taps, to: &line)
    }
    if let direction {
      out.put(pieces.jsonDirection, to: &line)
      out.put(direction.name, to: &line)
      out.put(UInt8(ascii: "\""), to: &line)
    }
    if let edge {
      out.put(pieces.jsonEdge, to: &line)
      out.put(edge.name, to: &line)
      out.put(UInt8(ascii: "\""), to: &line)
    }
    if let translation {
      out.put(pieces.jsonTranslation, to: &line)
      putJSONPair(translation, places: 2, to: &out, &line)
    }
    if let velocity {
      out.put(pieces.jsonVelocity, to: &line)
      switch velocity {
      case .planar(let v): putJSONPair(v, places: 1, to: &out, &line)
      case .scalar(let v): out.put(fixed: v, places: 3, to: &line)
      }
    }
    if let scale {
      out.put(pieces.jsonScale, to: &line)
      out.put(fixed: scale, places: 3, to: &line)
    }
    if let rotation {
      out.put(pieces.jsonRotation, to: &line)
      out.put(fixed: rotation, places: 3, to: &line)
    }
    out.put(UInt8(ascii: "}"), to: &line)
    out.finish(&line)
  }

  /// Writes `text(origin:)` into a sink (the printers' hot path: one append to the sink).
  public func writeText(origin: Microseconds, to out: ByteSink) {
    out.append(atMost: outputBound) { line in
      writeText(origin: origin, to: &line)
    }
  }

  /// Writes `text(origin:)` into a buffer (its columns count from where the line starts).
  public func writeText(origin: Microseconds, to line: inout OutputSpan<UInt64>) {
    let start = line.byteCount
    line.put(seconds: time - origin, width: 11)
    line.put(spaces: 2)
    // Bytes beyond the columns they fill (a multi-byte character counts once).
    let wide = putName(kind.displayName, from: start, to: &line)
    line.put(state.name)
    line.pad(from: start, to: 37 + wide)
    line.put(integer: touches)
    line.put(touches == 1 ? " touch at " : " touches at ")
    appendPair(PlaneVector(dx: location.x, dy: location.y), places: 2, to: &line)
    if let taps {
      line.put(" taps=")
      line.put(integer: taps)
    }
    if let direction {
      line.put(" direction=")
      line.put(direction.name)
    }
    if let edge {
      line.put(" edge=")
      line.put(edge.name)
    }
    if let translation {
      line.put(" translation=")
      appendPair(translation, places: 2, to: &line)
    }
    if let velocity {
      line.put(" velocity=")
      switch velocity {
      case .planar(let v): appendPair(v, places: 1, to: &line)
      case .scalar(let v): line.put(fixed: v, places: 3)
      }
    }
    if let scale {
      line.put(" scale=")
      line.put(fixed: scale, places: 3)
    }
    if let rotation {
      line.put(" rotation=")
      line.put(fixed: rotation, places: 3)
    }
  }
}

extension GestureEvent {
  /// The most bytes `writeJSON` (without `firstFields`) or `writeText` writes: the keys and
  /// words (under 200 bytes), at most 12 numbers, the names of the kind (in either form), the
  /// state, the direction and the edge.
  public var outputBound: Int {
    256 + 12 * OutputSpan<UInt64>.longestNumber + kind.name.utf8CodeUnitCount
      + kind.displayName.utf8CodeUnitCount + 64
  }
}

/// The keys every JSON line repeats, packed once (`PackedText`): appending one is a few word
/// shifts instead of a byte-by-byte copy. A class, so a line reads the one shared instance
/// instead of copying every piece.
private final class FormatPieces: Sendable {
  let jsonTime = PackedText("{\"t\": ")
  let jsonTimeKey = PackedText("\"t\": ")
  let jsonGesture = PackedText(", \"gesture\": \"")
  /// The state member, with the quote that closes the kind's name, by `GestureState.rawValue`.
  let jsonStates = [
    PackedText("\", \"state\": \"possible"), PackedText("\", \"state\": \"began"),
    PackedText("\", \"state\": \"changed"), PackedText("\", \"state\": \"ended"),
    PackedText("\", \"state\": \"cancelled"), PackedText("\", \"state\": \"failed"),
    PackedText("\", \"state\": \"recognized"),
  ]
  let jsonTouches = PackedText("\", \"touches\": ")
  let jsonX = PackedText(", \"x\": ")
  let jsonY = PackedText(", \"y\": ")
  let jsonTaps = PackedText(", \"taps\": ")
  let jsonDirection = PackedText(", \"direction\": \"")
  let jsonEdge = PackedText(", \"edge\": \"")
  let jsonTranslation = PackedText(", \"translation\": ")
  let jsonVelocity = PackedText(", \"velocity\": ")
  let jsonScale = PackedText(", \"scale\": ")
  let jsonRotation = PackedText(", \"rotation\": ")
}

/// The pieces, packed on first use.
private let formatPieces = FormatPieces()

/// Writes a kind's human name in the text line's 11-column field and pads to the state's
/// column (the line began at `start`): a longer name is cut to 10 characters and "…"
/// (``GestureEvent/json(origin:)`` keeps the whole identifier). Returns the bytes written
/// beyond the columns filled (multi-byte characters), for the padding after the state.
private func putName(_ name: StaticString, from start: Int, to line: inout OutputSpan<UInt64>)
  -> Int
{
  let short = name.withUTF8Buffer { $0.count <= 11 && $0.allSatisfy { $0 < 0x80 } }
  if short {
    line.put(name)
    line.pad(from: start, to: 25)
    return 0
  }
  let text = name.description
  let shown = text.count <= 11 ? text : String(text.prefix(10)) + "…"
  line.put(text: shown)
  let wide = shown.utf8.count - shown.count
  line.pad(from: start, to: 25 + wide)
  return wide
}

/// `[dx, dy]` for JSON, through the line's packer.
private func putJSONPair(
  _ v: PlaneVector, places: Int, to out: inout WordPacker, _ line: inout OutputSpan<UInt64>
) {
  out.put(UInt8(ascii: "["), to: &line)
  out.put(fixed: v.dx, places: places, to: &line)
  out.put(word: 0x202C, length: 2, to: &line)  // ", "
  out.put(fixed: v.dy, places: places, to: &line)
  out.put(UInt8(ascii: "]"), to: &line)
}

/// `(dx, dy)` for text (JSON's `[dx, dy]` is `putJSONPair`).
private func appendPair(_ v: PlaneVector, places: Int, to out: inout OutputSpan<UInt64>) {
  out.put(UInt8(ascii: "("))
  out.put(fixed: v.dx, places: places)
  out.put(", ")
  out.put(fixed: v.dy, places: places)
  out.put(UInt8(ascii: ")"))
}
