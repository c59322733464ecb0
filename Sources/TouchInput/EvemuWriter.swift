import TextOutput

/// Writes recordings in the evemu 1.3 text format, as `evemu-record` does.
///
/// The header (`header()`) describes the device: commented summary, then the `N:`, `I:`, `P:`,
/// `B:` and `A:` lines. Each event (`append(_:to:)`) becomes one `E:` line with a decoded
/// comment, for example
/// `E: 0.008321 0003 0035 1452\t# EV_ABS / ABS_MT_POSITION_X    1452`; every `EV_SYN` event
/// carries the milliseconds since the previous one (`+8ms`), as evemu 1.3 prints it.
///
/// Event times are written as given (seconds and microseconds); evemu-record makes the first
/// event `0.000001`, which is the caller's choice here. The writer formats numbers by hand, with
/// no `String(format:)`, and keeps a table of comment prefixes so that a line costs a few appends.
public struct EvemuWriter {
  /// The device the header describes.
  public let device: DeviceDescription
  /// The millisecond of the previous `EV_SYN` event, or `nil` before the first.
  private var lastSyncMilliseconds: Int64?
  /// `"0003 0035 "` for every absolute axis code, by code.
  private let absPrefixes: [String]
  /// `"\t# EV_ABS / ABS_MT_POSITION_X    "` for every absolute axis code, by code.
  private let absComments: [String]
  /// The same two pieces for other types and codes, by `type << 16 | code`, filled as met.
  private var otherPieces: [UInt32: (prefix: String, comment: String)] = [:]

  /// Creates a writer for recordings of `device`.
  public init(device: DeviceDescription) {
    self.device = device
    var prefixes: [String] = []
    var comments: [String] = []
    for code in 0...AbsCode.max {
      prefixes.append(Self.typeAndCode(type: EventType.abs, code: code))
      comments.append(Self.comment(type: EventType.abs, code: code))
    }
    absPrefixes = prefixes
    absComments = comments
  }

  /// Writes a whole recording: the header, then one line per event.
  ///
  /// - Parameters:
  ///   - device: The device the recording comes from.
  ///   - events: The events, in order; times are written as given.
  /// - Returns: The evemu text.
  public static func write(device: DeviceDescription, events: [InputEvent]) -> String {
    var writer = EvemuWriter(device: device)
    var out = writer.header()
    out.reserveCapacity(out.utf8.count + events.count * 64)
    for event in events {
      writer.append(event, to: &out)
    }
    return out
  }

  /// Appends the `E:` line of `event`, with its comment and newline, to `out`.
  ///
  /// - Parameters:
  ///   - event: The event to write.
  ///   - out: The text to append to.
  public mutating func append(_ event: InputEvent, to out: inout String) {
    out += "E: "
    Self.appendTime(event.time, to: &out)
    out += " "
    if event.type == EventType.abs && event.code <= AbsCode.max {
      out += absPrefixes[Int(event.code)]
      Self.appendPaddedDecimal(Int64(event.value), width: 4, to: &out)
      out += absComments[Int(event.code)]
      out += String(event.value)
      out += "\n"
      return
    }
    let key = UInt32(event.type) << 16 | UInt32(event.code)
    let pieces: (prefix: String, comment: String)
    if let known = otherPieces[key] {
      pieces = known
    } else {
      pieces = (
        Self.typeAndCode(type: event.type, code: event.code),
        Self.comment(type: event.type, code: event.code)
      )
      otherPieces[key] = pieces
    }
    out += pieces.prefix
    Self.appendPaddedDecimal(Int64(event.value), width: 4, to: &out)
    if event.type == EventType.syn {
      appendSyncComment(event, to: &out)
    } else {
      out += pieces.comment
      out += String(event.value)
    }
    out += "\n"
  }

  /// Appends the comment of an `EV_SYN` event: `\t# ------------ SYN_REPORT (0) ---------- +8ms`.
  private mutating func appendSyncComment(_ event: InputEvent, to out: inout String) {
    if event.code == SynCode.mtReport {
      let name = KernelNames.codeName(type: event.type, code: event.code)
      out += "\t# ++++++++++++ " + name + " (" + String(event.value) + ") ++++++++++"
      return
    }
    let milliseconds = event.time / 1000
    let delta = milliseconds - (lastSyncMilliseconds ?? milliseconds)
    lastSyncMilliseconds = milliseconds
    if event.code == SynCode.report && event.value == 0 {
      out += "\t# ------------ SYN_REPORT (0) ---------- "
    } else {
      let name = KernelNames.codeName(type: event.type, code: event.code)
      out += "\t# ------------ " + name + " (" + String(event.value) + ") ---------- "
    }
    out += delta < 0 ? "-" : "+"
    out += String(delta.magnitude)
    out += "ms"
  }

  /// `"0003 0035 "`: the type and code as four hex digits each, each followed by a space.
  static func typeAndCode(type: UInt16, code: UInt16) -> String {
    var out = ""
    appendHex(UInt64(type), digits: 4, to: &out)
    out += " "
    appendHex(UInt64(code), digits: 4, to: &out)
    out += " "
    return out
  }

  /// `"\t# EV_ABS / ABS_MT_POSITION_X    "`: the comment up to the value (name padded to 20).
  static func comment(type: UInt16, code: UInt16) -> String {
    var name = KernelNames.codeName(type: type, code: code)
    while name.utf8.count < 20 { name += " " }
    return "\t# " + KernelNames.typeName(type) + " / " + name + " "
  }

  /// Appends `time` as `seconds.micros` with six decimals.
  static func appendTime(_ time: Microseconds, to out: inout String) {
    guard time >= 0 else {
      out += seconds(time)
      return
    }
    out += String(time / 1_000_000)
    out += "."
    appendPaddedDecimal(time % 1_000_000, width: 6, to: &out)
  }

  /// Appends `value` zero-padded to `width` characters, sign included, as C's `%0*d` does
  /// (`-1` with width 4 is `-001`).
  static func appendPaddedDecimal(_ value: Int64, width: Int, to out: inout String) {
    let digits = String(value.magnitude)
    let sign = value < 0 ? 1 : 0
    if sign == 1 { out += "-" }
    var padding = width - sign - digits.utf8.count
    while padding > 0 {
      out += "0"
      padding -= 1
    }
    out += digits
  }

  /// Appends `value` in lowercase hex, zero-padded to at least `digits` digits.
  static func appendHex(_ value: UInt64, digits: Int, to out: inout String) {
    let hex = String(value, radix: 16)
    var padding = digits - hex.utf8.count
    while padding > 0 {
      out += "0"
      padding -= 1
    }
    out += hex
  }
}
