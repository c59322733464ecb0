import TouchInput

/// Builds touch frames from a readable script, with time in milliseconds and places in mm.
///
/// ```
/// var script = TouchScript()
/// script.down(1, at: 0, x: 10, y: 10)
/// script.move(1, at: 40, x: 20, y: 10)
/// script.up(1, at: 80)
/// ```
/// Steps at the same time form one frame; every frame lists every touch down, with the phase
/// `stationary` for those that did not change. Fingers are numbered by the caller and become
/// touch ids.
///
/// The same can be told from a cursor, ``now``, that ``wait(_:)`` and each motion move on:
/// ``land(_:x:y:)``, ``move(_:by:_:over:every:)``, ``spread(_:by:over:every:)``,
/// ``rotate(_:by:over:every:)`` and ``lift(_:)``.
public struct TouchScript: Sendable {
  private enum Kind: Sendable {
    case down, move, up, cancel
    case tool(TouchTool)
  }
  private struct Step: Sendable {
    var time: Microseconds
    var finger: Int
    var kind: Kind
    var location: MillimeterPoint
  }

  private var steps: [Step] = []
  private var positions: [Int: MillimeterPoint] = [:]
  /// The cursor, in milliseconds: where ``land(_:x:y:)``, ``lift(_:)`` and the motions start.
  public var now: Double = 0

  /// Creates an empty script.
  public init() {}

  /// Finger `finger` lands at (x, y) mm at `ms` milliseconds.
  public mutating func down(_ finger: Int, at ms: Double, x: Double, y: Double) {
    let p = MillimeterPoint(x: x, y: y)
    positions[finger] = p
    steps.append(Step(time: Self.time(ms), finger: finger, kind: .down, location: p))
  }

  /// Finger `finger` moves to (x, y) mm at `ms` milliseconds.
  public mutating func move(_ finger: Int, at ms: Double, x: Double, y: Double) {
    let p = MillimeterPoint(x: x, y: y)
    positions[finger] = p
    steps.append(Step(time: Self.time(ms), finger: finger, kind: .move, location: p))
  }

  /// Finger `finger` lifts at `ms` milliseconds, where it last was.
  public mutating func up(_ finger: Int, at ms: Double) {
    let p = positions[finger] ?? MillimeterPoint(x: 0, y: 0)
    steps.append(Step(time: Self.time(ms), finger: finger, kind: .up, location: p))
  }

  /// Contact `finger` is reported as `tool` from `ms` milliseconds on (a palm, a pen; by
  /// default every contact is a finger). Before its landing, it lands as that tool.
  public mutating func tool(_ finger: Int, _ tool: TouchTool, at ms: Double) {
    let p = positions[finger] ?? MillimeterPoint(x: 0, y: 0)
    steps.append(Step(time: Self.time(ms), finger: finger, kind: .tool(tool), location: p))
  }

  /// Finger `finger` is cancelled by the input layer at `ms` milliseconds.
  public mutating func cancel(_ finger: Int, at ms: Double) {
    let p = positions[finger] ?? MillimeterPoint(x: 0, y: 0)
    steps.append(Step(time: Self.time(ms), finger: finger, kind: .cancel, location: p))
  }

  /// Moves `finger` in a straight line to (x, y) mm between `from` and `to` ms, a frame every
  /// `every` ms (the first one `every` ms after `from`).
  public mutating func drag(
    _ finger: Int, to x: Double, _ y: Double, from: Double, to end: Double, every: Double = 8
  ) {
    let start = positions[finger] ?? MillimeterPoint(x: x, y: y)
    path(finger, from: from, to: end, every: every) { f in
      (start.x + (x - start.x) * f, start.y + (y - start.y) * f)
    }
  }

  /// Moves `finger` along `curve` (fraction 0…1 → position in mm) between `from` and `to` ms,
  /// a frame every `every` ms and a last one exactly at `to`.
  public mutating func path(
    _ finger: Int, from: Double, to end: Double, every: Double = 8,
    _ curve: (Double) -> (Double, Double)
  ) {
    var t = from + every
    while t < end - every / 1000 {
      let (x, y) = curve((t - from) / (end - from))
      move(finger, at: t, x: x, y: y)
      t += every
    }
    let (x, y) = curve(1)
    move(finger, at: end, x: x, y: y)
  }

  /// A tap of one finger: down at `at` ms, up `duration` ms later, still.
  public mutating func tap(
    _ finger: Int, at ms: Double, x: Double, y: Double, duration: Double = 60
  ) {
    down(finger, at: ms, x: x, y: y)
    up(finger, at: ms + duration)
  }

  /// Where `finger` was last placed, in mm ((0, 0) before it landed).
  public func position(of finger: Int) -> MillimeterPoint {
    positions[finger] ?? MillimeterPoint(x: 0, y: 0)
  }

  /// The time of the last step, in microseconds.
  public var endTime: Microseconds { steps.map(\.time).max() ?? 0 }

  /// The frames, in time order.
  public var frames: [TouchFrame] {
    let ordered = steps.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    var frames: [TouchFrame] = []
    var down: [Int: MillimeterPoint] = [:]
    var tools: [Int: TouchTool] = [:]
    var index = 0
    while index < ordered.count {
      let time = ordered[index].element.time
      var phases: [Int: TouchPhase] = [:]
      var applied = false
      while index < ordered.count && ordered[index].element.time == time {
        let step = ordered[index].element
        if Self.isStray(step, down: down) {
          index += 1
          continue
        }
        applied = true
        switch step.kind {
        case .down: phases[step.finger] = .began
        case .move: if phases[step.finger] != .began { phases[step.finger] = .moved }
        case .up: phases[step.finger] = .ended
        case .cancel: phases[step.finger] = .cancelled
        case .tool(let tool):
          tools[step.finger] = tool
          index += 1
          continue
        }
        down[step.finger] = step.location
        index += 1
      }
      var touches: [Touch] = []
      for finger in down.keys.sorted() {
        guard let location = down[finger] else { continue }
        touches.append(
          Touch(
            id: TouchID(finger), phase: phases[finger] ?? .stationary, location: location,
            tool: tools[finger] ?? .finger))
      }
      for (finger, phase) in phases where phase.isTerminal { down[finger] = nil }
      // A time with only stray steps makes no frame.
      if applied { frames.append(TouchFrame(time: time, touches: touches)) }
    }
    return frames
  }

  /// The script's mistakes, in words: a move, lift or cancel of a finger that is not down
  /// (left out of ``frames``, never invented as a touch). Check that it is empty.
  public var problems: [String] {
    var down: Set<Int> = []
    var problems: [String] = []
    let ordered = steps.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    // As `frames` does: a finger that lifts is gone once its frame (its time) is over.
    var lifting: Set<Int> = []
    var frameTime: Microseconds?
    for (_, step) in ordered {
      if step.time != frameTime {
        down.subtract(lifting)
        lifting.removeAll()
        frameTime = step.time
      }
      if case .down = step.kind { down.insert(step.finger) }
      if Self.isStray(step, down: down) {
        problems.append("finger \(step.finger) is not down at \(step.time) µs: step left out")
        continue
      }
      switch step.kind {
      case .up, .cancel: lifting.insert(step.finger)
      case .down, .move, .tool: break
      }
    }
    return problems
  }

  /// Whether `step` moves, lifts or cancels a finger that is not down.
  private static func isStray(_ step: Step, down: [Int: MillimeterPoint]) -> Bool {
    isStray(step, down: Set(down.keys))
  }

  private static func isStray(_ step: Step, down: Set<Int>) -> Bool {
    switch step.kind {
    case .down, .tool: false
    case .move, .up, .cancel: !down.contains(step.finger)
    }
  }

  private static func time(_ ms: Double) -> Microseconds {
    Microseconds((ms * 1000).rounded())
  }
}
