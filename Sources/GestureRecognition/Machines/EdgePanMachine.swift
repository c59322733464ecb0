import TouchInput

/// The edge pan recognizer's state machine as a value (``EdgePanGestureRecognizer`` holds one;
/// its source file draws the diagram): a drag whose touches land at an edge and move inwards.
///
/// It is a ``DragMachine`` with the ``EdgePanRule``: its ``DragMachine/translation``,
/// ``DragMachine/velocity`` and ``DragMachine/edge`` are the recognizer's.
public typealias EdgePanMachine = DragMachine<EdgePanRule>

extension DragMachine where Rule == EdgePanRule {
  /// Creates an edge pan machine in its initial state.
  public init() {
    self.init(rule: EdgePanRule())
  }

  /// The edge the gesture started from (nil before it began).
  public var edge: ScreenEdge? { rule.edge }
}

/// The edge pan's drag rule (see `EdgePanGestureRecognizer` for its diagram): every touch must
/// land in the band of one allowed edge, and the movement past the minimum distance must point
/// away from that edge at least as much as along it.
public struct EdgePanRule: DragRule {
  /// The edge pan recognizer's parameters.
  public typealias Configuration = EdgePanGestureRecognizer.Configuration

  /// The edges whose band holds every touch that landed so far, in `ScreenEdge.allCases`
  /// order (an array: narrowing it on each landing hashes nothing).
  private var candidates: [ScreenEdge] = []
  /// The edge the pan began from (nil before it began).
  public private(set) var edge: ScreenEdge?

  /// Creates the rule with no edge chosen.
  public init() {}

  /// The configuration's fewest fingers.
  public static func minimumTouches(_ c: Configuration) -> Int { c.minimumTouches }
  /// The configuration's most fingers.
  public static func maximumTouches(_ c: Configuration) -> Int { c.maximumTouches }
  /// The configuration's minimum distance (mm).
  public static func threshold(_ c: Configuration) -> Millimeters { c.minimumDistance }

  /// Forgets the candidate edges and the edge chosen, keeping the storage.
  public mutating func reset() {
    candidates.removeAll(keepingCapacity: true)
    edge = nil
  }

  /// The first touch landed: every allowed edge is a candidate.
  public mutating func start(_ c: Configuration) {
    candidates = ScreenEdge.allCases.filter { c.edges.contains($0) }
  }

  /// Fails with the distance from the nearest allowed edge when a touch landed outside every
  /// candidate's band.
  public mutating func landed(_ surface: TouchSurface, _ c: Configuration) -> GestureReason? {
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
  public mutating func begin(_ t: PlaneVector, _ c: Configuration) -> GestureStep {
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
