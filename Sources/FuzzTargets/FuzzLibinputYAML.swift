import TouchInput

/// The libinput-record fuzz target: any bytes, read as `libinput record` YAML and replayed,
/// with the checks of `fuzzEvemu` (error lines inside the file, event lines in order, and
/// `CheckedReplay`'s properties). The first byte's lowest bit picks lenient mode, the next
/// one the first or the second device of a file with several.
///
/// - Returns: every breach found, in words (empty when all held).
public func fuzzLibinputYAML(_ bytes: [UInt8]) -> [String] {
  let first = bytes.first ?? 0
  let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) }
  do {
    let reader = try LibinputRecordReader(
      bytes: bytes, name: "fuzz", deviceIndex: first & 2 == 0 ? nil : 1, lenient: first & 1 == 1)
    return fuzzReplay(device: reader.device, lineCount: lineCount) {
      (batch: inout EventBatch) throws(TraceError) in try reader.read(into: &batch)
    }
  } catch {
    return lineViolations(error, lineCount: lineCount)
  }
}
