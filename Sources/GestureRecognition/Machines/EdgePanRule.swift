import TouchInput

/// The edge pan's drag rule (see `EdgePanGestureRecognizer` for its diagram): every touch must
/// land in the band of one allowed edge, and the movement past the minimum distance must point
/// away from that edge at least as much as along it.
struct EdgePanRule: DragRule {
  typealias Configuration = EdgePanGestureRecognizer.Configuration

  /// The edges whose band holds every touch that landed so far, in `ScreenEdge.allCases`
  /// order (an array: narrowing it on each landing hashes nothing).
  private var candidates: [ScreenEdge] = []
  /// The edge the pan began from.
  private(set) var edge: ScreenEdge?

  static func minimumTouches(_ c: Configuration) -> Int { c.minimumTouches }
  static func maximumTouches(_ c: Configuration) -> Int { c.maximumTouches }
  static func threshold(_ c: Configuration) -> Millimeters { c.minimumDistance }

  mutating func reset() {
    candidates.removeAll(keepingCapacity: true)
    edge = nil
  }

  mutating func start(_ c: Configuration) {
    candidates = ScreenEdge.allCases.filter { c.edges.contains($0) }
  }

  mutating func landed(_ surface: TouchSurface, _ c: Configuration) -> GestureReason? {
    guard let distance = outsideBand(surface, c) else { return nil }
    return .notAtEdge(distance, band: c.band)
  }

  /// Narrows the candidate edges to those whose band holds every touch down; returns the
  /// distance of the nearest allowed edge from the first touch outside them, or nil.
  private mutating func outsideBand(_ surface: TouchSurface, _ c: Configuration) -> Millimeters? {
    for member in surface.members where !member.leaving {
      let band = c.band
      let bounds = c.bounds
      candidates.removeAll { $0.distance(of: member.start, in: bounds) > band }
      guard candidates.isEmpty else { continue }
      let nearest = c.edges.map { $0.distance(of: member.start, in: c.bounds) }.min() ?? 0
      return max(nearest, 0)
    }
    return nil
  }

  /// Begins from the candidate edge the movement points away from most, if it points away
  /// from it at least as much as along it; otherwise fails.
  mutating func begin(_ t: PlaneVector, _ c: Configuration) -> GestureStep {
    var best: (edge: ScreenEdge, inward: Double)?
    for candidate in candidates {
      let inward = t.dx * candidate.inwards.dx + t.dy * candidate.inwards.dy
      if best == nil || inward > (best?.inward ?? 0) { best = (candidate, inward) }
    }
    guard let (from, inward) = best else { return .fail(.notAtEdge(0, band: c.band)) }
    let along = (t.dx * from.inwards.dy - t.dy * from.inwards.dx).magnitude
    guard inward >= along else { return .fail(.alongEdge(inward, along: along)) }
    edge = from
    return .begin(.leftEdge(from, distance: t.length, required: c.minimumDistance))
  }
}
