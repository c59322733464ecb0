/// Fixed-point formatting: `fixed(1.5, places: 2)` is `"1.50"`.
///
/// Values are rounded half away from zero; non-finite values print as `0` (JSON has no NaN).
/// Hot printers write into a `ByteSink` instead.
public func fixed(_ value: Double, places: Int) -> String {
  var buffer = WordBuffer(capacity: OutputSpan<UInt64>.longestNumber)
  buffer.append(atMost: OutputSpan<UInt64>.longestNumber) { $0.put(fixed: value, places: places) }
  return buffer.text
}

/// Formats an event time as seconds with six decimals (`1.234567`), exactly, from microseconds.
public func seconds(_ time: Int64) -> String {
  var buffer = WordBuffer(capacity: OutputSpan<UInt64>.longestNumber)
  buffer.append(atMost: OutputSpan<UInt64>.longestNumber) { $0.put(seconds: time) }
  return buffer.text
}
