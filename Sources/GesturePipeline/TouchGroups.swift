import TouchInput

/// Touches split into separate gestures by distance: two people at one screen (a kiosk).
///
/// Each new touch joins the group whose touches all lie within ``maximumSpread`` of it (the
/// closest such group); otherwise a group with no touch down; otherwise, every group being
/// busy, the closest group. A touch stays in its group until it lifts. A ``TouchPipeline``
/// made with a maximum spread gives each group an engine of its own, so two visitors' swipes
/// 300 mm apart are two one-finger swipes, not one two-finger swipe, and their strokes toward
/// each other are not a pinch.
public struct TouchGroups: Sendable {
  /// The largest distance between two touches of one gesture.
  public let maximumSpread: Millimeters
  /// How many groups there are (one engine each).
  public let count: Int
  private var group: [TouchID: Int] = [:]
  private var position: [TouchID: MillimeterPoint] = [:]

  /// Creates `count` groups (at least one) of touches at most `maximumSpread` apart.
  public init(maximumSpread: Millimeters, count: Int = 3) {
    self.maximumSpread = maximumSpread
    self.count = max(1, count)
  }

  /// Splits `frame` into one frame per group: the touches of that group, or `nil` when the
  /// group has none in it. Touches that end in `frame` leave their group after it.
  public mutating func split(_ frame: TouchFrame) -> [TouchFrame?] {
    for touch in frame.touches where group[touch.id] == nil {
      group[touch.id] = choose(touch.location)
      position[touch.id] = touch.location
    }
    var parts = [[Touch]](repeating: [], count: count)
    for touch in frame.touches {
      position[touch.id] = touch.location
      parts[group[touch.id] ?? 0].append(touch)
    }
    for touch in frame.touches where touch.phase.isTerminal {
      group[touch.id] = nil
      position[touch.id] = nil
    }
    return parts.map { $0.isEmpty ? nil : TouchFrame(time: frame.time, touches: $0) }
  }

  /// Forgets every touch (all were cancelled).
  public mutating func removeAll() {
    group.removeAll()
    position.removeAll()
  }

  /// The group a touch landing at `point` joins.
  private func choose(_ point: MillimeterPoint) -> Int {
    var farthest = [Millimeters?](repeating: nil, count: count)
    for (id, index) in group {
      guard let other = position[id] else { continue }
      farthest[index] = max(farthest[index] ?? 0, point.distance(to: other))
    }
    let near = farthest.indices.filter { (farthest[$0] ?? .infinity) <= maximumSpread }
    if let best = near.min(by: { (farthest[$0] ?? 0) < (farthest[$1] ?? 0) }) { return best }
    if let free = farthest.firstIndex(where: { $0 == nil }) { return free }
    return farthest.indices.min { (farthest[$0] ?? 0) < (farthest[$1] ?? 0) } ?? 0
  }
}
