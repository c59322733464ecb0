import Foundation
import TouchInput

/// Builds a session of human gestures on a time line: each gesture starts at `now` and moves
/// `now` to its last lift; `pause` leaves quiet between gestures.
///
/// Contacts are kept in groups separated by quiet (no finger down); the emitter writes one group
/// at a time, which lets `stress` stream millions of events.
struct SessionBuilder {
  /// The source of every random choice in the session.
  var random: SplitMix64
  /// The end of the last gesture, in ms.
  var now: Milliseconds = 0
  /// Finished groups of contacts.
  var groups: [[Contact]] = []
  /// The contacts of the group being built.
  var current: [Contact] = []
  /// Times (ms) at which the kernel's buffer overflows: the first scan at or after each is
  /// written after a `SYN_DROPPED` and followed by the device's state.
  var drops: [Milliseconds] = []

  /// Creates a builder drawing from `random`.
  init(random: SplitMix64) {
    self.random = random
  }

  /// Ends the current group and returns every group built.
  mutating func finish() -> [[Contact]] {
    closeGroup()
    return groups
  }

  /// Moves the current contacts to `groups`.
  mutating func closeGroup() {
    if !current.isEmpty { groups.append(current) }
    current = []
  }

  /// Leaves `ms` of quiet (by default 650–950 ms, more than a double-tap interval so taps
  /// resolve); quiet of 600 ms or more starts a new group.
  mutating func pause(_ ms: Milliseconds? = nil) {
    let gap = ms ?? random.uniform(650...950)
    if gap >= 600 { closeGroup() }
    now += gap
  }

  /// The delays between fingers of one hand landing or lifting, in ms.
  static let staggerRange: ClosedRange<Milliseconds> = 10...60

  /// A delay between fingers of one hand landing or lifting, drawn from `range`.
  mutating func stagger(_ range: ClosedRange<Milliseconds> = staggerRange) -> Milliseconds {
    random.uniform(range)
  }

  /// Where `count` fingertips of one hand rest around `center`: in a row about 18 mm apart,
  /// slightly uneven (a hand is not a ruler).
  mutating func fingertips(_ count: Int, around center: MillimeterPoint, spacing: Double = 18)
    -> [MillimeterPoint]
  {
    (0..<count).map { index in
      let offset = (Double(index) - Double(count - 1) / 2) * spacing
      let arch = count > 2 && (index == 0 || index == count - 1) ? 4.0 : 0
      return MillimeterPoint(
        x: center.x + offset + random.uniform(-1.5...1.5),
        y: center.y + arch + random.uniform(-1.5...1.5))
    }
  }

  /// Adds a hand: fingers at `points` land from `now` one after another (10–60 ms apart),
  /// take part in `moves` and lift at `lift`, then 10–60 ms apart. Sets `now` to the last lift.
  ///
  /// - Parameters:
  ///   - points: Where the fingers land, in landing order.
  ///   - moves: The hand's movements, with times relative to the last finger's landing.
  ///   - lift: When the first finger lifts, relative to the last finger's landing.
  ///   - liftStagger: The delays between lifts, in ms.
  mutating func hand(
    _ points: [MillimeterPoint], moves: [Move], lift: Milliseconds,
    liftStagger: ClosedRange<Milliseconds> = staggerRange
  ) {
    var lands: [Milliseconds] = []
    var time = now
    for index in points.indices {
      if index > 0 { time += stagger() }
      lands.append(time)
    }
    let settled = time
    var lifts: [Milliseconds] = []
    var liftTime = settled + lift
    for index in points.indices {
      if index > 0 { liftTime += stagger(liftStagger) }
      lifts.append(liftTime)
    }
    let order = points.indices.shuffledDeterministically(using: &random)
    let shifted = moves.map { move -> Move in
      var copy = move
      copy.begin += settled
      return copy
    }
    for (index, point) in points.enumerated() {
      let contact = Contact(
        land: lands[index], lift: lifts[order[index]], start: point, moves: shifted,
        tremor: Tremor(random: &random))
      current.append(contact)
    }
    now = lifts.last ?? now
  }

  /// The centroid of `points`.
  static func centroid(_ points: [MillimeterPoint]) -> MillimeterPoint {
    let n = Double(max(points.count, 1))
    return MillimeterPoint(
      x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
  }
}

extension Range where Bound == Int {
  /// The indices in a random order drawn from `random` (Fisher–Yates).
  func shuffledDeterministically(using random: inout SplitMix64) -> [Int] {
    var result = Array(self)
    guard result.count > 1 else { return result }
    for index in stride(from: result.count - 1, to: 0, by: -1) {
      let other = random.integer(0...index)
      result.swapAt(index, other)
    }
    return result
  }
}
