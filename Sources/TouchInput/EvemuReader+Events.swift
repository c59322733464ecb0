#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EvemuReader {
  /// Clears `batch` and fills it with up to its capacity of events.
  ///
  /// - Returns: `false` when the file is exhausted and nothing was read.
  /// - Throws: `TraceError` at the first bad line (unless `lenient`), or if the file cannot be
  ///   read. The events before the bad line are returned first; the error comes with the next
  ///   call, and after it the reader returns `false`.
  public mutating func read(into batch: inout EventBatch) throws(TraceError) -> Bool {
    batch.removeAll()
    if let pendingError {
      self.pendingError = nil
      throw pendingError
    }
    guard !finished else { return false }
    let source = self.source
    let base = source.storage
    let maxLine = LineSource.maxLineLength
    let capacity = batch.capacity
    var start = source.start
    var end = source.end
    var line = source.lineNumber
    var count = 0
    while count < capacity {
      let pending = end - start
      let lineEnd: Int
      let next: Int
      if pending > 0, let newline = memchr(base + start, 0x0a, pending) {
        lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        next = lineEnd + 1
        if lineEnd - start > maxLine {
          return try stop(source.lineTooLong(line: line + 1), after: count)
        }
      } else {
        if pending > maxLine { return try stop(source.lineTooLong(line: line + 1), after: count) }
        if !source.reachedEndOfInput {
          source.start = start
          source.end = end
          do { try source.refill() } catch { return try stop(error, after: count) }
          start = source.start
          end = source.end
          continue
        }
        if pending == 0 {
          finished = true
          break
        }
        lineEnd = end
        next = end
      }
      line += 1
      let first = base + start
      var scanner = ByteScanner(start: first, end: base + lineEnd)
      var event = InputEvent(time: 0, type: 0, code: 0, value: 0)
      let fault: String?
      if lineEnd - start >= 2 && first[0] == UInt8(ascii: "E") && first[1] == UInt8(ascii: ":") {
        scanner.skip(2)
        if let eventFault = EvemuReader.parseEvent(&scanner, into: &event) {
          fault = EvemuReader.reason(for: eventFault, at: scanner, line: ByteScanner(
            start: first, end: base + lineEnd))
        } else {
          batch.events.append(event)
          batch.lines.append(Int32(clamping: line))
          count += 1
          fault = nil
        }
      } else {
        fault = EvemuReader.reasonForOtherLine(scanner)
      }
      start = next
      if let fault {
        let error = source.error(line: line, fault)
        guard lenient else {
          source.start = start
          source.lineNumber = line
          return try stop(error, after: count)
        }
        skippedLineCount += 1
        if warnings.count < EvemuReader.warningLimit { warnings.append(error) }
      }
    }
    source.start = start
    source.end = end
    source.lineNumber = line
    return count > 0
  }

  /// Ends reading at a fatal `error`: throws it now if the batch is empty, else returns the
  /// `count` events read before it and throws it on the next call.
  private mutating func stop(_ error: TraceError, after count: Int) throws(TraceError) -> Bool {
    finished = true
    guard count > 0 else { throw error }
    pendingError = error
    return true
  }

  /// What is wrong with an `E:` line.
  enum EventFault: UInt8 {
    case truncated, badTime, badType, unknownType, badCode, badValue, valueRange, trailing
  }

  /// Parses the rest of an `E:` line, `sec.usec type code value [# comment]`.
  ///
  /// - Returns: `nil` on success; else the fault, with `scanner` at the offending field.
  @inline(__always)
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
    case .blank, .comment, .state: return nil
    case .event: return nil  // not reached: `E:` lines take the fast path
    case .description(let prefix):
      return "\(Character(Unicode.Scalar(prefix))): line after the first event"
    case .unknown: return LineKind.unknownReason(line)
    }
  }
}
