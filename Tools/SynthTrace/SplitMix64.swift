import Foundation

/// A small seeded random number generator (SplitMix64): the same seed gives the same numbers
/// on every run and every machine, so the same seed gives a byte-identical recording.
struct SplitMix64 {
  /// The generator's state; it advances by a fixed odd constant per draw.
  private var state: UInt64

  /// Creates a generator from a seed.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0 ..< 1` with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A number drawn uniformly from `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// An integer drawn uniformly from `range`.
  mutating func integer(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int(next() % span)
  }

  /// A number from the standard normal distribution (Box–Muller; one draw of two).
  mutating func gaussian() -> Double {
    let u1 = max(unit(), 0x1.0p-53)
    let u2 = unit()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// `true` with probability `p`.
  mutating func chance(_ p: Double) -> Bool {
    unit() < p
  }
}

/// A 64-bit FNV-1a hash of `text`: a stable way to derive a scenario's seed from its name
/// (Swift's `Hasher` is randomly seeded per process, so it cannot be used).
func stableHash(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash &*= 0x100_0000_01b3
  }
  return hash
}
