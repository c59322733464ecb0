import Foundation
import TouchInput

/// Milliseconds on the scenario's clock, as a real number (the recording rounds to µs).
typealias Milliseconds = Double

/// The minimum-jerk position profile: the fraction of the distance covered at normalized time
/// `tau` (0…1), `10τ³ − 15τ⁴ + 6τ⁵` (Flash & Hogan 1985). Velocity and acceleration are zero at
/// both ends, as in a human reaching movement. `tau` is clamped to 0…1.
func minimumJerk(_ tau: Double) -> Double {
  let t = min(max(tau, 0), 1)
  let t3 = t * t * t
  return t3 * (10 + t * (-15 + 6 * t))
}

/// The speed of the minimum-jerk profile at `tau`, in distances per unit of normalized time:
/// `30τ²(1 − τ)²`, peaking at 1.875 at τ = 0.5.
func minimumJerkSpeed(_ tau: Double) -> Double {
  guard tau > 0 && tau < 1 else { return 0 }
  let a = tau * (1 - tau)
  return 30 * a * a
}

/// One smooth movement of a hand: every finger down during it follows the same similarity
/// transform (translation, scaling and rotation about a pivot), driven by the minimum-jerk
/// profile between `begin` and `begin + duration`.
///
/// A straight translation bows sideways by `bow` × its length at the middle (people do not
/// draw straight lines).
struct Move {
  /// When the movement starts, in ms.
  var begin: Milliseconds
  /// How long it lasts, in ms.
  var duration: Milliseconds
  /// The displacement of the pivot, in mm.
  var translation: MillimeterPoint = MillimeterPoint(x: 0, y: 0)
  /// The factor the fingers' distance from the pivot is multiplied by (pinch).
  var scale: Double = 1
  /// The rotation about the pivot, in radians; positive is clockwise on screen (y down).
  var rotation: Double = 0
  /// The point the hand scales and rotates about, in mm, at the start of the movement.
  var pivot: MillimeterPoint = MillimeterPoint(x: 0, y: 0)
  /// The sideways bow of the path at mid-movement, as a fraction of the translation.
  var bow: Double = 0

  /// When the movement ends, in ms.
  var end: Milliseconds { begin + duration }

  /// The profile's progress (0…1) at time `t`.
  func progress(at t: Milliseconds) -> Double {
    minimumJerk((t - begin) / duration)
  }

  /// The displacement of the pivot at progress `f`, bow included.
  func displacement(_ f: Double) -> MillimeterPoint {
    let side = bow * sin(Double.pi * f)
    return MillimeterPoint(
      x: translation.x * f - translation.y * side, y: translation.y * f + translation.x * side)
  }

  /// Where a finger that was at `point` at progress `from` is at progress `to`.
  ///
  /// The transform at progress f maps a start point p to
  /// `pivot + D(f) + R(θf)·k(f)·(p − pivot)`, with `k(f) = 1 + (scale − 1)f`; composing it with
  /// the inverse at `from` lets a finger join a movement that is already under way.
  func apply(_ point: MillimeterPoint, from: Double, to: Double) -> MillimeterPoint {
    let d0 = displacement(from)
    let d1 = displacement(to)
    let k = (1 + (scale - 1) * to) / (1 + (scale - 1) * from)
    let angle = rotation * (to - from)
    let c = cos(angle) * k
    let s = sin(angle) * k
    let rx = point.x - pivot.x - d0.x
    let ry = point.y - pivot.y - d0.y
    return MillimeterPoint(
      x: pivot.x + d1.x + c * rx - s * ry, y: pivot.y + d1.y + s * rx + c * ry)
  }
}
