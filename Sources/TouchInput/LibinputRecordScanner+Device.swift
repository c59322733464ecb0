/// The part of an `evdev:` description a nested line belongs to.
enum EvdevSection {
  /// `codes:`: `type: [code, …]` lines.
  case codes
  /// `absinfo:`: `code: [min, max, fuzz, flat, resolution]` lines.
  case absinfo
  /// Any other key, whose nested lines are skipped.
  case other
}

/// One device entry of a libinput recording while its lines are read.
struct DeviceDraft {
  /// Its place in the `devices:` list.
  let index: Int
  /// The line of its `- ` entry.
  let line: Int
  /// The column of its keys (`node:`, `evdev:`, `events:`).
  let keyColumn: Int
  /// The `node:` value.
  var node: String?
  /// Whether the lines read belong to its `evdev:` key.
  var inEvdev = false
  /// The lines of its `evdev:` and `events:` keys.
  private var evdevLine: Int?
  private var eventsLine: Int?
  /// The column of the keys inside `evdev:`, and the key the nested lines belong to.
  private var evdevColumn: Int?
  private var section = EvdevSection.other
  /// What `evdev:` says so far.
  private var description = DeviceDescription(name: "")
  private var types: Set<UInt16> = []
  private var seen: Set<String> = []

  /// A device whose `- ` entry is at `line`, with keys at `keyColumn`.
  init(index: Int, line: Int, keyColumn: Int) {
    self.index = index
    self.line = line
    self.keyColumn = keyColumn
  }

  /// Reads a key of the device; returns whether it is `events:`.
  mutating func consumeKey(_ key: String, _ header: HeaderLine, number: Int, flowDepth: inout Int)
    throws(RecordProblem) -> Bool
  {
    inEvdev = false
    switch key {
    case "node":
      node = HeaderLine.scalar(raw: header.rawValue, value: header.value)
    case "evdev":
      guard header.value.isEmpty else {
        throw RecordProblem(reason: "evdev: expected its keys on the following lines")
      }
      guard evdevLine == nil else { throw RecordProblem(reason: "a second evdev: in one device") }
      inEvdev = true
      evdevLine = number
    case "events":
      guard header.value.isEmpty || header.value == "[]" else {
        throw RecordProblem(reason: "events: expected a list of frames on the following lines")
      }
      eventsLine = number
      return true
    default:
      flowDepth = HeaderLine.bracketBalance(Substring(header.value))
    }
    return false
  }

  /// Reads a line nested in `evdev:`.
  mutating func consumeEvdev(_ header: HeaderLine, flowDepth: inout Int) throws(RecordProblem) {
    let column = evdevColumn ?? header.indent
    evdevColumn = column
    guard header.indent >= column else {
      throw RecordProblem(reason: "indentation does not match the other keys of evdev:")
    }
    guard header.indent == column else {
      switch section {
      case .codes: try readCodes(header)
      case .absinfo: try readAxis(header)
      case .other: flowDepth = HeaderLine.bracketBalance(Substring(header.value))
      }
      return
    }
    if header.isItem && section == .other { return }  // a list at its key's indentation
    guard let key = header.key, !header.isItem else {
      throw RecordProblem(reason: "expected 'key: value' in evdev:, not '\(header.rawValue)'")
    }
    section = .other
    seen.insert(key)
    switch key {
    case "name":
      description.name = HeaderLine.scalar(raw: header.rawValue, value: header.value)
    case "id":
      let usage = "id: expected [bustype, vendor, product, version], not '\(header.value)'"
      let ids = try Self.numbers(header.value, in: 0...0xffff, usage: usage)
      guard ids.count == 4 else { throw RecordProblem(reason: usage) }
      description.bus = UInt16(ids[0])
      description.vendor = UInt16(ids[1])
      description.product = UInt16(ids[2])
      description.version = UInt16(ids[3])
    case "codes", "absinfo":
      guard header.value.isEmpty else {
        throw RecordProblem(reason: "\(key): expected its entries on the following lines")
      }
      section = key == "codes" ? .codes : .absinfo
    case "properties":
      let usage = "properties: expected a list of INPUT_PROP_* numbers, not '\(header.value)'"
      let properties = try Self.numbers(header.value, in: 0...0xffff, usage: usage)
      description.properties = Set(properties.map { UInt16($0) })
    default:
      flowDepth = HeaderLine.bracketBalance(Substring(header.value))
    }
  }

  /// Reads `type: [code, …]`. The `EV_SYN` list is not kept: like an evemu header (and the
  /// kernel's `EVIOCGBIT(0)`), `DeviceDescription` lists the supported types under `EV_SYN`.
  private mutating func readCodes(_ header: HeaderLine) throws(RecordProblem) {
    guard let key = header.key, let type = UInt16(key), type <= EventType.max else {
      throw RecordProblem(
        reason: "codes: expected 'type: [code, …]' with a type up to \(EventType.max), "
          + "not '\(Self.written(header))'")
    }
    let usage = "codes: expected a list of event codes, not '\(header.value)'"
    let codes = try Self.numbers(header.value, in: 0...0xffff, usage: usage)
    types.insert(type)
    if type != EventType.syn { description.supportedCodes[type] = Set(codes.map { UInt16($0) }) }
  }

  /// Reads `code: [min, max, fuzz, flat, resolution]`.
  private mutating func readAxis(_ header: HeaderLine) throws(RecordProblem) {
    guard let key = header.key, let code = UInt16(key), code <= AbsCode.max else {
      throw RecordProblem(
        reason: "absinfo: expected 'code: [min, max, fuzz, flat, resolution]' with a code up "
          + "to \(AbsCode.max), not '\(Self.written(header))'")
    }
    let usage = "absinfo: expected [min, max, fuzz, flat, resolution], not '\(header.value)'"
    let numbers = try Self.numbers(
      header.value, in: Int64(Int32.min)...Int64(Int32.max), usage: usage)
    guard numbers.count == 5 else { throw RecordProblem(reason: usage) }
    description.absoluteAxes[code] = AbsInfo(
      minimum: Int32(numbers[0]), maximum: Int32(numbers[1]), fuzz: Int32(numbers[2]),
      flat: Int32(numbers[3]), resolution: Int32(numbers[4]))
  }

  /// A nested line as written, key included, for error messages.
  private static func written(_ header: HeaderLine) -> String {
    header.key.map { $0 + ": " + header.rawValue } ?? header.rawValue
  }

  /// The numbers of a one-line flow list, each within `range`.
  private static func numbers(_ value: String, in range: ClosedRange<Int64>, usage: String)
    throws(RecordProblem) -> [Int64]
  {
    guard let numbers = HeaderLine.integers(value) else { throw RecordProblem(reason: usage) }
    if let outside = numbers.first(where: { !range.contains($0) }) {
      throw RecordProblem(
        reason: "\(usage.prefix(while: { $0 != ":" })): \(outside) is out of range "
          + "(\(range.lowerBound)…\(range.upperBound))")
    }
    return numbers
  }

  /// The device, once every required key was read.
  func finished() throws(RecordProblem) -> LibinputRecordDevice {
    guard let evdevLine else {
      throw RecordProblem(reason: "device \(index) has no evdev: description", line: line)
    }
    for key in ["name", "id", "codes"] where !seen.contains(key) {
      throw RecordProblem(reason: "evdev: has no \(key): key", line: evdevLine)
    }
    var description = self.description
    description.supportedCodes[EventType.syn] = types
    return LibinputRecordDevice(
      index: index, node: node, description: description, line: line, eventsLine: eventsLine,
      keyColumn: keyColumn)
  }
}
