import TouchInput

// Motions told as a story, from a cursor that moves on: land, move, spread, rotate, lift,
// wait. Steps at the cursor's time form one frame; fingers that do not move are carried as
// stationary in every frame.
extension TouchScript {
  /// Finger `finger` lands at (x, y) mm at the cursor's time, ``now``.
  public mutating func land(_ finger: Int, x: Double, y: Double) {
    down(finger, at: now, x: x, y: y)
  }

  /// Finger `finger` lifts at the cursor's time, where it last was.
  public mutating func lift(_ finger: Int) {
    up(finger, at: now)
  }

  /// Moves the cursor `ms` milliseconds on: the fingers down rest (the frames in between are
  /// only those of the steps given later).
  public mutating func wait(_ ms: Double) {
    now += ms
  }

  /// Moves `fingers` together by (`dx`, `dy`) mm in a straight line over `ms` milliseconds from
  /// the cursor, a frame every `every` ms; the cursor ends at the last frame.
  public mutating func move(
    _ fingers: [Int], by dx: Double, _ dy: Double, over ms: Double, every: Double = 8
  ) {
    transform(fingers, over: ms, every: every) { point, _, fraction in
      (point.x + dx * fraction, point.y + dy * fraction)
    }
  }

  /// Spreads `fingers` (two or more) about their centroid so their distances to it are
  /// multiplied by `scale` (below 1 pinches them in), over `ms` milliseconds from the cursor,
  /// a frame every `every` ms.
  public mutating func spread(
    _ fingers: [Int], by scale: Double, over ms: Double, every: Double = 8
  ) {
    transform(fingers, over: ms, every: every) { point, centre, fraction in
      let factor = 1 + (scale - 1) * fraction
      return (centre.x + (point.x - centre.x) * factor, centre.y + (point.y - centre.y) * factor)
    }
  }

  /// Turns `fingers` about their centroid by `degrees` (positive: clockwise on the screen, y
  /// growing downwards) over `ms` milliseconds from the cursor, a frame every `every` ms.
  public mutating func rotate(
    _ fingers: [Int], by degrees: Double, over ms: Double, every: Double = 8
  ) {
    transform(fingers, over: ms, every: every) { point, centre, fraction in
      let angle = degrees * fraction * Double.pi / 180
      let (dx, dy) = (point.x - centre.x, point.y - centre.y)
      let cosine = Self.cosine(angle)
      let sine = Self.cosine(angle - Double.pi / 2)
      return (centre.x + dx * cosine - dy * sine, centre.y + dx * sine + dy * cosine)
    }
  }

  /// Moves each of `fingers` from where it is along `place` (its start, the fingers'
  /// centroid, the fraction 0…1 → its position) on one time grid, so each frame moves them all.
  private mutating func transform(
    _ fingers: [Int], over ms: Double, every: Double,
    _ place: (MillimeterPoint, MillimeterPoint, Double) -> (Double, Double)
  ) {
    let starts = fingers.map { position(of: $0) }
    var centre = MillimeterPoint(x: 0, y: 0)
    for start in starts {
      centre.x += start.x / Double(max(starts.count, 1))
      centre.y += start.y / Double(max(starts.count, 1))
    }
    let from = now
    for (finger, start) in zip(fingers, starts) {
      path(finger, from: from, to: from + ms, every: every) { place(start, centre, $0) }
    }
    now = from + ms
  }

  /// The cosine, from its Taylor series after reducing the angle to ±π (Foundation-free, and
  /// exact to about 1e-15 for the angles of a test).
  static func cosine(_ angle: Double) -> Double {
    var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi }
    if x < -Double.pi { x += 2 * Double.pi }
    var term = 1.0
    var sum = 1.0
    for n in stride(from: 2, through: 40, by: 2) {
      term *= -x * x / Double((n - 1) * n)
      sum += term
    }
    return sum
  }
}
