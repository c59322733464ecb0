import Foundation
import TouchInput

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// The image-carousel sessions: flipping, the alert lock, zoom clamps, panning while zoomed.
let carouselScenarios: [Scenario] = [
  Scenario(
    name: "carousel-demo",
    summary:
      "flip twice, hold for the alert, tap it away, pinch to zoom, pan, double tap, flip back"
  ) {
    $0.swipe(.left)
    $0.pause($0.random.uniform(800...1000))
    $0.swipe(.left)
    $0.pause($0.random.uniform(800...1000))
    $0.press(hold: 800)
    $0.pause($0.random.uniform(800...1000))
    $0.tap(at: mm(126, 64))
    $0.pause($0.random.uniform(800...1000))
    $0.pinch(from: 35, to: 80, duration: 700)
    $0.pause($0.random.uniform(700...900))
    $0.stroke(
      around: mm(140, 80), translation: mm(-40, -15), duration: 800, holdBefore: 120,
      holdAfter: 150)
    $0.pause($0.random.uniform(800...1000))
    $0.taps(2, at: mm(120, 70))
    $0.pause($0.random.uniform(800...1000))
    $0.swipe(.right)
  },
  Scenario(name: "carousel-tour", summary: "swipe left four times, pausing on each image") {
    for index in 0..<4 {
      if index > 0 { $0.pause($0.random.uniform(800...1400)) }
      $0.swipe(.left)
    }
  },
  Scenario(name: "carousel-back-and-forth", summary: "swipe left, left, right, right, right") {
    for (index, direction) in [Direction.left, .left, .right, .right, .right].enumerated() {
      if index > 0 { $0.pause($0.random.uniform(700...1100)) }
      $0.swipe(direction)
    }
  },
  Scenario(
    name: "carousel-long-press-twice", summary: "hold 800 ms, lift, hold again (alert lock)"
  ) {
    $0.press(hold: 800)
    $0.pause($0.random.uniform(700...900))
    $0.press(at: mm(118, 72), hold: 850)
  },
  Scenario(name: "carousel-tap-dismiss", summary: "hold 800 ms for the alert, then tap it away") {
    $0.press(hold: 820)
    $0.pause($0.random.uniform(800...1000))
    $0.tap(at: mm(126, 64))
  },
  Scenario(
    name: "carousel-pinch-clamps", summary: "pinch out to 5x (past 4x), then in to 0.2x (past 1x)"
  ) {
    $0.pinch(from: 30, to: 150, duration: 1100)
    $0.pause($0.random.uniform(700...900))
    $0.pinch(from: 120, to: 24, duration: 1000)
  },
  Scenario(
    name: "carousel-pan-zoomed", summary: "pinch out to 2x, then pan the photo with one finger"
  ) {
    $0.pinch(from: 35, to: 70, duration: 700)
    $0.pause($0.random.uniform(700...900))
    $0.stroke(
      around: mm(140, 80), translation: mm(-45, -20), duration: 800, holdBefore: 120,
      holdAfter: 150)
  },
  Scenario(name: "carousel-double-tap-zoom", summary: "double tap, pause, double tap") {
    $0.taps(2, at: mm(100, 60))
    $0.pause($0.random.uniform(1000...1200))
    $0.taps(2, at: mm(140, 75))
  },
  Scenario(
    name: "carousel-swipe-while-zoomed",
    summary: "pinch out to 2x, then a fast one-finger horizontal drag"
  ) {
    $0.pinch(from: 35, to: 70, duration: 700)
    $0.pause($0.random.uniform(700...900))
    $0.stroke(
      around: mm(160, 70), translation: mm(-80, 3), duration: 180, holdBefore: 25,
      liftAt: 0.85)
  },
]
