extension LibinputRecordReader {
  /// Any line of an event list other than a well-formed event: frame starts, other kinds of
  /// entries, the end of the device, and bad lines with their reason.
  static func structure(
    _ bytes: [UInt8], _ range: Range<Int>, indent: Int, _ layout: inout EventsLayout
  ) -> EventLine {
    let text = Substring(String(decoding: bytes[range], as: UTF8.self))
    guard HeaderLine.indentation(of: text) != nil else {
      return .problem("tab in indentation (YAML allows only spaces)", fatal: false)
    }
    let line = HeaderLine(text, indent: indent)
    if indent <= layout.deviceColumn {
      guard line.isItem && layout.singleDevice else { return .end }
      return .problem("another device, but ndevices: says 1", fatal: true)
    }
    if layout.itemColumn == nil {
      guard line.isItem else {
        return line.key != nil && indent == layout.deviceKeyColumn
          ? .end
          : .problem(
            "expected event frames ('- evdev:') under events:, not '\(line.rawValue)'",
            fatal: false)
      }
      layout.itemColumn = indent
    }
    guard let item = layout.itemColumn, indent >= item else {
      // A key of the device after its events.
      return line.key != nil ? .end : .problem("bad indentation in events:", fatal: false)
    }
    if indent == item {
      guard line.isItem else { return .end }
      guard let key = line.key else {
        layout.inEvdev = false
        return .problem(
          "expected a frame ('- evdev:'), not '\(line.rawValue)'", fatal: false)
      }
      layout.entryKeyColumn = line.keyColumn
      return startEntry(key: key, line: line, &layout)
    }
    if !line.isItem, let key = line.key, indent == layout.entryKeyColumn {
      return startEntry(key: key, line: line, &layout)
    }
    guard layout.inEvdev else { return .skip }
    guard line.isItem else {
      return .problem(
        "expected an event '- [sec, usec, type, code, value]', not '\(line.rawValue)'",
        fatal: false)
    }
    return .problem(eventProblem(line.value), fatal: false)
  }

  /// A frame's entry or key: `evdev:` frames are read, other kinds (`libinput:`, `hid:`)
  /// skipped.
  private static func startEntry(key: String, line: HeaderLine, _ layout: inout EventsLayout)
    -> EventLine
  {
    layout.inEvdev = key == "evdev"
    if layout.inEvdev && !line.value.isEmpty {
      layout.inEvdev = false
      return .problem("evdev: expected the frame's events on the following lines", fatal: false)
    }
    return .skip
  }

  /// What is wrong with an event entry whose value (after `- `, comment removed) is `value`.
  static func eventProblem(_ value: String) -> String {
    let usage = "expected an event [sec, usec, type, code, value], not '\(value)'"
    guard value.hasPrefix("["), let close = value.firstIndex(of: "]") else { return usage }
    let trailing = value[value.index(after: close)...]
    guard trailing.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else {
      return "unexpected '\(trailing.trimmingPrefix(" "))' after the event"
    }
    let fields = value[value.index(after: value.startIndex)..<close]
      .split(separator: ",", omittingEmptySubsequences: false)
      .map { String($0).trimmedOfBlanks() }
    guard fields.count == 5 else {
      return "an event has 5 numbers [sec, usec, type, code, value], not \(fields.count)"
    }
    let names = ["seconds", "microseconds", "event type", "event code", "event value"]
    for (name, field) in zip(names, fields) where Int64(field) == nil && UInt64(field) == nil {
      return "bad \(name) '\(field)'"
    }
    let numbers = fields.map { Int64($0) ?? Int64.max }
    if UInt64(fields[0]).map({ $0 > maxSeconds }) ?? true {
      return "seconds \(fields[0]) out of range (0…\(maxSeconds))"
    }
    if !(0..<1_000_000).contains(numbers[1]) {
      return "microseconds \(fields[1]) out of range (0…999999)"
    }
    if !(0...Int64(EventType.max)).contains(numbers[2]) {
      let shown = numbers[2] >= 0 ? hexLiteral(numbers[2]) : fields[2]
      return "unknown event type \(shown) (EV_MAX is \(hexLiteral(EventType.max)))"
    }
    if !(0...0xffff).contains(numbers[3]) {
      return "event code \(fields[3]) out of range (0…65535)"
    }
    if Int32(exactly: numbers[4]) == nil { return "event value \(fields[4]) out of Int32 range" }
    return usage
  }
}
