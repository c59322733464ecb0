import TouchInput

/// The evemu fuzz target: any bytes, read as an evemu recording and replayed.
///
/// The reader must not crash or hang, must report errors with a line inside the file, and
/// the events it returns must come with increasing line numbers; the replay is checked by
/// `CheckedReplay`. The first byte's lowest bit picks lenient mode, so both the stopping and
/// the skipping paths are explored.
///
/// - Returns: every breach found, in words (empty when all held).
public func fuzzEvemu(_ bytes: [UInt8]) -> [String] {
  let lenient = bytes.first.map { $0 & 1 == 1 } ?? false
  let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) }
  do {
    let reader = try EvemuReader(bytes: bytes, name: "fuzz", lenient: lenient)
    return fuzzReplay(device: reader.device, lineCount: lineCount) {
      (batch: inout EventBatch) throws(TraceError) in try reader.read(into: &batch)
    }
  } catch {
    return lineViolations(error, lineCount: lineCount)
  }
}

/// Replays the batches `read` gives (a recording reader's `read(into:)`) through a
/// `CheckedReplay`, stopping as `gesturectl` does at an error; checks the line numbers too.
///
/// A fuzz target for another recording format is this call with its reader.
///
/// - Returns: every breach found, in words.
public func fuzzReplay(
  device: DeviceDescription, lineCount: Int,
  read: (inout EventBatch) throws(TraceError) -> Bool
) -> [String] {
  var replay = CheckedReplay(device: device)
  var batch = EventBatch()
  var lastLine: Int32 = 0
  var violations: [String] = []
  do {
    while try read(&batch) {
      for index in batch.events.indices {
        if batch.lines[index] <= lastLine {
          violations.append("event line \(batch.lines[index]) after line \(lastLine)")
        }
        lastLine = batch.lines[index]
        replay.handle(batch.events[index])
      }
    }
  } catch {
    return violations + lineViolations(error, lineCount: lineCount) + replay.stopAtInputError()
  }
  return violations + replay.finish()
}

/// An error's line must lie in the file and its reason must say something.
func lineViolations(_ error: TraceError, lineCount: Int) -> [String] {
  var violations: [String] = []
  if error.line < 0 || error.line > lineCount {
    violations.append("error at line \(error.line) of \(lineCount)")
  }
  if error.reason.isEmpty { violations.append("an error without a reason") }
  return violations
}
