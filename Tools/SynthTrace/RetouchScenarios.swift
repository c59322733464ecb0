import Foundation
import TouchInput

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// Sessions of the hard real-world cases of issue 9.
let hardScenarios: [Scenario] = [
  Scenario(
    name: "same-frame-retouch",
    summary:
      "a finger lifts and another lands in the same frame, three ways: a long press then a tap"
      + " 90 mm away (-1 then a new id), a pan then a tap 65 mm away (a new id, no -1), a long"
      + " press then a swipe down (another slot)"
  ) { builder in
    builder.press(at: mm(60, 60), hold: builder.random.uniform(800...850))
    builder.retouch(at: mm(150, 60), .releaseThenNewID) { $0.tap(at: $1) }
    builder.pause()
    builder.stroke(
      around: mm(50, 95), translation: mm(50, 0), duration: 900, holdBefore: 120, holdAfter: 80)
    builder.retouch(at: mm(100, 30), .replacement) { $0.tap(at: $1) }
    builder.pause()
    builder.press(at: mm(170, 30), hold: builder.random.uniform(800...850))
    builder.retouch(at: mm(200, 25), .newSlot) { builder, point in
      builder.move(
        [point], translation: mm(0, 75), duration: builder.random.uniform(150...200),
        holdBefore: 20, liftAt: builder.random.uniform(0.78...0.92))
    }
  },
  Scenario(
    name: "multi-finger-long-press",
    summary: "two fingers held 800 ms, then three fingers held 800 ms (landing 10-60 ms apart)"
  ) { builder in
    builder.press(at: mm(100, 60), fingers: 2, hold: builder.random.uniform(800...850))
    builder.pause()
    builder.press(at: mm(130, 70), fingers: 3, hold: builder.random.uniform(800...850))
  },
  Scenario(
    name: "edge-pans",
    summary:
      "drags inwards from the left and bottom edges, a flick in from the right edge, a tap in"
      + " the right band, a hold in the top band, a drag along the left edge"
  ) { builder in
    let r = builder.random.uniform(-1...1)
    builder.move(
      [mm(2 + r, 60)], translation: mm(60, 5), duration: 600, holdBefore: 60, holdAfter: 100)
    builder.pause()
    builder.move(
      [mm(120, 133 + r)], translation: mm(-5, -50), duration: 500, holdBefore: 60,
      holdAfter: 100)
    builder.pause()
    builder.move(
      [mm(238 + r, 80)], translation: mm(-70, 0), duration: builder.random.uniform(150...200),
      holdBefore: 20, liftAt: builder.random.uniform(0.78...0.92))
    builder.pause()
    builder.tap(at: mm(237, 40))
    builder.pause()
    builder.press(at: mm(100, 2.5), hold: builder.random.uniform(800...850))
    builder.pause()
    builder.move(
      [mm(3, 30)], translation: mm(0, 70), duration: 1300, holdBefore: 60, holdAfter: 100)
  },
]

extension SessionBuilder {
  /// Adds the gesture `then` of a finger landing at `point` in the scan where the previous
  /// gesture's last finger lifts (at `now`), taking over that finger's slot as `handover` says.
  mutating func retouch(
    at point: MillimeterPoint, _ handover: Handover,
    then gesture: (inout SessionBuilder, MillimeterPoint) -> Void
  ) {
    let lifted = now
    let first = current.count
    gesture(&self, point)
    guard first < current.count else { return }
    let shift = lifted - current[first].land
    for index in first..<current.count {
      current[index].land += shift
      current[index].lift += shift
      current[index].moves = current[index].moves.map { move in
        var copy = move
        copy.begin += shift
        return copy
      }
    }
    current[first].handover = handover
    now += shift
  }
}
