import GestureRecognition
import TouchInput

/// The device a matcher serves: what bindings may filter on and commands are told.
public struct MatchedDevice: Sendable, Hashable {
  /// The device's name (`EVIOCGNAME`).
  public var name: String
  /// Its node, `/dev/input/eventN`.
  public var node: String
  /// The surface width in millimetres, as the user sees it (after rotation).
  public var width: Millimeters
  /// The surface height in millimetres.
  public var height: Millimeters

  /// Creates a description.
  public init(name: String, node: String, width: Millimeters, height: Millimeters) {
    self.name = name
    self.node = node
    self.width = width
    self.height = height
  }
}

/// One command to run: which binding fired and the values it is told.
public struct Firing: Sendable, Hashable {
  /// The index of the binding in the configuration.
  public var index: Int
  /// The binding.
  public var binding: Binding
  /// `GESTURE_*` variables, `NAME=value`, in a fixed order.
  public var environment: [String]
  /// Whether this firing ends a `key-hold` that fired before (its keys are released) rather
  /// than firing the binding.
  public var releases = false
}

/// Matches one device's gesture events to the bindings and says which fire (see
/// Docs/gesturectl-run.md for the rules).
///
/// Discrete gestures (tap, swipe) fire when recognized. A continuous gesture (long press,
/// pan, edge pan, pinch, rotation) is tracked from `began`: `on=recognize` fires once when
/// its threshold is first reached, `on=begin` at `began`, `on=end` at `ended` if the final
/// values match (a cancelled gesture fires nothing), and `every=STEP` each time the value
/// moves another STEP in the binding's direction (moving back lowers the mark, so the
/// opposite binding counts from the turning point).
public final class BindingMatcher {
  /// Width of the band along each side in which an edge pan must start: 5 mm (lisgd's 50 px
  /// edge band on a PinePhone's 0.094 mm/px panel is 4.7 mm; GNOME Shell uses 20 px).
  public static let edgeBand: Millimeters = 5

  /// The device whose events this matcher sees.
  let device: MatchedDevice
  /// The bindings this device uses, with their index in the configuration.
  let bindings: [(index: Int, binding: Binding)]
  /// The edge band of this device's bindings: the first `edge-band=`, or `edgeBand`.
  let band: Millimeters
  /// The lisgd specs among them, in order, with their index in the configuration.
  let lisgdSpecs: [(index: Int, spec: LisgdSpec)]
  /// The gestures in flight, by recognizer: a few at most, looked up by a scan and changed
  /// where they are stored (no copy of a track's sets per event).
  private var tracks: [(source: ObjectIdentifier, track: Track)] = []
  /// How many `key-hold` bindings fired so far: the order their keys are released in.
  private var presses = 0
  /// For each continuous kind (`KindClass.rawValue`), the rules of the bindings an event of
  /// that kind may apply to, in binding order: an event looks at those only (31 bindings, of
  /// which a pan event concerns a few), without copying a binding.
  private let candidates: [[ContinuousRule]]
  /// The edges and corners named by edge pans matched on the pan (along an edge, from a
  /// corner): a pan starting in one of their bands is theirs.
  private let panEdges: EdgeSet
  /// The corners some edge-pan binding names.
  private let boundCorners: EdgeSet

  /// A gesture kind as the matcher tells kinds apart, found once per event: comparing
  /// `GestureKind`s compares their names, which cost more than the rest of the matching when
  /// done for every binding.
  enum KindClass: Int, CaseIterable {
    case longPress, pan, edgePan, pinch, rotation, tap, swipe, lisgdStroke, other

    init(_ kind: GestureKind) {
      switch kind {
      case .pan: self = .pan
      case .edgePan: self = .edgePan
      case .pinch: self = .pinch
      case .rotation: self = .rotation
      case .longPress: self = .longPress
      case .tap: self = .tap
      case .swipe: self = .swipe
      case .lisgdStroke: self = .lisgdStroke
      default: self = .other
      }
    }

    /// Whether a binding for `gesture` can apply to an event of this class.
    func concerns(_ gesture: BindingGesture) -> Bool {
      switch (gesture, self) {
      case (.longPress, .longPress), (.pinch, .pinch), (.rotation, .rotation), (.pan, .pan):
        return true
      case (.edgePan, .edgePan): return gesture.recognizerEdge != nil
      case (.edgePan, .pan): return gesture.recognizerEdge == nil
      default: return false
      }
    }
  }

  /// The state of one continuous gesture.
  struct Track {
    /// Where it started (mm).
    var start: MillimeterPoint
    /// The edges and corners whose band holds the start.
    var edges: EdgeSet
    /// Whether an edge-pan binding matched on the pan (along an edge, from a corner) owns this
    /// gesture, so plain pan bindings stay quiet (inward edge pans have their own recognizer,
    /// which the pan must wait for).
    var edgeClaimed: Bool
    /// The bound corner whose band holds the start, if any: side bindings stay quiet there.
    var corner: SurfaceEdge?
    /// With `first-match`, the binding that fired first and alone may fire again.
    var owner: Int?
    /// Bindings that fired `on=recognize` already.
    var fired: Set<Int> = []
    /// The repeat mark of `every=` bindings, and how many times each fired.
    var marks: [Int: (mark: Double, count: Int)] = [:]
    /// The most touches seen.
    var maximumTouches = 0
    /// The `key-hold` bindings whose keys are down, in the order they fired, with their
    /// firing (released in reverse when the gesture ends, however it ends).
    var held: [(order: Int, firing: Firing)] = []

    /// The releases of the held keys, last pressed first.
    var releases: [Firing] { Self.releases(of: held) }

    /// The releases of `held`, last pressed first.
    static func releases(of held: [(order: Int, firing: Firing)]) -> [Firing] {
      held.sorted { $0.order > $1.order }.map { entry in
        var release = entry.firing
        release.releases = true
        return release
      }
    }
  }

  /// Creates a matcher for `device`, keeping the bindings whose device glob matches it.
  public init(bindings all: [Binding], device: MatchedDevice) {
    self.device = device
    bindings = all.enumerated().filter { _, binding in
      binding.device.map { globMatches($0, device.name) } ?? true
    }.map { (index: $0.offset, binding: $0.element) }
    band = bindings.lazy.compactMap(\.binding.tunables.edgeBand).first ?? Self.edgeBand
    lisgdSpecs = bindings.compactMap { index, binding in
      if case .lisgd(let spec) = binding.gesture { return (index, spec) }
      return nil
    }
    let kept = bindings
    let device = device
    candidates = KindClass.allCases.map { kind in
      kept.indices.filter { kind.concerns(kept[$0].binding.gesture) }.map { position in
        Self.rule(position, kept[position].index, kept[position].binding, device: device)
      }
    }
    var panEdges = EdgeSet()
    var boundCorners = EdgeSet()
    for (_, binding) in kept {
      guard case .edgePan(let edge?, _, _, _) = binding.gesture else { continue }
      if binding.gesture.recognizerEdge == nil { panEdges.insert(edge) }
      if edge.inward == nil { boundCorners.insert(edge) }
    }
    self.panEdges = panEdges
    self.boundCorners = boundCorners
  }

  /// The bindings this device uses.
  public var deviceBindings: [Binding] { bindings.map(\.binding) }

  /// Forgets every gesture in flight (cancelled).
  ///
  /// - Returns: The releases of the `key-hold` bindings still held, which the caller must
  ///   carry out (no key stays down when a device is unplugged, on reload or on stop).
  @discardableResult
  public func cancelAll() -> [Firing] {
    let releases = Track.releases(of: tracks.flatMap(\.track.held))
    tracks.removeAll()
    return releases
  }

  /// Handles one gesture event of the recognizer `source`.
  ///
  /// - Returns: The bindings that fire, in binding order.
  public func handle(_ event: GestureEvent, from source: ObjectIdentifier) -> [Firing] {
    let kind = KindClass(event.kind)
    switch kind {
    case .tap, .swipe:
      guard event.state == .recognized else { return [] }
      let fired = bindings.compactMap { index, binding in
        discreteMatches(binding, event) ? firing(index, binding, event, nil, repeatCount: nil) : nil
      }
      // Of the `first-match` bindings, only the first that matches fires.
      let first = fired.first { $0.binding.firstMatch }
      return fired.filter { !$0.binding.firstMatch || $0 == first }
    case .longPress, .pan, .edgePan, .pinch, .rotation:
      return continuous(event, kind, source)
    case .lisgdStroke:
      return lisgd(event)
    case .other:
      // A recognizer of the library user's own: no binding names its kind.
      return []
    }
  }

  private func discreteMatches(_ binding: Binding, _ event: GestureEvent) -> Bool {
    guard inRegion(binding, event.location) else { return false }
    switch binding.gesture {
    case .tap(let taps, let fingers):
      return event.kind == .tap && event.taps == taps && event.touches == fingers
    case .swipe(let direction, let fingers):
      return event.kind == .swipe && event.touches == fingers
        && (direction == nil || direction == event.direction)
    default: return false
    }
  }

  /// Whether `point` lies in the binding's region (always, without one).
  func inRegion(_ binding: Binding, _ point: MillimeterPoint) -> Bool {
    binding.region?.contains(point, width: device.width, height: device.height) ?? true
  }

  private func continuous(_ event: GestureEvent, _ kind: KindClass, _ source: ObjectIdentifier)
    -> [Firing]
  {
    var position = tracks.firstIndex { $0.source == source }
    if event.state == .began {
      let track = newTrack(event, kind)
      if let position {
        tracks[position].track = track
      } else {
        position = tracks.endIndex
        tracks.append((source, track))
      }
    }
    guard let position else { return [] }
    let result = advance(&tracks[position].track, event, kind)
    guard event.state.isTerminal else { return result }
    // Ended, cancelled or failed: every key held for the gesture is released.
    let releases = tracks[position].track.releases
    tracks.remove(at: position)
    return (event.state == .cancelled ? [] : result) + releases
  }

  private func advance(_ track: inout Track, _ event: GestureEvent, _ kind: KindClass)
    -> [Firing]
  {
    track.maximumTouches = max(track.maximumTouches, event.touches)
    var result: [Firing] = []
    for rule in candidates[kind.rawValue] {
      guard rule.wants(event.state), applies(rule, event, track) else { continue }
      if rule.firstMatch, let owner = track.owner, owner != rule.index { continue }
      if let fire = step(rule, event, &track) {
        result.append(fire)
        if rule.firstMatch { track.owner = rule.index }
        if rule.holdsKeys {
          presses += 1
          track.held.append((presses, fire))
        }
      }
    }
    return result
  }

  private func newTrack(_ event: GestureEvent, _ kind: KindClass) -> Track {
    var start = event.location
    if let translation = event.translation {
      start = MillimeterPoint(x: start.x - translation.dx, y: start.y - translation.dy)
    }
    let edges = edges(at: start)
    let claimed = kind == .pan && edges.bits & panEdges.bits != 0
    let corner = [SurfaceEdge.topLeft, .topRight, .bottomLeft, .bottomRight].first {
      edges.contains($0) && boundCorners.contains($0)
    }
    return Track(start: start, edges: edges, edgeClaimed: claimed, corner: corner)
  }

  /// The lisgd line a stroke fires: the first that matches, as in lisgd.
  private func lisgd(_ event: GestureEvent) -> [Firing] {
    guard event.state != .cancelled, event.state != .failed else { return [] }
    let stroke = LisgdStrokeRecognizer.stroke(of: event)
    guard
      let ordinal = LisgdRules.firstMatch(
        lisgdSpecs.map(\.spec), stroke, width: device.width, height: device.height)
    else { return [] }
    let index = lisgdSpecs[ordinal].index
    guard let binding = bindings.first(where: { $0.index == index })?.binding else { return [] }
    return [firing(index, binding, event, nil, repeatCount: nil)]
  }

  /// The edges and corners whose band holds `point`.
  func edges(at point: MillimeterPoint) -> EdgeSet {
    var found = EdgeSet()
    if point.x <= band { found.insert(.left) }
    if point.x >= device.width - band { found.insert(.right) }
    if point.y <= band { found.insert(.top) }
    if point.y >= device.height - band { found.insert(.bottom) }
    let corners: [(SurfaceEdge, SurfaceEdge, SurfaceEdge)] = [
      (.topLeft, .top, .left), (.topRight, .top, .right), (.bottomLeft, .bottom, .left),
      (.bottomRight, .bottom, .right),
    ]
    for (corner, a, b) in corners where found.contains(a) && found.contains(b) {
      found.insert(corner)
    }
    return found
  }
}
