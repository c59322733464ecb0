import TouchInput

/// Estimates the velocity of a moving point by a least-squares fit over its recent samples.
///
/// As Android's default "lsq2" and Flutter's tracker: a quadratic fit x(τ) = a + bτ + cτ² over
/// the samples of the last 100 ms (at most 20), stopping at a gap of more than 40 ms; the
/// velocity is b, the slope at the newest sample. Two samples give their difference quotient,
/// one gives zero, and a point whose newest sample is more than 40 ms old is stopped.
/// Samples live in a fixed ring buffer, allocated once: adding one never allocates. The tracker
/// is an ordinary value that a struct of yours holds and copies: a copy shares the ring until
/// one of them adds a sample, which then gets a ring of its own (copy on write).
public struct VelocityTracker: Sendable {
  /// How far back samples count (Android `HORIZON`, Flutter: 100 ms).
  public static let horizon: Microseconds = 100_000
  /// How many samples count at most (Android `HISTORY_SIZE`, Flutter: 20).
  public static let capacity = 20
  /// A pause longer than this means the point stopped (Android, Flutter: 40 ms).
  public static let stopGap: Microseconds = 40_000

  private struct Sample: Sendable {
    var time: Microseconds
    var x: Double
    var y: Double
  }

  /// The ring: `capacity` samples, the newest at `newest`, `count` of them valid.
  private var samples = [Sample](repeating: Sample(time: 0, x: 0, y: 0), count: capacity)
  private var newest = 0
  private var count = 0

  /// Creates an empty tracker.
  public init() {}

  /// Forgets every sample.
  public mutating func reset() {
    count = 0
  }

  /// Records the position `(x, y)` (mm) at event time `time`.
  public mutating func add(x: Double, y: Double, at time: Microseconds) {
    let sample = Sample(time: time, x: x, y: y)
    if count > 0 && samples[newest].time == time {
      samples[newest] = sample
      return
    }
    if count == 0 {
      newest = 0
    } else {
      newest = newest + 1 == Self.capacity ? 0 : newest + 1
    }
    samples[newest] = sample
    if count < Self.capacity { count += 1 }
  }

  /// The estimated velocity at event time `time`, in units per second.
  public func velocity(at time: Microseconds) -> PlaneVector {
    guard count > 0, time - samples[newest].time <= Self.stopGap else { return .zero }
    let t0 = samples[newest].time
    let p0 = SIMD2(samples[newest].x, samples[newest].y)
    var n = 0
    var index = newest
    var later = t0
    // Sums for the normal equations (τ in seconds, positions relative to the newest sample),
    // two lanes at a time: (Στ, Στ²), (Στ³, Στ⁴), (Σx, Σy), (Σxτ, Σyτ), (Σxτ², Σyτ²). Each lane
    // does the same IEEE operations in the same order as a scalar loop would: the same bits.
    var s12 = SIMD2<Double>.zero, s34 = SIMD2<Double>.zero
    var sp = SIMD2<Double>.zero, spt = SIMD2<Double>.zero, spt2 = SIMD2<Double>.zero
    while n < count {
      let sample = samples[index]
      let t = sample.time
      // Wrapping arithmetic: sample times are ordered and far from the Int64 limits.
      if t0 &- t > Self.horizon || later &- t > Self.stopGap { break }
      let tau = Double(t &- t0) * 1e-6
      let p = SIMD2(sample.x, sample.y) - p0
      let tau2 = tau * tau
      let powers = SIMD2(tau, tau2)
      s12 += powers
      s34 += powers * tau2
      sp += p
      spt += p * tau
      spt2 += p * tau2
      n &+= 1
      later = t
      index = index == 0 ? Self.capacity - 1 : index &- 1
    }
    let s1 = s12.x, s2 = s12.y, s3 = s34.x, s4 = s34.y
    let sx = sp.x, sxt = spt.x, sxt2 = spt2.x, sy = sp.y, syt = spt.y, syt2 = spt2.y
    guard n >= 2 else { return .zero }
    let s0 = Double(n)
    if n >= 3 {
      // Cramer's rule on [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]] · (a b c) = (sx sxt sxt2).
      let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
      if det.magnitude > 1e-24 {
        // One division for both slopes (changes only the last bits).
        let inverse = 1 / det
        func slope(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
          let numerator =
            s0 * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)
          return numerator * inverse
        }
        return PlaneVector(dx: slope(sx, sxt, sxt2), dy: slope(sy, syt, syt2))
      }
    }
    let variance = s0 * s2 - s1 * s1
    guard variance > 0 else { return .zero }
    let inverse = 1 / variance
    return PlaneVector(dx: (s0 * sxt - s1 * sx) * inverse, dy: (s0 * syt - s1 * sy) * inverse)
  }
}
