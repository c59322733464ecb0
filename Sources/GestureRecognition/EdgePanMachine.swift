import TouchInput

/// The edge pan state machine (see `EdgePanGestureRecognizer` for its diagram).
struct EdgePanMachine: ~Copyable {
  private enum State {
    /// No touch yet. A touch down in a band moves to `tracking`; outside every band fails.
    case idle
    /// Following touches within the minimum distance. Moving inwards beyond it begins; moving
    /// along the edge, a touch landing outside the band, too many touches, lifting all or a
    /// cancelled touch fail.
    case tracking
    /// Panning from `edge`. Movement changes; fewer than the minimum touches ends; a cancelled
    /// touch cancels.
    case active
    /// Failed, ended or cancelled; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var tracker = VelocityTracker()
  private var origin = MillimeterPoint(x: 0, y: 0)
  /// The edges whose band holds every touch that landed so far, in `ScreenEdge.allCases`
  /// order (an array: narrowing it on each landing hashes nothing).
  private var candidates: [ScreenEdge] = []
  private(set) var edge: ScreenEdge?
  private(set) var touches = 0
  private(set) var location = MillimeterPoint(x: 0, y: 0)
  private(set) var lastTime: Microseconds = 0

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    candidates.removeAll(keepingCapacity: true)
    edge = nil
    touches = 0
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  var translation: PlaneVector {
    PlaneVector(dx: cluster.position.x - origin.x, dy: cluster.position.y - origin.y)
  }

  func velocity(at time: Microseconds) -> PlaneVector { tracker.velocity(at: time) }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: EdgePanGestureRecognizer.Configuration
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (lifted, cancelled) = cluster.update(surface, keeping: .position)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
      origin = cluster.position
      candidates = ScreenEdge.allCases.filter { c.edges.contains($0) }
    }
    lastTime = frame.time
    if cluster.moved { tracker.add(x: cluster.position.x, y: cluster.position.y, at: frame.time) }
    if cluster.count > 0 {
      location = cluster.centroid
      touches = cluster.count
    } else {
      touches = before
    }
    switch state {
    case .idle, .done:
      return .none
    case .tracking:
      if cancelled { return finish(.fail(.touchCancelled)) }
      if cluster.count > c.maximumTouches {
        return finish(.fail(.tooManyTouches(cluster.count, limit: c.maximumTouches)))
      }
      if surface.summary.landing.n > 0, let distance = outsideBand(surface, c) {
        return finish(.fail(.notAtEdge(distance, band: c.band)))
      }
      if cluster.count == 0 {
        return finish(.fail(.tooShort(translation.length, required: c.minimumDistance)))
      }
      if cluster.count < c.minimumTouches {
        origin = cluster.position
        tracker.reset()
      }
      let moved = translation.length
      guard moved >= c.minimumDistance && cluster.count >= c.minimumTouches else { return .none }
      return decide(c)
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < c.minimumTouches || (lifted && cluster.count == 0) {
        return finish(.end(.lifted(remaining: cluster.count)))
      }
      return cluster.moved ? .change : .none
    }
  }

  /// Narrows the candidate edges to those whose band holds every touch down; returns the
  /// distance of the nearest allowed edge from the first touch outside them, or nil.
  private mutating func outsideBand(
    _ surface: TouchSurface, _ c: EdgePanGestureRecognizer.Configuration
  ) -> Millimeters? {
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
  private mutating func decide(_ c: EdgePanGestureRecognizer.Configuration) -> GestureStep {
    let t = translation
    var best: (edge: ScreenEdge, inward: Double)?
    for candidate in candidates {
      let inward = t.dx * candidate.inwards.dx + t.dy * candidate.inwards.dy
      if best == nil || inward > (best?.inward ?? 0) { best = (candidate, inward) }
    }
    guard let (from, inward) = best else {
      return finish(.fail(.notAtEdge(0, band: c.band)))
    }
    let along = (t.dx * from.inwards.dy - t.dy * from.inwards.dx).magnitude
    guard inward >= along else { return finish(.fail(.alongEdge(inward, along: along))) }
    state = .active
    edge = from
    return .begin(.leftEdge(from, distance: t.length, required: c.minimumDistance))
  }
}
