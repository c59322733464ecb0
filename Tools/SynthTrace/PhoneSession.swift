import TouchInput

/// A phone user's session under a gesture daemon (sxmo with lisgd, or `gesturectl run`), for
/// the daemon benchmark: one- and two-finger swipes, swipes in from each edge, volume drags
/// along the right edge, taps, double taps, holds, pinches and slow scrolls, each followed by
/// the usual quiet. The synthetic panel is 240 × 135 mm; edge gestures land 0.5–3 mm from the
/// edge, inside both lisgd's 50 px band (6.25 mm at 8 px/mm) and our 5 mm band.
enum PhoneSession {
  /// The panel's width and height, mm.
  static let size = MillimeterPoint(x: 240, y: 135)

  /// Adds one random gesture of the session (and the quiet after it) to `builder`.
  static func addGesture(to builder: inout SessionBuilder) {
    let center = MillimeterPoint(
      x: builder.random.uniform(70...170), y: builder.random.uniform(45...90))
    let sides: [Direction] = [.left, .right, .up, .down]
    switch builder.random.integer(0...9) {
    case 0, 1: builder.swipe(sides[builder.random.integer(0...3)])
    case 2: builder.swipe(builder.random.integer(0...1) == 0 ? .up : .down, fingers: 2)
    case 3, 4: edgeSwipe(from: sides[builder.random.integer(0...3)], builder: &builder)
    case 5: volumeDrag(up: builder.random.integer(0...1) == 0, builder: &builder)
    case 6:
      if builder.random.integer(0...2) == 0 {
        builder.taps(2, at: center)
      } else {
        builder.tap(at: center)
      }
    case 7: builder.press(at: center, hold: builder.random.uniform(600...1000))
    case 8:
      let from = builder.random.uniform(25...50)
      builder.pinch(
        around: center, from: from, to: from * builder.random.uniform(0.45...2.2),
        duration: builder.random.uniform(400...900))
    default:
      builder.stroke(
        around: center, translation: MillimeterPoint(x: 0, y: builder.random.uniform(-40...40)),
        duration: builder.random.uniform(500...1000), holdBefore: builder.random.uniform(30...80),
        holdAfter: builder.random.uniform(0...150))
    }
    builder.pause()
  }

  /// One finger landing 0.5–3 mm inside the edge a swipe in `direction` starts from (the left
  /// edge for `.right`), moving 40–70 mm inwards in 250–450 ms.
  static func edgeSwipe(from direction: Direction, builder: inout SessionBuilder) {
    let inset = builder.random.uniform(0.5...3)
    let along = builder.random.uniform(0.25...0.75)
    let start: MillimeterPoint
    switch direction {
    case .right: start = MillimeterPoint(x: inset, y: size.y * along)
    case .left: start = MillimeterPoint(x: size.x - inset, y: size.y * along)
    case .down: start = MillimeterPoint(x: size.x * along, y: inset)
    case .up: start = MillimeterPoint(x: size.x * along, y: size.y - inset)
    }
    let distance = builder.random.uniform(40...70)
    builder.stroke(
      around: start,
      translation: MillimeterPoint(x: direction.unit.x * distance, y: direction.unit.y * distance),
      duration: builder.random.uniform(250...450), holdBefore: builder.random.uniform(20...50),
      holdAfter: builder.random.uniform(0...40))
  }

  /// One finger 0.5–2 mm from the right edge, moved 30–60 mm up or down in 0.8–1.5 s (sxmo's
  /// volume drag).
  static func volumeDrag(up: Bool, builder: inout SessionBuilder) {
    let distance = builder.random.uniform(30...60)
    let start = MillimeterPoint(
      x: size.x - builder.random.uniform(0.5...2),
      y: up ? builder.random.uniform(80...120) : builder.random.uniform(15...55))
    builder.stroke(
      around: start, translation: MillimeterPoint(x: 0, y: up ? -distance : distance),
      duration: builder.random.uniform(800...1500), holdBefore: builder.random.uniform(40...100),
      holdAfter: builder.random.uniform(50...150))
  }
}
