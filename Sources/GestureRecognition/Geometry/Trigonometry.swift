// Pure-Swift inverse tangent, because the standard library has none without Glibc.
//
// Range reduction: |x| > 1 uses atan(x) = π/2 − atan(1/x); at most two half-angle steps
// atan(x) = 2·atan(x / (1 + √(1 + x²))) bring the argument to 0.2 or below, where the Taylor
// series is summed until its terms fall below 1e-18 of the argument (at most 13 terms; a
// frame-to-frame turn of a few milliradians needs 3).

/// The arc tangent of `x`, in radians, in −π/2…π/2.
public func arcTangent(_ x: Double) -> Double {
  guard x.isFinite else {
    if x.isNaN { return x }
    return x > 0 ? Double.pi / 2 : -Double.pi / 2
  }
  var v = x.magnitude
  let inverted = v > 1
  if inverted { v = 1 / v }
  // Halve the angle while the argument is above 0.2; each halving doubles the result.
  var doublings = 1.0
  while v > 0.2 {
    v = v / (1 + (1 + v * v).squareRoot())
    doublings *= 2
  }
  let v2 = v * v
  var power = v
  var sum = v
  var term = 0
  // −1/3, +1/5, −1/7, …: the series' factors after the first term (13 at most are needed).
  let seriesFactors: InlineArray<14, Double> = [
    -1 / 3, 1 / 5, -1 / 7, 1 / 9, -1 / 11, 1 / 13, -1 / 15, 1 / 17, -1 / 19, 1 / 21, -1 / 23,
    1 / 25, -1 / 27, 1 / 29,
  ]
  // Terms shrink by at least 0.04 each; stop once they no longer change the sum. Each term
  // multiplies by a stored ±1/(2k+1) instead of dividing (divisions are slow).
  while power > 1e-18 * v && term < seriesFactors.count {
    power *= v2
    sum += power * seriesFactors[term]
    term += 1
  }
  var result = doublings * sum
  if inverted { result = Double.pi / 2 - result }
  return x < 0 ? -result : result
}

/// The angle of the point (x, y) from the positive x axis, in radians, in −π…π (C's `atan2`).
///
/// With y pointing down on a screen, a positive angle is clockwise.
public func arcTangent2(_ y: Double, _ x: Double) -> Double {
  if x > 0, let small = smallArcTangent(y / x) { return small }
  return wideArcTangent2(y, x)
}

/// A frame-to-frame turn is usually tiny: below 1/64 six terms of the series, summed by
/// Horner's rule without a loop, are exact to the last bit or two (the next term is below
/// 2⁻⁷² of the result).
func smallArcTangent(_ t: Double) -> Double? {
  guard t.magnitude < 1.0 / 64 else { return nil }
  let t2 = t * t
  let series = 1 / 9 + t2 * (-1 / 11)
  return t + t * t2 * (-1 / 3 + t2 * (1 / 5 + t2 * (-1 / 7 + t2 * series)))
}

/// `arcTangent2` without its inlined fast path.
@inline(never) func wideArcTangent2(_ y: Double, _ x: Double) -> Double {
  if x > 0 { return arcTangent(y / x) }
  if x < 0 {
    let base = arcTangent(y / x)
    return y.sign == .minus ? base - Double.pi : base + Double.pi
  }
  if y > 0 { return Double.pi / 2 }
  if y < 0 { return -Double.pi / 2 }
  return 0
}
