/// `value` with exactly `places` decimals, rounded half away from zero: `decimal(1.25, places: 1)`
/// is `"1.3"`. Non-finite values print as zero (JSON has no NaN); `-0.0` prints as `0.0`.
func decimal(_ value: Double, places: Int) -> String {
  precondition((0...9).contains(places), "decimal: 0…9 places")
  var power: Double = 1
  for _ in 0..<places { power *= 10 }
  let scaled = value.isFinite ? (value.magnitude * power).rounded(.toNearestOrAwayFromZero) : 0
  guard scaled < 1e18 else { return String(value) }
  let units = UInt64(scaled)
  let whole = units / UInt64(power)
  var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
  guard places > 0 else { return text }
  let fraction = String(units % UInt64(power))
  text += "." + String(repeating: "0", count: places - fraction.count) + fraction
  return text
}

/// `text` as a JSON string literal: quoted, with `"`, `\` and control characters escaped.
func quoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
