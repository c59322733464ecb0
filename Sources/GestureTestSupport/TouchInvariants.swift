import TextOutput
import TouchInput

/// Checks the rules every decoded touch stream must keep, frame by frame.
///
/// The rules: frame times never decrease; each frame lists its touches ordered by id, each id
/// once; a touch first appears as `began`, with an id larger than every earlier id; it then
/// appears in every frame until exactly one `ended` or `cancelled`, and never again after.
/// `finish()` adds that every touch that began has ended or was cancelled.
public struct TouchInvariantChecker: Sendable {
  /// Every broken rule so far, one sentence each, with the frame time.
  public private(set) var violations: [String] = []
  private var active: Set<TouchID> = []
  private var finished: Set<TouchID> = []
  private var highestID = 0
  private var lastTime: Microseconds?

  /// Creates a checker that has seen no frame.
  public init() {}

  /// Checks one frame against the frames before it.
  public mutating func check(_ frame: TouchFrame) {
    let at = " at " + seconds(frame.time)
    if let lastTime, frame.time < lastTime { violations.append("time went backwards" + at) }
    lastTime = frame.time
    var previousID: TouchID?
    var seen: Set<TouchID> = []
    for touch in frame.touches {
      let id = touch.id
      if let previousID, previousID >= id {
        violations.append("touches not ordered by id (\(previousID) before \(id))" + at)
      }
      previousID = id
      seen.insert(id)
      if finished.contains(id) {
        violations.append("touch \(id) appears after it ended" + at)
        continue
      }
      if touch.phase == .began {
        if active.contains(id) { violations.append("touch \(id) began twice" + at) }
        if id.rawValue <= highestID {
          violations.append("touch \(id) began with an id not above \(highestID)" + at)
        }
        highestID = max(highestID, id.rawValue)
        active.insert(id)
      } else if !active.contains(id) {
        violations.append("touch \(id) is \(touch.phase) without having begun" + at)
      }
      if touch.phase.isTerminal {
        active.remove(id)
        finished.insert(id)
      }
    }
    for id in active.subtracting(seen).sorted() {
      violations.append("active touch \(id) missing from the frame" + at)
      active.remove(id)
    }
  }

  /// Checks that no touch is left active at the end of the stream.
  public mutating func finish() {
    for id in active.sorted() { violations.append("touch \(id) never ended or was cancelled") }
    active.removeAll()
  }
}

/// The broken touch rules in `frames` (empty when all hold); see `TouchInvariantChecker`.
///
/// - Parameters:
///   - frames: the decoded frames, in order.
///   - requireAllEnded: whether every touch must have ended or been cancelled by the last frame.
/// - Returns: one sentence per broken rule.
public func touchInvariantViolations(in frames: [TouchFrame], requireAllEnded: Bool = true)
  -> [String]
{
  var checker = TouchInvariantChecker()
  for frame in frames { checker.check(frame) }
  if requireAllEnded { checker.finish() }
  return checker.violations
}
