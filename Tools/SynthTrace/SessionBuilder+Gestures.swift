import Foundation
import TouchInput

/// A direction on screen (y grows downwards).
enum Direction {
  case left, right, up, down

  /// The unit vector of the direction.
  var unit: MillimeterPoint {
    switch self {
    case .left: MillimeterPoint(x: -1, y: 0)
    case .right: MillimeterPoint(x: 1, y: 0)
    case .up: MillimeterPoint(x: 0, y: -1)
    case .down: MillimeterPoint(x: 0, y: 1)
    }
  }
}

/// The gestures scenarios are made of; each starts at `now` and leaves `now` at its last lift.
extension SessionBuilder {
  /// The middle of the synthetic panel (240 × 135 mm), in mm.
  static let middle = MillimeterPoint(x: 120, y: 67.5)

  /// A tap with `fingers` fingers: down 60–110 ms, drifting less than 0.4 mm.
  mutating func tap(at point: MillimeterPoint = middle, fingers: Int = 1) {
    let hold = random.uniform(60...110)
    let drift = Move(
      begin: 0, duration: hold,
      translation: MillimeterPoint(x: random.uniform(-0.3...0.3), y: random.uniform(-0.3...0.3)))
    hand(fingertips(fingers, around: point), moves: [drift], lift: hold)
  }

  /// `count` taps at about the same place, 100–180 ms from one lift to the next landing.
  mutating func taps(_ count: Int, at point: MillimeterPoint = middle, fingers: Int = 1) {
    for index in 0..<count {
      if index > 0 { pause(random.uniform(100...180)) }
      let spot = MillimeterPoint(
        x: point.x + random.uniform(-1...1), y: point.y + random.uniform(-1...1))
      tap(at: spot, fingers: fingers)
    }
  }

  /// A finger held still (tremor only) for `hold` ms after it lands.
  mutating func press(at point: MillimeterPoint = middle, fingers: Int = 1, hold: Milliseconds) {
    hand(fingertips(fingers, around: point), moves: [], lift: hold)
  }

  /// Fingers land around `center`, rest `holdBefore` ms, move by `translation` (scaled and
  /// rotated about their centroid) in `duration` ms, and lift `holdAfter` ms later, or, with
  /// `liftAt` below 1, while still moving at that fraction of the movement's time (a flick).
  mutating func stroke(
    around center: MillimeterPoint, fingers: Int = 1, spacing: Double = 18,
    translation: MillimeterPoint, duration: Milliseconds, holdBefore: Milliseconds,
    holdAfter: Milliseconds = 0, liftAt: Double = 1, scale: Double = 1, rotation: Double = 0,
    liftStagger: ClosedRange<Milliseconds> = staggerRange
  ) {
    let points = fingertips(fingers, around: center, spacing: spacing)
    move(
      points, translation: translation, duration: duration, holdBefore: holdBefore,
      holdAfter: holdAfter, liftAt: liftAt, scale: scale, rotation: rotation,
      liftStagger: liftStagger)
  }

  /// Like `stroke`, with the landing points given.
  mutating func move(
    _ points: [MillimeterPoint], translation: MillimeterPoint, duration: Milliseconds,
    holdBefore: Milliseconds, holdAfter: Milliseconds = 0, liftAt: Double = 1,
    scale: Double = 1, rotation: Double = 0,
    liftStagger: ClosedRange<Milliseconds> = staggerRange
  ) {
    let length = (translation.x * translation.x + translation.y * translation.y).squareRoot()
    let movement = Move(
      begin: holdBefore, duration: duration, translation: translation, scale: scale,
      rotation: rotation, pivot: Self.centroid(points),
      bow: length > 5 ? random.uniform(-0.04...0.04) : 0)
    hand(
      points, moves: [movement], lift: holdBefore + duration * liftAt + holdAfter,
      liftStagger: liftStagger)
  }

  /// A fast swipe: 60–100 mm (60–85 mm vertically) in 120–200 ms, lifted while still moving.
  ///
  /// With several fingers the hand moves for 160–220 ms and the fingers leave 10–25 ms apart
  /// from 55–68 % of the movement on, so that every finger lifts while the hand still moves,
  /// as in a real flick.
  mutating func swipe(_ direction: Direction, fingers: Int = 1) {
    let vertical = direction == .up || direction == .down
    let distance = vertical ? random.uniform(60...85) : random.uniform(60...100)
    let unit = direction.unit
    let start = MillimeterPoint(
      x: Self.middle.x - unit.x * distance / 2 + random.uniform(-10...10),
      y: Self.middle.y - unit.y * distance / 2 + random.uniform(-8...8))
    let single = fingers == 1
    stroke(
      around: start, fingers: fingers,
      translation: MillimeterPoint(x: unit.x * distance, y: unit.y * distance),
      duration: single ? random.uniform(120...200) : random.uniform(160...220),
      holdBefore: random.uniform(15...40),
      liftAt: single ? random.uniform(0.78...0.92) : random.uniform(0.55...0.68),
      liftStagger: single ? Self.staggerRange : 10...25)
  }

  /// Thumb and index finger `span` mm apart at 20–40° from horizontal, around `center`.
  mutating func pinchPoints(around center: MillimeterPoint, span: Double) -> [MillimeterPoint] {
    let angle = random.uniform(20...40) * Double.pi / 180
    let dx = cos(angle) * span / 2
    let dy = sin(angle) * span / 2
    return [
      MillimeterPoint(x: center.x - dx, y: center.y + dy),
      MillimeterPoint(x: center.x + dx, y: center.y - dy),
    ]
  }

  /// Two fingers whose distance goes from `from` to `to` mm in `duration` ms, optionally
  /// rotating by `rotation` radians and moving by `translation`.
  mutating func pinch(
    around center: MillimeterPoint = middle, from: Double, to: Double, duration: Milliseconds,
    rotation: Double = 0, translation: MillimeterPoint = MillimeterPoint(x: 0, y: 0)
  ) {
    let points = pinchPoints(around: center, span: from)
    move(
      points, translation: translation, duration: duration,
      holdBefore: random.uniform(60...120), holdAfter: random.uniform(60...150),
      scale: to / from, rotation: rotation)
  }
}
