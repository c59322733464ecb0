import Foundation
import TouchInput

/// A long random mix of every kind of gesture, for benchmarks: gestures are drawn, built and
/// written one group at a time until the recording holds at least `events` events.
enum Stress {
  /// Adds one random gesture (and the quiet after it) to `builder`.
  static func addRandomGesture(to builder: inout SessionBuilder) {
    let center = MillimeterPoint(
      x: builder.random.uniform(70...170), y: builder.random.uniform(45...90))
    switch builder.random.integer(0...8) {
    case 0: builder.tap(at: center, fingers: builder.random.integer(1...3))
    case 1: builder.taps(2, at: center)
    case 2: builder.press(at: center, hold: builder.random.uniform(300...1000))
    case 3:
      let directions: [Direction] = [.left, .right, .up, .down]
      builder.swipe(
        directions[builder.random.integer(0...3)], fingers: builder.random.integer(1...3))
    case 4:
      let from = builder.random.uniform(25...60)
      builder.pinch(
        around: center, from: from, to: from * builder.random.uniform(0.4...2.5),
        duration: builder.random.uniform(400...1000))
    case 5:
      builder.pinch(
        around: center, from: builder.random.uniform(35...60), to: 50,
        duration: builder.random.uniform(500...1000),
        rotation: builder.random.uniform(-1.8...1.8))
    case 6:
      builder.stroke(
        around: center, fingers: builder.random.integer(1...2),
        translation: MillimeterPoint(
          x: builder.random.uniform(-50...50), y: builder.random.uniform(-30...30)),
        duration: builder.random.uniform(400...1400), holdBefore: builder.random.uniform(50...200),
        holdAfter: builder.random.uniform(0...200))
    case 7:
      builder.stroke(
        around: center, translation: MillimeterPoint(x: builder.random.uniform(-40...40), y: 5),
        duration: 600, holdBefore: builder.random.uniform(550...800), holdAfter: 100)
    default:
      builder.tap(at: center)
      builder.pause(builder.random.uniform(100...300))
      builder.press(at: center, hold: builder.random.uniform(600...900))
    }
    builder.pause()
  }

  /// Writes gestures drawn by `add` (by default `addRandomGesture`) to `emitter` until it has
  /// written at least `events` events, handing the text to `flush` whenever a megabyte has
  /// gathered.
  static func run(
    events: Int, builder: inout SessionBuilder, emitter: inout Emitter,
    add: (inout SessionBuilder) -> Void = addRandomGesture(to:),
    flush: (inout String) throws -> Void
  ) rethrows {
    while emitter.eventCount < events {
      add(&builder)
      for group in builder.finish() { emitter.emit(group) }
      builder.groups = []
      if emitter.out.utf8.count > 1 << 20 { try flush(&emitter.out) }
    }
    try flush(&emitter.out)
  }
}
