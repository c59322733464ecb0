/// Fixed-point formatting for printers: `fixed(1.5, places: 2)` is `"1.50"`.
///
/// Values are rounded half away from zero; non-finite values print as `0` (JSON has no NaN).
/// Hot printers append to a byte buffer instead (`appendFixed` on `[UInt8]`).
public func fixed(_ value: Double, places: Int) -> String {
  var bytes: [UInt8] = []
  bytes.appendFixed(value, places: places)
  return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` with `places` decimals to `out` (see `fixed(_:places:)`).
public func appendFixed(_ value: Double, places: Int, to out: inout String) {
  out += fixed(value, places: places)
}

/// Formats an event time as seconds with six decimals (`1.234567`), exactly, from microseconds.
public func seconds(_ time: Microseconds) -> String {
  var bytes: [UInt8] = []
  bytes.appendSeconds(time)
  return String(decoding: bytes, as: UTF8.self)
}
