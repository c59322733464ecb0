extension EvemuReader {
  /// Clears `batch` and fills it with up to its capacity of events.
  ///
  /// - Returns: `false` when the file is exhausted and nothing was read.
  /// - Throws: `TraceError` at the first bad line (unless `lenient`), or if the file cannot be
  ///   read. The events before the bad line are returned first; the error comes with the next
  ///   call, and after it the reader returns `false`.
  public func read(into batch: inout EventBatch) throws(TraceError) -> Bool {
    batch.removeAll()
    if let pendingError {
      self.pendingError = nil
      throw pendingError
    }
    guard !finished else { return false }
    // Move the lines out of the reader so that refilling never copies the buffer.
    var lines = ByteLines(input: self.lines.input)
    swap(&lines, &self.lines)
    let fatal = fill(&lines, &batch)
    swap(&lines, &self.lines)
    if let fatal {
      finished = true
      guard !batch.isEmpty else { throw fatal }
      pendingError = fatal
    }
    return !batch.isEmpty
  }

  /// Parses lines into `batch` until its capacity, the end of the file or a fatal error,
  /// which it returns.
  private func fill(_ lines: inout ByteLines, _ batch: inout EventBatch) -> TraceError? {
    var event = InputEvent(time: 0, type: 0, code: 0, value: 0)
    var previous = EvemuLineStart()
    while batch.events.count < batch.capacity {
      // The fast path: whole, well-formed `E:` lines and plain comments already in the buffer.
      // The batch's two arrays are written through output spans: one uniqueness and capacity
      // check per batch rather than two per event.
      let room = batch.capacity - batch.events.count
      lines.takeBufferedLines { bytes, start, number in
        batch.events.append(addingCapacity: room) { events in
          batch.lines.append(addingCapacity: room) { numbers in
            Self.takeCommonLines(bytes, &start, &number, &events, &numbers, &previous)
          }
        }
      }
      if batch.events.count == batch.capacity { break }
      // The careful path: any line, complete or not, valid or not.
      let range: Range<Int>
      do {
        guard let next = try lines.nextLine() else {
          finished = true
          break
        }
        range = next
      } catch {
        return error
      }
      switch Self.carefulParse(ByteScanner(lines.bytes, range), into: &event) {
      case .event:
        batch.events.append(event)
        batch.lines.append(Int32(clamping: lines.lineNumber))
      case .skip: break
      case .problem(let reason):
        let error = lines.error(line: lines.lineNumber, reason)
        guard lenient else { return error }
        skippedLineCount += 1
        if warnings.count < EvemuReader.warningLimit { warnings.append(error) }
      }
    }
    return nil
  }

  /// The newline of the line at `start` if it is a comment from its first byte, complete in
  /// `bytes`, without a carriage return before its last byte and not too long: a line the
  /// careful parser would skip too; `nil` for any other line.
  static func plainComment(_ bytes: Span<UInt8>, from start: Int) -> Int? {
    guard start < bytes.count && bytes[start] == UInt8(ascii: "#") else { return nil }
    let newline = ByteWord.newline(in: bytes, from: start &+ 1)
    guard newline < bytes.count && newline &- start <= ByteInput.maxLineLength else {
      return nil
    }
    var index = start &+ 1
    while index < newline &- 1 {
      if bytes[index] == 0x0d { return nil }
      index &+= 1
    }
    return newline
  }

  /// What the careful parser made of a line.
  enum CarefulResult {
    /// An event, stored in the `into:` argument.
    case event
    /// A line without an event: blank, comment, `L:` or `S:`.
    case skip
    /// A bad line, with the reason.
    case problem(String)
  }

  /// Parses any line after the header, finding the exact reason when it is bad.
  @inline(never)
  static func carefulParse(_ line: ByteScanner, into event: inout InputEvent) -> CarefulResult {
    guard line.remaining >= 2 && line[0] == UInt8(ascii: "E") && line[1] == UInt8(ascii: ":")
    else {
      return reasonForOtherLine(line).map(CarefulResult.problem) ?? .skip
    }
    var scanner = line
    scanner.skip(2)
    guard let fault = parseEvent(&scanner, into: &event) else { return .event }
    return .problem(reason(for: fault, at: scanner, line: line))
  }

  /// What is wrong with an `E:` line.
  enum EventFault: UInt8 {
    case truncated, badTime, badType, unknownType, badCode, badValue, valueRange, trailing
  }

  /// Parses the rest of an `E:` line, `sec.usec type code value [# comment]`.
  ///
  /// - Returns: `nil` on success; else the fault, with `scanner` at the offending field.
  static func parseEvent(_ scanner: inout ByteScanner, into event: inout InputEvent)
    -> EventFault?
  {
    guard !scanner.restIsBlankOrComment() else { return .truncated }
    guard let time = scanner.timestamp() else { return .badTime }
    guard !scanner.restIsBlankOrComment() else { return .truncated }
    let typeField = scanner
    guard let type = scanner.hex() else { return .badType }
    guard type <= UInt32(EventType.max) else {
      scanner = typeField
      return .unknownType
    }
    guard !scanner.restIsBlankOrComment() else { return .truncated }
    let codeField = scanner
    guard let code = scanner.hex(), code <= 0xffff else {
      scanner = codeField
      return .badCode
    }
    guard !scanner.restIsBlankOrComment() else { return .truncated }
    let valueField = scanner
    guard let value = scanner.decimal() else { return .badValue }
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else {
      scanner = valueField
      return .valueRange
    }
    guard scanner.restIsBlankOrComment() else { return .trailing }
    event = InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: Int32(value))
    return nil
  }

  /// The words for an `E:` line fault; `scanner` stands at the offending field.
  @inline(never)
  static func reason(for fault: EventFault, at scanner: ByteScanner, line: ByteScanner)
    -> String
  {
    if let binary = LineKind.binaryReason(line) { return binary }
    var field = scanner
    let token = field.token()
    switch fault {
    case .truncated:
      return "truncated event line: expected E: <sec>.<usec> <type> <code> <value>"
    case .badTime: return "bad timestamp '\(token)'"
    case .badType: return "bad hex event type '\(token)'"
    case .unknownType:
      let type = UInt32(token, radix: 16).map(hexLiteral) ?? token
      return "unknown event type \(type) (EV_MAX is \(hexLiteral(EventType.max)))"
    case .badCode: return "bad hex event code '\(token)'"
    case .badValue: return "bad event value '\(token)'"
    case .valueRange: return "event value \(token) out of Int32 range"
    case .trailing: return "unexpected '\(token)' after the event value"
    }
  }

  /// The fault of a line after the header that is not an `E:` line, or `nil` if it is fine.
  @inline(never)
  static func reasonForOtherLine(_ line: ByteScanner) -> String? {
    switch LineKind(line) {
    case .blank, .comment, .state:
      return LineKind.containsInnerCarriageReturn(line) ? LineKind.carriageReturnReason : nil
    case .event: return nil  // not reached: `E:` lines take the fast path
    case .description(let prefix):
      return "\(Character(Unicode.Scalar(prefix))): line after the first event"
    case .unknown: return LineKind.unknownReason(line)
    }
  }
}
