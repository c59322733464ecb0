import TouchInput

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// The photo viewer's sessions (`photo-carousel`, issue 18) beyond the carousel's: the
/// thumbnail grid, a double tap's zoom, a drag that settles back.
let viewerScenarios: [Scenario] = [
  Scenario(
    name: "viewer-grid-tap",
    summary: "pinch in at 1x (grid opens), pause, tap the third cell of the second row"
  ) {
    $0.pinch(from: 90, to: 30, duration: 700)
    $0.pause($0.random.uniform(700...900))
    // The 4x3 grid on the 239x134 mm surface: row 2, column 3 is photo 7 of a page.
    $0.tap(at: mm(149, 67))
  },
  Scenario(name: "viewer-double-tap", summary: "one double tap left of the middle (2x there)") {
    $0.taps(2, at: mm(80, 50))
  },
  Scenario(
    name: "viewer-drag-back",
    summary: "a slow 50 mm drag to the left in 1.6 s: no swipe, the photo settles back"
  ) {
    $0.stroke(
      around: mm(150, 70), translation: mm(-50, 0), duration: 1600, holdBefore: 150,
      holdAfter: 200)
  },
]
