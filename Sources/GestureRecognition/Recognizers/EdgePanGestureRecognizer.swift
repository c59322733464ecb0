//            touch down in                  moved ≥ minimum distance,
//            an edge band                   mostly inwards (≤ 45°)
//   ┌──────┐ ─────────────▶ ┌──────────┐ ─────────────────────────▶ ┌────────┐ ─┐ moved:
//   │ idle │                │ tracking │          (began)           │ active │ ◀┘ changed
//   └──────┘                └──────────┘                            └────────┘
//      │ landed outside       │ moved along the edge / a touch        │ fewer than minimum
//      │ every band           │ outside the band / too many touches / │ touches: ended;
//      ▼                      ▼ lifted / cancelled                    ▼ cancelled touch: cancelled
//    failed                 failed                               ended | cancelled
//   failed | ended | cancelled ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes a pan that starts at an edge of the surface and moves inwards (continuous), as
/// UIKit's `UIScreenEdgePanGestureRecognizer`, reporting the edge, the centroid's translation
/// (mm) and its velocity (mm/s).
///
/// Every touch must land within `band` of one of the allowed `edges` of `bounds` (the surface
/// after rotation); when the centroid has moved `minimumDistance` from where it landed, the
/// movement must point away from that edge (its inward part at least its part along the edge,
/// 45°) for the gesture to begin; a drag along the edge fails it. The translation counts from
/// the landing, as the pan's.
public final class EdgePanGestureRecognizer: GestureRecognizer {
  /// The edge pan recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// The surface in mm after rotation (`SurfaceGeometry`'s width and height from 0, 0).
    public var bounds: MillimeterRect
    /// The edges that start the gesture: all four (UIKit's default is none).
    public var edges: Set<ScreenEdge> = Set(ScreenEdge.allCases)
    /// How far from an edge a touch may land: 5.0 mm. GNOME Shell's edge drag 20 px at 96 dpi
    /// (0.265 mm per logical px) = 5.3 mm; lisgd 50 px on a PinePhone (~271 ppi, 0.094 mm) =
    /// 4.7 mm; Flutter's Cupertino back swipe 20 lp = 3.2 mm. UIKit does not document its band.
    public var band: Millimeters = 5.0
    /// How far the centroid must move before the gesture begins: 3.0 mm, the pan's slop
    /// (Flutter kTouchSlop 18 lp = 2.9 mm), so an edge pan is decided no later than the pan it
    /// wins over.
    public var minimumDistance: Millimeters = 3.0
    /// Fewest fingers: 1 (UIKit's edge pan follows its first touch).
    public var minimumTouches = 1
    /// Most fingers that may start the gesture: 1.
    public var maximumTouches = 1

    /// Creates a configuration with the defaults for a surface of `bounds`.
    public init(
      bounds: MillimeterRect, edges: Set<ScreenEdge> = Set(ScreenEdge.allCases),
      touches: ClosedRange<Int> = 1...1
    ) {
      self.bounds = bounds
      self.edges = edges
      minimumTouches = touches.lowerBound
      maximumTouches = touches.upperBound
    }
  }

  /// The parameters. A change made while a gesture is in progress applies from the next
  /// gesture (once every touch has lifted and the recognizer is reset); the gesture in flight
  /// goes on with the values it began with. A count out of range (below 1, or a most below the
  /// fewest) is corrected to the nearest valid value and reported (``GestureEngineDiagnostic/configurationCorrected(recognizer:setting:given:used:rule:)``):
  /// read back, the configuration is the corrected value set last.
  public var configuration: Configuration {
    get { parameters.latest }
    set {
      var corrections = Corrections()
      parameters.set(Self.validated(newValue, &corrections), inProgress: gestureInProgress)
      configurationChanged()
      announce(corrections)
    }
  }
  /// Storage of `configuration` (private, so the optimizer sees every access; see
  /// `GestureRecognizer`).
  private var parameters: DeferredConfiguration<Configuration>
  // Plain, as it was already on main: the other built-in machines' exception (see
  // `TapGestureRecognizer`) was never measured for the edge pan, and it stays within budget
  // without it (Docs/Gestures.md, "The safe core").
  /// The state machine while the recognizer is in no engine; in one, it lives in the engine's
  /// lanes (see `LaneRecognizer`).
  var parked = EdgePanMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration, name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    super.init(kind: .edgePan, name: name ?? "edge pan")
    announce(corrections)
  }

  /// `c` with its finger counts in range: the fewest at least 1, the most not below it.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    (valid.minimumTouches, valid.maximumTouches) = corrections.range(
      c.minimumTouches, c.maximumTouches, "minimumTouches", "maximumTouches")
    return valid
  }

  /// Feeds one frame to the state machine.
  public override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    laneHandle(frame, surface)
  }
  /// Wakes the state machine at its deadline.
  public override func handleDeadline(_ time: Microseconds) -> GestureStep { laneWake(time) }
  /// Moves the state machine to failed (the engine decided).
  public override func forceFail() {
    withMachine { $0.finish() }
  }
  /// Moves the state machine to cancelled (the engine cancelled the gesture).
  public override func forceCancel() { forceFail() }
  /// Returns the state machine to its initial state.
  public override func reset() {
    parameters.apply()
    laneReset()
  }
  /// Whether the state machine is following touches.
  public override var isEngaged: Bool { laneIsEngaged }

  /// A snapshot of the gesture for an action entering `state` at `time`.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    laneEvent(state, at: time)
  }

  /// The edge the gesture started from (nil before it began).
  public var edge: ScreenEdge? { machine.edge }
  /// The centroid's translation since the first finger landed (mm).
  public var translation: PlaneVector { machine.translation }
  /// The centroid of the touches down (mm).
  public var location: MillimeterPoint { machine.location }
  /// The centroid's velocity at the last frame (mm/s).
  public var velocity: PlaneVector { machine.velocity }
}

extension EdgePanGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .edgePan }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: EdgePanMachine, _ configuration: Configuration, _ state: GestureState,
    at time: Microseconds
  ) -> GestureEvent {
    // From its values read one by one (see `DragMachine.event` / `SimilarityMachine.event`).
    EdgePanMachine.event(
      state, at: time, kind: .edgePan, touches: m.touches, location: m.location,
      translation: m.translation, velocity: m.velocity(at: time), edge: m.edge)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<EdgePanMachine>) -> R
  ) -> R { body(&lanes.edgePans) }
}
