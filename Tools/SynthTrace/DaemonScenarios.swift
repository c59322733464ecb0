import TouchInput

/// Drags from the screen's edges, for the `gesturectl run` edge-pan bindings (the synthetic
/// screen is 240 × 135 mm).
let daemonScenarios: [Scenario] = [
  Scenario(
    name: "edge-swipe-from-right", summary: "one finger from the right edge, 70 mm left in 400 ms"
  ) {
    $0.stroke(
      around: MillimeterPoint(x: 238, y: 70), translation: MillimeterPoint(x: -70, y: 0),
      duration: 400, holdBefore: 30, holdAfter: 60)
  },
  Scenario(
    name: "edge-drag-up-right", summary: "one finger along the right edge, 45 mm up in 1.2 s"
  ) {
    $0.stroke(
      around: MillimeterPoint(x: 237.5, y: 110), translation: MillimeterPoint(x: 0, y: -45),
      duration: 1200, holdBefore: 60, holdAfter: 100)
  },
]
