// Pure-Swift inverse tangent, because the standard library has none without Glibc.
//
// Range reduction: |x| > 1 uses atan(x) = π/2 − atan(1/x); two half-angle steps
// atan(x) = 2·atan(x / (1 + √(1 + x²))) bring the argument below tan(π/16) ≈ 0.199, where 13
// terms of the Taylor series leave an error far below 1e-15.

/// The arc tangent of `x`, in radians, in −π/2…π/2.
public func arcTangent(_ x: Double) -> Double {
  guard x.isFinite else {
    if x.isNaN { return x }
    return x > 0 ? Double.pi / 2 : -Double.pi / 2
  }
  var v = x.magnitude
  let inverted = v > 1
  if inverted { v = 1 / v }
  v = v / (1 + (1 + v * v).squareRoot())
  v = v / (1 + (1 + v * v).squareRoot())
  let v2 = v * v
  var power = v
  var sum = v
  var denominator = 1.0
  var sign = 1.0
  for _ in 0..<13 {
    power *= v2
    denominator += 2
    sign = -sign
    sum += sign * power / denominator
  }
  var result = 4 * sum
  if inverted { result = Double.pi / 2 - result }
  return x < 0 ? -result : result
}

/// The angle of the point (x, y) from the positive x axis, in radians, in −π…π (C's `atan2`).
///
/// With y pointing down on a screen, a positive angle is clockwise.
public func arcTangent2(_ y: Double, _ x: Double) -> Double {
  if x > 0 { return arcTangent(y / x) }
  if x < 0 {
    let base = arcTangent(y / x)
    return y.sign == .minus ? base - Double.pi : base + Double.pi
  }
  if y > 0 { return Double.pi / 2 }
  if y < 0 { return -Double.pi / 2 }
  return 0
}
