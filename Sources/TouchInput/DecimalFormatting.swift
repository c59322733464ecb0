/// Fast fixed-point formatting for printers: `fixed(1.5, places: 2)` is `"1.50"`.
///
/// Printers call it once per output value, so it avoids Foundation's `String(format:)`.
/// Values are rounded half away from zero; non-finite values print as `0` (JSON has no NaN).
public func fixed(_ value: Double, places: Int) -> String {
  var out = ""
  appendFixed(value, places: places, to: &out)
  return out
}

/// Appends `value` with `places` decimals to `out` (see `fixed(_:places:)`).
public func appendFixed(_ value: Double, places: Int, to out: inout String) {
  precondition(places >= 0 && places <= 9, "fixed: 0…9 places")
  guard value.isFinite else {
    out += places == 0 ? "0" : "0." + String(repeating: "0", count: places)
    return
  }
  var scale: Double = 1
  for _ in 0..<places { scale *= 10 }
  let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
  guard scaled < 9.0e18 else {
    out += String(value)
    return
  }
  let units = UInt64(scaled)
  let divisor = UInt64(scale)
  if value < 0 && units != 0 { out += "-" }
  out += String(units / divisor)
  guard places > 0 else { return }
  out += "."
  let fraction = String(units % divisor)
  for _ in fraction.count..<places { out += "0" }
  out += fraction
}

/// Formats an event time as seconds with six decimals (`1.234567`), exactly, from microseconds.
public func seconds(_ time: Microseconds) -> String {
  let sign = time < 0 ? "-" : ""
  let magnitude = time.magnitude
  let fraction = String(magnitude % 1_000_000)
  return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count)
    + fraction
}
