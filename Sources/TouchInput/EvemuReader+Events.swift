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
  public func read(into batch: inout EventBatch) throws(TraceError) -> Bool {
    batch.removeAll()
    if let pendingError {
      self.pendingError = nil
      throw pendingError
    }
    guard !finished else { return false }
    let source = self.source
    let (events, lines) = source.scratch(capacity: batch.capacity)
    let (count, fatal) = fill(events: events, lines: lines, capacity: batch.capacity)
    batch.events.append(contentsOf: UnsafeBufferPointer(start: events, count: count))
    batch.lines.append(contentsOf: UnsafeBufferPointer(start: lines, count: count))
    if let fatal {
      finished = true
      guard count > 0 else { throw fatal }
      pendingError = fatal
    }
    return count > 0
  }

  /// Parses lines into `events` and `lines` until `capacity` events, the end of the file or a
  /// fatal error; returns the number of events and the error.
  private func fill(
    events: UnsafeMutablePointer<InputEvent>, lines: UnsafeMutablePointer<Int32>, capacity: Int
  ) -> (Int, TraceError?) {
    let source = self.source
    let base = source.storage
    let maxLine = LineSource.maxLineLength
    var start = source.start
    var end = source.end
    var line = source.lineNumber
    var count = 0
    var reachedEnd = source.reachedEndOfInput
    var event = InputEvent(time: 0, type: 0, code: 0, value: 0)
    var fatal: TraceError?
    defer {
      source.start = start
      source.lineNumber = line
    }
    while count < capacity {
      // The fast path: a whole, well-formed `E:` line already in the buffer.
      if start < end {
        let first = base + start
        if first.pointee == UInt8(ascii: "E") && first[1] == UInt8(ascii: ":"),
          let newline = EvemuReader.parseCommonEvent(
            first + 2, limit: base + end, into: events + count)
        {
          let lineEnd = UnsafePointer(base).distance(to: newline)
          if (lineEnd < end || reachedEnd) && lineEnd - start <= maxLine {
            line += 1
            (lines + count).initialize(to: Int32(clamping: line))
            count += 1
            start = lineEnd < end ? lineEnd + 1 : end
            continue
          }
        }
      }
      // The careful path: any line, complete or not, valid or not.
      let pending = end - start
      let lineEnd: Int
      if pending > 0, let newline = memchr(base + start, 0x0a, pending) {
        lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        if lineEnd - start > maxLine {
          fatal = source.lineTooLong(line: line + 1)
          break
        }
      } else {
        if pending > maxLine {
          fatal = source.lineTooLong(line: line + 1)
          break
        }
        if !reachedEnd {
          source.start = start
          do { try source.refill() } catch {
            fatal = error
            break
          }
          start = source.start
          end = source.end
          reachedEnd = source.reachedEndOfInput
          continue
        }
        if pending == 0 {
          finished = true
          break
        }
        lineEnd = end
      }
      line += 1
      let fault = EvemuReader.carefulParse(
        ByteScanner(start: base + start, end: base + lineEnd), into: &event)
      start = lineEnd < end ? lineEnd + 1 : end
      switch fault {
      case .event:
        (events + count).initialize(to: event)
        (lines + count).initialize(to: Int32(clamping: line))
        count += 1
      case .skip: break
      case .problem(let reason):
        let error = source.error(line: line, reason)
        guard lenient else {
          fatal = error
          break
        }
        skippedLineCount += 1
        if warnings.count < EvemuReader.warningLimit { warnings.append(error) }
      }
      if fatal != nil { break }
    }
    return (count, fatal)
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
    let first = line.position
    guard line.end - first >= 2 && first[0] == UInt8(ascii: "E") && first[1] == UInt8(ascii: ":")
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
