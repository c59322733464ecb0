/// One device of a libinput recording: where it is and what it is.
public struct LibinputRecordDevice: Sendable, Hashable {
  /// The device's place in the file's `devices:` list, from 0.
  public var index: Int
  /// The node it was recorded from (`node:`), if given.
  public var node: String?
  /// Its `evdev:` description.
  public var description: DeviceDescription
  /// The line of its `- node:` entry.
  public var line: Int
  /// The line of its `events:` key, or `nil` if it has none.
  public var eventsLine: Int?
  /// The column of its keys (`evdev:`, `events:`), where its event list may start its frames.
  var keyColumn: Int
}

/// Reads the parts of a libinput recording that are not events: the top-level `version:` and
/// `ndevices:`, and each device's `evdev:` description, skipping event lists and unknown keys.
///
/// It can stop right after a device's `events:` line (the reader then streams from there) and
/// resume to find the devices that follow.
struct LibinputRecordScanner {
  /// The `version:` value.
  private(set) var version: Int64?
  /// The `ndevices:` value.
  private(set) var deviceCount: Int64?
  /// The devices found so far, in file order.
  private(set) var devices: [LibinputRecordDevice] = []
  /// The column of the `- ` of device entries.
  private(set) var deviceColumn: Int?

  /// The device being read.
  private var draft: DeviceDraft?
  /// Whether the lines belong to the top-level `devices:` key.
  private var inDevices = false
  /// The key column of the last device once its `events:` list began (its lines are skipped).
  private var eventsKeyColumn: Int?
  /// Open flow brackets of a skipped value continued on later lines (`hid: [`).
  private var flowDepth = 0

  /// Reads lines until the `events:` line of device `stopIndex` (included), or to the end.
  ///
  /// - Returns: whether it stopped at that `events:` line.
  /// - Throws: `TraceError` at the first line that breaks the schema.
  mutating func scan(_ lines: inout ByteLines, stoppingAtEventsOf stopIndex: Int?)
    throws(TraceError) -> Bool
  {
    while let range = try lines.nextLine() {
      let number = lines.lineNumber
      // Skip event lists fast: their lines are deeper than the device's keys.
      if let column = eventsKeyColumn,
        LibinputRecordScanner.isInsideEvents(lines.bytes, range, deviceKeyColumn: column)
      {
        continue
      }
      let text = Substring(String(decoding: lines.bytes[range], as: UTF8.self))
      // CR-only (or LF-CR) line ends make one long line, or lines that start with a CR: say
      // so, as the evemu reader does, rather than misread a value. A final CR (CRLF) is fine.
      if text.utf8.dropLast().contains(0x0D) {
        throw lines.error(line: number, LineKind.carriageReturnReason)
      }
      guard !HeaderLine.isBlankOrComment(text) else { continue }
      if flowDepth > 0 {
        flowDepth += HeaderLine.bracketBalance(text)
        continue
      }
      guard let indent = HeaderLine.indentation(of: text) else {
        throw lines.error(line: number, "tab in indentation (YAML allows only spaces)")
      }
      let line = HeaderLine(text, indent: indent)
      do throws(RecordProblem) {
        if try consume(line, number: number, stopIndex: stopIndex) { return true }
      } catch {
        throw lines.error(line: error.line ?? number, error.reason)
      }
    }
    do throws(RecordProblem) {
      try finishDevice()
    } catch {
      throw lines.error(line: error.line ?? 0, error.reason)
    }
    return false
  }

  /// Whether the line at `range` lies inside an event list: blank, a comment, deeper than the
  /// device's keys, or a list entry at their column (`  - evdev:`).
  static func isInsideEvents(_ bytes: [UInt8], _ range: Range<Int>, deviceKeyColumn: Int) -> Bool {
    var index = range.lowerBound
    while index < range.upperBound && bytes[index] == 0x20 { index += 1 }
    let indent = index - range.lowerBound
    if index == range.upperBound || bytes[index] == 0x23 || bytes[index] == 0x0d { return true }
    return indent > deviceKeyColumn || (indent == deviceKeyColumn && bytes[index] == 0x2d)
  }

  /// Handles one line; returns whether it was the `events:` line to stop at.
  private mutating func consume(_ line: HeaderLine, number: Int, stopIndex: Int?)
    throws(RecordProblem) -> Bool
  {
    if line.indent == 0 && (line.rawValue == "---" || line.rawValue == "...") {
      return false  // YAML document markers (libinput writes none)
    }
    if line.indent == 0 && !line.isItem {
      try finishDevice()
      guard let key = line.key else {
        throw RecordProblem(reason: "expected a top-level 'key: value', not '\(line.rawValue)'")
      }
      inDevices = key == "devices"
      switch key {
      case "version":
        guard let number = Int64(line.value) else {
          throw RecordProblem(reason: "version: expected a number, not '\(line.value)'")
        }
        guard number == 1 else {
          throw RecordProblem(
            reason: "unsupported libinput record version \(number) (this reader reads version 1)")
        }
        version = number
      case "ndevices":
        guard let number = Int64(line.value), number >= 0 else {
          throw RecordProblem(reason: "ndevices: expected a number, not '\(line.value)'")
        }
        deviceCount = number
      default:
        flowDepth = HeaderLine.bracketBalance(Substring(line.value))
      }
      return false
    }
    guard inDevices else { return false }  // content of another top-level key
    let startsDevice = line.isItem && (deviceColumn == nil || line.indent == deviceColumn)
    if startsDevice {
      try finishDevice()
      guard version != nil else {
        throw RecordProblem(reason: "a device before 'version: 1': not a libinput recording")
      }
      deviceColumn = line.indent
      draft = DeviceDraft(index: devices.count, line: number, keyColumn: line.keyColumn)
      eventsKeyColumn = nil
    }
    guard let column = deviceColumn, startsDevice || line.indent > column else {
      throw RecordProblem(reason: "expected a device entry ('- node: …') under devices:")
    }
    guard var device = draft else {
      // A key of a device after its events: not part of the schema, skipped.
      flowDepth = HeaderLine.bracketBalance(Substring(line.value))
      return false
    }
    if line.indent == device.keyColumn && line.isItem && !startsDevice {
      // An entry of a list at its key's indentation (`quirks:` then `  - ModelFoo=1`).
      guard !device.inEvdev else {
        throw RecordProblem(reason: "a list entry where evdev: expects its keys")
      }
    } else if line.indent == device.keyColumn || startsDevice {
      guard let key = line.key else {
        throw RecordProblem(reason: "expected a device key such as evdev: or events:")
      }
      if try device.consumeKey(key, line, number: number, flowDepth: &flowDepth) {
        // `events:` comes last: the description is complete.
        draft = nil
        devices.append(try device.finished())
        eventsKeyColumn = device.keyColumn
        return stopIndex == device.index
      }
    } else if device.inEvdev {
      try device.consumeEvdev(line, flowDepth: &flowDepth)
    } else {
      flowDepth = HeaderLine.bracketBalance(Substring(line.value))
    }
    draft = device
    return false
  }

  /// Checks and stores the device being read, if any.
  private mutating func finishDevice() throws(RecordProblem) {
    guard let device = draft else { return }
    draft = nil
    devices.append(try device.finished())
  }
}

/// What is wrong with a libinput recording, and where when it is not the line being read.
struct RecordProblem: Error {
  /// What is wrong, in words.
  var reason: String
  /// The line, when it is not the current one (a device missing a key is reported at its
  /// entry); `nil` for the current line.
  var line: Int?

  /// A problem at `line`, or at the current line.
  init(reason: String, line: Int? = nil) {
    self.reason = reason
    self.line = line
  }
}
