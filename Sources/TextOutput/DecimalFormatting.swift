/// Fixed-point formatting: `fixed(1.5, places: 2)` is `"1.50"`.
///
/// Values are rounded half away from zero; non-finite values print as `0` (JSON has no NaN).
/// Hot printers write into a `ByteSink` instead.
public func fixed(_ value: Double, places: Int) -> String {
  let sink = ByteSink()
  sink.put(fixed: value, places: places)
  return sink.text
}

/// Formats an event time as seconds with six decimals (`1.234567`), exactly, from microseconds.
public func seconds(_ time: Int64) -> String {
  let sink = ByteSink()
  sink.put(seconds: time)
  return sink.text
}
