import GestureRecognition
import TouchInput

/// A set of `SurfaceEdge`s as bits: the edges and corners a gesture started in, and the ones
/// bindings name, compared on every event without hashing (a `Set<SurfaceEdge>` hashes each
/// edge's raw string).
struct EdgeSet: Equatable {
  var bits: UInt8 = 0

  static func bit(_ edge: SurfaceEdge) -> UInt8 {
    switch edge {
    case .left: 1
    case .right: 2
    case .top: 4
    case .bottom: 8
    case .topLeft: 16
    case .topRight: 32
    case .bottomLeft: 64
    case .bottomRight: 128
    }
  }

  var isEmpty: Bool { bits == 0 }
  func contains(_ edge: SurfaceEdge) -> Bool { bits & Self.bit(edge) != 0 }
  mutating func insert(_ edge: SurfaceEdge) { bits |= Self.bit(edge) }
}

/// What matching one continuous binding needs on each event of its gesture, worked out once
/// when the matcher is made (the binding itself is only looked at when it fires).
struct ContinuousRule {
  /// How the binding measures its gesture's progress (see `BindingMatcher.progress`).
  enum Measure {
    /// The translation's length (a pan or edge pan in any direction).
    case length
    /// The translation along a unit vector, in the direction when within `cosine` of it.
    case along(dx: Double, dy: Double, cosine: Double)
    /// The scale's logarithm, times `sign` (pinch out 1, in -1).
    case scale(sign: Double)
    /// The rotation in degrees, times `sign` (clockwise 1).
    case rotation(sign: Double)
    /// Nothing to measure (long press).
    case none
  }

  /// Which gestures the binding is about, beyond its kind (see `BindingMatcher.applies`).
  enum EdgeTest {
    /// Every gesture of its kind (long press, pinch, rotation).
    case always
    /// A pan no edge-pan binding claimed.
    case unclaimed
    /// An edge pan from this side (its own recognizer).
    case recognizer(ScreenEdge)
    /// A pan that started in no band (`edge=none`).
    case noEdge
    /// A pan that started in this edge's band (along an edge, from a corner).
    case edge(SurfaceEdge)
  }

  /// The binding's position in `BindingMatcher.bindings`.
  let position: Int
  /// Its index in the configuration.
  let index: Int
  let trigger: BindingTrigger
  let firstMatch: Bool
  /// Whether it is a `key-hold`, whose keys the track holds until the gesture ends.
  let holdsKeys: Bool
  let region: SurfaceRegion?
  let fingers: Int?
  let edgeTest: EdgeTest
  let measure: Measure
  /// The threshold and the bound the progress must stay below at the end (`.infinity`).
  let minimum: Double
  let maximum: Double
  /// One `every=` step in progress units (0 for the other triggers).
  let stride: Double

  /// Whether the binding can fire on an event in `state`; when not, its step would return
  /// nil and change nothing, so it is not looked at.
  func wants(_ state: GestureState) -> Bool {
    switch trigger {
    case .begin: state == .began
    case .end: state == .ended
    case .recognize, .every: state == .began || state == .changed
    }
  }

  /// How far the gesture has gone in the binding's direction, and whether it heads that way:
  /// the same numbers as `BindingMatcher.progress(_:_:)`.
  func progress(_ event: GestureEvent) -> (value: Double, inDirection: Bool) {
    switch measure {
    case .length:
      return ((event.translation ?? PlaneVector(dx: 0, dy: 0)).length, true)
    case .along(let dx, let dy, let cosine):
      let t = event.translation ?? PlaneVector(dx: 0, dy: 0)
      let length = t.length
      let along = t.dx * dx + t.dy * dy
      return (along, length > 0 && along >= cosine * length)
    case .scale(let sign):
      let value = naturalLog(event.scale ?? 1) * sign
      return (value, value > 0)
    case .rotation(let sign):
      let value = (event.rotation ?? 0) * 180 / Double.pi * sign
      return (value, value > 0)
    case .none:
      return (0, true)
    }
  }
}

extension BindingMatcher {
  /// The rule of the continuous binding at `position`, for a surface of `device`'s size.
  static func rule(
    _ position: Int, _ index: Int, _ binding: Binding, device: MatchedDevice
  ) -> ContinuousRule {
    let gesture = binding.gesture
    let measure: ContinuousRule.Measure
    var minimum = 0.0
    var maximum = Double.infinity
    var edgeTest = ContinuousRule.EdgeTest.always
    switch gesture {
    case .pan(let direction, _, let range), .edgePan(_, let direction, _, let range):
      if let direction {
        let unit = direction.unitVector
        let isDiagonal = unit.dx != 0 && unit.dy != 0
        measure = .along(
          dx: unit.dx, dy: unit.dy, cosine: isDiagonal ? diagonalCosine : cardinalCosine)
      } else {
        measure = .length
      }
      let extent = extent(along: direction, device)
      minimum = range.minimum.resolved(extent: extent)
      maximum = range.maximum.map { $0.resolved(extent: extent) } ?? .infinity
      if case .edgePan(let edge, _, _, _) = gesture {
        if let side = gesture.recognizerEdge {
          edgeTest = .recognizer(side)
        } else {
          edgeTest = edge.map { .edge($0) } ?? .noEdge
        }
      } else {
        edgeTest = .unclaimed
      }
    case .pinch(let outward, let scale, _):
      measure = .scale(sign: outward ? 1 : -1)
      minimum = naturalLog(scale)
    case .rotation(let clockwise, let degrees, _):
      measure = .rotation(sign: clockwise ? 1 : -1)
      minimum = degrees
    case .longPress, .tap, .swipe, .lisgd:
      measure = .none
    }
    var stride = 0.0
    if case .every(let size) = binding.trigger {
      if case .pinch = gesture { stride = naturalLog(size) } else { stride = size }
    }
    let holdsKeys = if case .keyHold = binding.action { true } else { false }
    return ContinuousRule(
      position: position, index: index, trigger: binding.trigger,
      firstMatch: binding.firstMatch, holdsKeys: holdsKeys, region: binding.region,
      fingers: gesture.fingers, edgeTest: edgeTest, measure: measure, minimum: minimum,
      maximum: maximum, stride: stride)
  }

  /// The surface's extent along a direction: the width for left and right, the height for up
  /// and down, the shorter side for diagonals and any direction.
  static func extent(along direction: SwipeDirection?, _ device: MatchedDevice) -> Millimeters {
    switch direction {
    case .left?, .right?: device.width
    case .up?, .down?: device.height
    default: min(device.width, device.height)
    }
  }

  /// Decides whether the binding of `rule` fires for this event of its continuous gesture
  /// (`binding` looked up only when it does).
  func step(_ rule: ContinuousRule, _ event: GestureEvent, _ track: inout Track) -> Firing? {
    let live = event.state == .began || event.state == .changed
    // A gesture fires only bindings of the finger count it has had at most: fingers lifting
    // one by one do not make it a gesture of fewer fingers.
    let fingersMatch =
      rule.fingers.map { $0 == event.touches && $0 == track.maximumTouches } ?? true
    switch rule.trigger {
    case .begin:
      guard event.state == .began, fingersMatch, rule.progress(event).inDirection else {
        return nil
      }
      return firing(rule, event, track, repeatCount: nil)
    case .recognize:
      guard live, fingersMatch else { return nil }
      let measure = rule.progress(event)
      guard measure.inDirection, measure.value >= rule.minimum,
        !track.fired.contains(rule.index)
      else { return nil }
      track.fired.insert(rule.index)
      return firing(rule, event, track, repeatCount: nil)
    case .end:
      guard event.state == .ended, rule.fingers.map({ $0 == track.maximumTouches }) ?? true
      else { return nil }
      let measure = rule.progress(event)
      guard measure.inDirection, measure.value >= rule.minimum, measure.value < rule.maximum
      else { return nil }
      return firing(rule, event, track, repeatCount: nil)
    case .every:
      guard live, fingersMatch else { return nil }
      let value = rule.progress(event).value
      var entry = track.marks[rule.index] ?? (mark: 0, count: 0)
      defer { track.marks[rule.index] = entry }
      if value < entry.mark { entry.mark = value }
      let steps = ((value - entry.mark) / rule.stride).rounded(.down)
      guard steps >= 1 else { return nil }
      entry.mark += steps * rule.stride
      entry.count += Int(steps)
      return firing(rule, event, track, repeatCount: entry.count, steps: Int(steps))
    }
  }

  private func firing(
    _ rule: ContinuousRule, _ event: GestureEvent, _ track: Track, repeatCount: Int?,
    steps: Int? = nil
  ) -> Firing {
    firing(
      rule.index, bindings[rule.position].binding, event, track, repeatCount: repeatCount,
      steps: steps)
  }

  /// Whether the binding of `rule` is about this event's gesture at all (edge, region).
  func applies(_ rule: ContinuousRule, _ event: GestureEvent, _ track: Track) -> Bool {
    if let region = rule.region,
      !region.contains(track.start, width: device.width, height: device.height)
    {
      return false
    }
    switch rule.edgeTest {
    case .always: return true
    case .unclaimed: return !track.edgeClaimed
    case .recognizer(let side): return side == event.edge
    case .noEdge: return track.edges.isEmpty
    case .edge(let edge):
      // A bound corner wins its corner against the sides it joins.
      if let corner = track.corner, edge != corner, edge.inward != nil { return false }
      return track.edges.contains(edge)
    }
  }
}
