import TouchInput

/// How fast a gesture moves: a planar velocity for pans and swipes, a scalar for pinch and
/// rotation.
public enum GestureVelocity: Sendable, Hashable {
  /// Millimetres per second of the touches' centroid.
  case planar(PlaneVector)
  /// Scale per second (pinch) or radians per second (rotation).
  case scalar(Double)
}

/// One action of one recognizer, as a printable value.
///
/// Properties that do not apply to the gesture kind are nil and are left out of the output.
public struct GestureEvent: Sendable, Hashable {
  /// The event time of the transition, in microseconds (for a held recognition, the time it
  /// was recognized, not the time it was released).
  public var time: Microseconds
  /// The kind of gesture.
  public var kind: GestureKind
  /// The state the recognizer entered.
  public var state: GestureState
  /// The number of touches the gesture involved.
  public var touches: Int
  /// The centroid of the touches, in millimetres.
  public var location: MillimeterPoint
  /// The number of taps (tap only).
  public var taps: Int?
  /// The swipe direction (swipe only).
  public var direction: SwipeDirection?
  /// The edge the gesture started from (edge pan only).
  public var edge: ScreenEdge?
  /// The centroid's translation since the touches landed, in millimetres (pan, edge pan).
  public var translation: PlaneVector?
  /// The velocity: mm/s for pan and swipe, scale/s for pinch, rad/s for rotation.
  public var velocity: GestureVelocity?
  /// The scale since the touches landed, 1 = unchanged (pinch only).
  public var scale: Double?
  /// The rotation since the touches landed, radians, clockwise positive, unwrapped (rotation only).
  public var rotation: Double?

  /// Creates an event; gesture-specific values default to nil.
  public init(
    time: Microseconds, kind: GestureKind, state: GestureState, touches: Int,
    location: MillimeterPoint, taps: Int? = nil, direction: SwipeDirection? = nil,
    translation: PlaneVector? = nil, velocity: GestureVelocity? = nil, scale: Double? = nil,
    rotation: Double? = nil, edge: ScreenEdge? = nil
  ) {
    self.time = time
    self.kind = kind
    self.state = state
    self.touches = touches
    self.location = location
    self.taps = taps
    self.direction = direction
    self.edge = edge
    self.translation = translation
    self.velocity = velocity
    self.scale = scale
    self.rotation = rotation
  }
}
