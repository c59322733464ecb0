/// The indentation of a device's event list, learnt from its first lines.
struct EventsLayout {
  /// The column of the `- ` of device entries: a line this far left ends the device.
  let deviceColumn: Int
  /// The column of the device's keys: a key there after its events ends the list.
  let deviceKeyColumn: Int
  /// Whether `ndevices:` said 1, so that another device entry is an error rather than the end.
  let singleDevice: Bool
  /// The column of the `- ` of frames (`- evdev:`), once seen, and of the keys of the last
  /// frame (`libinput:` in an evdev frame).
  var itemColumn: Int?
  var entryKeyColumn: Int?
  /// Whether the lines read belong to an `evdev:` frame (rather than `libinput:`, `hid:`…).
  var inEvdev = false
}

/// What one line of an event list holds.
enum EventLine {
  /// An event.
  case event(InputEvent)
  /// Nothing to deliver: blank, comment, a frame's start, another kind of entry.
  case skip
  /// The device's event list is over.
  case end
  /// A bad line, with the reason; `fatal` even in lenient mode.
  case problem(String, fatal: Bool)
}

extension LibinputRecordReader {
  /// Clears `batch` and fills it with up to its capacity of events.
  ///
  /// - Returns: `false` when the event list is exhausted and nothing was read.
  /// - Throws: `TraceError` at the first bad line (unless `lenient`), or if the file cannot be
  ///   read. The events before the bad line are returned first; the error comes with the next
  ///   call, and after it the reader returns `false`.
  public func read(into batch: inout EventBatch) throws(TraceError) -> Bool {
    batch.removeAll()
    if let pending = stream.pendingError {
      stream.pendingError = nil
      throw pending
    }
    guard !stream.finished else { return false }
    // Move the lines out of the shared stream so that refilling never copies the buffer.
    var lines = ByteLines(input: stream.lines.input)
    swap(&lines, &stream.lines)
    var layout = stream.layout
    var fatal: TraceError?
    defer {
      swap(&lines, &stream.lines)
      stream.layout = layout
    }
    while batch.events.count < batch.capacity {
      if layout.inEvdev, let item = layout.itemColumn {
        // The common lines, the events of an evdev frame, straight from the buffer.
        // The batch's arrays are written through output spans, as the evemu reader does.
        let room = batch.capacity - batch.events.count
        lines.takeBufferedLines { bytes, start, number in
          batch.events.append(addingCapacity: room) { events in
            batch.lines.append(addingCapacity: room) { numbers in
              Self.takeEventLines(
                bytes, &start, &number, &events, &numbers, item: item, layout: &layout)
            }
          }
        }
        if batch.events.count == batch.capacity { break }
      }
      let range: Range<Int>
      do {
        guard let next = try lines.nextLine() else {
          stream.finished = true
          break
        }
        range = next
      } catch {
        fatal = error
        break
      }
      switch Self.classify(lines.bytes, range, &layout) {
      case .event(let event):
        batch.events.append(event)
        batch.lines.append(Int32(clamping: lines.lineNumber))
      case .skip: continue
      case .end:
        stream.finished = true
      case .problem(let reason, let isFatal):
        let error = lines.error(line: lines.lineNumber, reason)
        guard lenient && !isFatal else {
          fatal = error
          break
        }
        skippedLineCount += 1
        if warnings.count < Self.warningLimit { warnings.append(error) }
      }
      if stream.finished || fatal != nil { break }
    }
    if let fatal {
      stream.finished = true
      guard !batch.isEmpty else { throw fatal }
      stream.pendingError = fatal
    }
    return !batch.isEmpty
  }

  /// Takes the lines from `start` on while they are events of the frame that `quickEvent`
  /// reads or the next frame's `- evdev:`, complete and not too long, and `events` has room:
  /// events go to `events` and their line numbers to `numbers`; `start` moves past each line
  /// taken and `number` (the last line's) counts them.
  static func takeEventLines(
    _ bytes: Span<UInt8>, _ start: inout Int, _ number: inout Int,
    _ events: inout OutputSpan<InputEvent>, _ numbers: inout OutputSpan<Int32>, item: Int,
    layout: inout EventsLayout
  ) {
    while !events.isFull {
      let newline = ByteWord.newline(in: bytes, from: start)
      guard newline < bytes.count && newline - start <= ByteInput.maxLineLength else { return }
      let range = start..<newline
      if let event = quickEventLine(bytes, range, deeperThan: item) {
        events.append(event)
        numbers.append(Int32(clamping: number + 1))
      } else if isEvdevEntry(bytes, range, indent: item) {
        // The next frame's `- evdev:`, as `classify` reads it.
        layout.entryKeyColumn = item + 2
      } else {
        return
      }
      start = newline + 1
      number += 1
    }
  }

  /// What the line at `range` holds, learning the list's indentation into `layout`.
  static func classify(_ bytes: [UInt8], _ range: Range<Int>, _ layout: inout EventsLayout)
    -> EventLine
  {
    let span = bytes.span
    var index = range.lowerBound
    let end = range.upperBound
    while index < end && span[index] == 0x20 { index += 1 }
    guard index < end else { return .skip }
    let first = span[index]
    if first == 0x23 || (first == 0x0d && index + 1 == end) { return .skip }
    let indent = index - range.lowerBound
    // The common line: an event of an evdev frame.
    if layout.inEvdev, let item = layout.itemColumn, indent > item, first == 0x2d,
      let event = quickEvent(span, from: index, to: end)
        ?? parseEvent(bytes, from: index + 1, to: end)
    {
      return .event(event)
    }
    // A frame's start, `- evdev:`, at the frames' column.
    if indent == layout.itemColumn && isEvdevEntry(bytes, from: index, to: end) {
      layout.inEvdev = true
      layout.entryKeyColumn = indent + 2
      return .skip
    }
    return structure(bytes, range, indent: indent, &layout)
  }

  /// The bytes of `- evdev:`.
  static let evdevEntry = Array("- evdev:".utf8)

  /// Whether the text from `start` is `- evdev:` with nothing after it but blanks or a comment.
  static func isEvdevEntry(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
    guard end - start >= evdevEntry.count else { return false }
    for offset in 0..<evdevEntry.count where bytes[start + offset] != evdevEntry[offset] {
      return false
    }
    var index = start + evdevEntry.count
    while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0d) {
      index += 1
    }
    return index == end || bytes[index] == 0x23
  }

  /// Parses the rest of `- [sec, usec, type, code, value]` after the dash, comment allowed;
  /// `nil` if anything is wrong (`eventProblem` then says what).
  static func parseEvent(_ bytes: [UInt8], from start: Int, to end: Int) -> InputEvent? {
    var index = start
    guard index < end && bytes[index] == 0x20 else { return nil }
    while index < end && bytes[index] == 0x20 { index += 1 }
    guard index < end && bytes[index] == 0x5b else { return nil }
    index += 1
    guard let seconds = field(bytes, &index, end, separator: 0x2c),
      seconds.magnitude <= maxSeconds && !seconds.negative,
      let micros = field(bytes, &index, end, separator: 0x2c),
      micros.magnitude < 1_000_000 && !micros.negative,
      let type = field(bytes, &index, end, separator: 0x2c),
      type.magnitude <= UInt64(EventType.max) && !type.negative,
      let code = field(bytes, &index, end, separator: 0x2c),
      code.magnitude <= 0xffff && !code.negative,
      let value = field(bytes, &index, end, separator: 0x5d),
      value.magnitude <= (value.negative ? 0x8000_0000 : 0x7fff_ffff)
    else { return nil }
    while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0d) {
      index += 1
    }
    guard index == end || bytes[index] == 0x23 else { return nil }
    let magnitude = Int64(value.magnitude)
    return InputEvent(
      time: time(seconds: seconds.magnitude, micros: micros.magnitude),
      type: UInt16(type.magnitude), code: UInt16(code.magnitude),
      value: Int32(value.negative ? -magnitude : magnitude))
  }

  /// The largest seconds field: `libinput record` prints the microseconds since the start as
  /// an unsigned 64-bit number split into seconds and microseconds.
  static let maxSeconds: UInt64 = UInt64.max / 1_000_000

  /// Microseconds from the two fields. An event earlier than the recording's start (possible
  /// with several devices, whose clock starts when the recording does) wraps around in
  /// libinput's unsigned arithmetic; the same wrap-around here gives back the negative offset.
  static func time(seconds: UInt64, micros: UInt64) -> Microseconds {
    Int64(bitPattern: seconds &* 1_000_000 &+ micros)
  }

  /// Reads blanks, an optionally signed decimal number of up to 20 digits, blanks and
  /// `separator`; `nil` if the text is anything else.
  static func field(_ bytes: [UInt8], _ index: inout Int, _ end: Int, separator: UInt8)
    -> (negative: Bool, magnitude: UInt64)?
  {
    while index < end && bytes[index] == 0x20 { index += 1 }
    let negative = index < end && bytes[index] == 0x2d
    if negative { index += 1 }
    let digitsStart = index
    var magnitude: UInt64 = 0
    while index < end {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { break }
      let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
      guard !overflow && !carry else { return nil }
      magnitude = sum
      index += 1
    }
    guard index > digitsStart else { return nil }
    while index < end && bytes[index] == 0x20 { index += 1 }
    guard index < end && bytes[index] == separator else { return nil }
    index += 1
    return (negative, magnitude)
  }
}
