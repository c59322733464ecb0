import TouchInput

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// One deliberate stroke of a phone user: `fingers` fingers around `start`, moved by
/// `translation` in 300 ms (30 ms still before, 30 ms after), then quiet.
private func flick(
  _ builder: inout SessionBuilder, _ start: MillimeterPoint, _ translation: MillimeterPoint,
  fingers: Int = 1, spacing: Double = 18, duration: Milliseconds = 300
) {
  builder.stroke(
    around: start, fingers: fingers, spacing: spacing, translation: translation,
    duration: duration, holdBefore: 30, holdAfter: 30)
  builder.pause()
}

/// The strokes of sxmo's stock gesture set, on the PinePhone-like panel (68 × 136 mm, 720 ×
/// 1440 units, no resolution): lisgd's bands are 4.7 mm, its threshold 11.8 mm, its medium
/// and long strokes a third and two thirds of the side (45 and 90 mm up and down, 22 and
/// 45 mm across). `synth-trace phone -o DIR` writes them (Recordings/sxmo).
let phoneScenarios: [Scenario] = [
  Scenario(
    name: "phone-corners", summary: "from each corner diagonally inwards, 40 mm", model: .phone
  ) {
    flick(&$0, mm(66.5, 134.5), mm(-28, -28))
    flick(&$0, mm(1.5, 134.5), mm(28, -28))
    flick(&$0, mm(1.5, 1.5), mm(28, 28))
    flick(&$0, mm(66.5, 1.5), mm(-28, 28))
  },
  Scenario(
    name: "phone-edges",
    summary: "along the bottom edge both ways, in from the sides, up from and down to the "
      + "bottom, down from and up to the top, short strokes ending at the sides",
    model: .phone
  ) {
    flick(&$0, mm(8, 133.5), mm(52, 0))
    flick(&$0, mm(60, 133.5), mm(-52, 0))
    flick(&$0, mm(2, 70), mm(30, 0))
    flick(&$0, mm(66, 70), mm(-30, 0))
    flick(&$0, mm(34, 134), mm(0, -30))
    flick(&$0, mm(34, 105), mm(0, 29))
    flick(&$0, mm(34, 2), mm(0, 40))
    flick(&$0, mm(34, 42), mm(0, -40))
    flick(&$0, mm(45, 70), mm(21.5, 0))
    flick(&$0, mm(23, 70), mm(-21.5, 0))
  },
  Scenario(
    name: "phone-two-finger-edges",
    summary: "two fingers down from the top edge, two fingers down to the bottom edge",
    model: .phone
  ) {
    flick(&$0, mm(34, 2), mm(0, 40), fingers: 2)
    flick(&$0, mm(34, 100), mm(0, 34), fingers: 2)
  },
  Scenario(
    name: "phone-pressed",
    summary: "40 mm drags in 500 ms along the right edge up and down, the left edge up and "
      + "down, the top edge right and left (sxmo's volume, brightness and P lines)",
    model: .phone
  ) {
    flick(&$0, mm(66.3, 110), mm(0, -40), duration: 500)
    flick(&$0, mm(66.3, 60), mm(0, 40), duration: 500)
    flick(&$0, mm(1.7, 110), mm(0, -40), duration: 500)
    flick(&$0, mm(1.7, 60), mm(0, 40), duration: 500)
    flick(&$0, mm(10, 1.7), mm(40, 0), duration: 500)
    flick(&$0, mm(55, 1.7), mm(-40, 0), duration: 500)
  },
  Scenario(
    name: "phone-swipes",
    summary: "long, medium and short strokes up, down, left and right, and the four "
      + "diagonals, in the middle",
    model: .phone
  ) {
    flick(&$0, mm(34, 122), mm(0, -100), duration: 350)
    flick(&$0, mm(34, 20), mm(0, 100), duration: 350)
    flick(&$0, mm(58, 70), mm(-50, 0))
    flick(&$0, mm(10, 70), mm(50, 0))
    flick(&$0, mm(34, 100), mm(0, -60))
    flick(&$0, mm(34, 40), mm(0, 60))
    flick(&$0, mm(50, 70), mm(-32, 0))
    flick(&$0, mm(18, 70), mm(32, 0))
    flick(&$0, mm(34, 80), mm(0, -20), duration: 200)
    flick(&$0, mm(34, 60), mm(0, 20), duration: 200)
    flick(&$0, mm(44, 70), mm(-16, 0), duration: 200)
    flick(&$0, mm(24, 70), mm(16, 0), duration: 200)
    flick(&$0, mm(45, 90), mm(-20, -20))
    flick(&$0, mm(45, 50), mm(-20, 20))
    flick(&$0, mm(23, 90), mm(20, -20))
    flick(&$0, mm(23, 50), mm(20, 20))
  },
  Scenario(
    name: "phone-multi-finger",
    summary: "two and three fingers left, right, up and down in the middle",
    model: .phone
  ) {
    flick(&$0, mm(45, 60), mm(-20, 0), fingers: 2)
    flick(&$0, mm(23, 60), mm(20, 0), fingers: 2)
    flick(&$0, mm(34, 100), mm(0, -40), fingers: 2)
    flick(&$0, mm(34, 40), mm(0, 40), fingers: 2)
    flick(&$0, mm(44, 70), mm(-20, 0), fingers: 3, spacing: 15)
    flick(&$0, mm(24, 70), mm(20, 0), fingers: 3, spacing: 15)
    flick(&$0, mm(34, 100), mm(0, -40), fingers: 3, spacing: 15)
    flick(&$0, mm(34, 40), mm(0, 40), fingers: 3, spacing: 15)
  },
  Scenario(
    name: "phone-near-misses",
    summary: "strokes near lisgd's limits: 25 and 35 degrees off up, 10 and 14 mm long, "
      + "from 7 mm above the bottom, 1 s and 650 ms long, two fingers apart",
    model: .phone
  ) {
    // 25° off up: between two of lisgd's sectors (±15°), so nothing.
    flick(&$0, mm(30, 100), mm(40 * 0.4226, -40 * 0.9063))
    // 35° off up: up-right.
    flick(&$0, mm(30, 100), mm(40 * 0.5736, -40 * 0.8192))
    // Below and above 125 px (11.8 mm).
    flick(&$0, mm(34, 80), mm(0, -10), duration: 200)
    flick(&$0, mm(34, 80), mm(0, -14), duration: 200)
    // Starts outside the bottom band (4.7 mm): a plain stroke up.
    flick(&$0, mm(34, 129), mm(0, -30))
    // Over and within lisgd's 800 ms.
    flick(&$0, mm(34, 100), mm(0, -30), duration: 1000)
    flick(&$0, mm(34, 100), mm(0, -30), duration: 650)
    // Two fingers that part: one straight up, the other up and to the right (39° off up).
    $0.hand(
      [mm(24, 100), mm(44, 100)],
      moves: [
        Move(
          begin: 30, duration: 300, translation: mm(0, -25), scale: 2, rotation: 0,
          pivot: mm(24, 100), bow: 0)
      ], lift: 360)
    $0.pause()
  },
  Scenario(
    name: "phone-nothing-bound",
    summary: "a slow scroll (40 mm up in 2 s), a tap and a 1 s hold: sxmo binds none",
    model: .phone
  ) {
    $0.stroke(
      around: mm(34, 100), translation: mm(0, -40), duration: 2000, holdBefore: 60,
      holdAfter: 60)
    $0.pause()
    $0.tap(at: mm(34, 70))
    $0.pause()
    $0.press(at: mm(34, 70), hold: 1000)
  },
]
