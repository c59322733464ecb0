import TouchInput

/// One recognizer's view of its touches: a centroid that never jumps, and the scale and
/// rotation of the best-fit similarity accumulated over all touches, frame by frame.
///
/// Fed with each frame's `FrameSummary`: only touches present in two consecutive frames move
/// the tracked `position` or change the fit, so a finger that lands or lifts is re-baselined,
/// never a jump, and the angle is naturally unwrapped (a 400° turn reads 400° in radians).
/// Positive rotation is clockwise on the screen (y down), as UIKit. O(1) per frame.
struct TouchCluster {
  /// The number of touches down.
  private(set) var count = 0
  /// The continuous centroid (mm): moves only with the common touches' mean displacement.
  private(set) var position = MillimeterPoint(x: 0, y: 0)
  /// The real centroid of the touches down (kept when all lifted), mm.
  private(set) var centroid = MillimeterPoint(x: 0, y: 0)
  /// The mean distance of the touches from their centroid, mm (with 2+ touches).
  private(set) var span = 0.0
  /// The accumulated scale since `restart()`.
  private(set) var scale = 1.0
  /// The accumulated clockwise rotation since `restart()`, radians.
  private(set) var rotation = 0.0
  /// Whether any touch moved in the last update.
  private(set) var moved = false
  private var largestMovementSquared = 0.0

  /// The largest distance any touch has moved from where it landed, in mm, since the cluster
  /// was last empty (lifted touches included).
  var largestMovement: Millimeters { largestMovementSquared.squareRoot() }

  /// Forgets every touch and zeroes the accumulated values.
  mutating func removeAll() {
    self = TouchCluster()
  }

  /// Zeroes the accumulated scale and rotation (the position keeps going).
  mutating func restart() {
    scale = 1
    rotation = 0
  }

  /// The accumulated values a recognizer reads (count, moved and centroid are always kept).
  struct Parts: OptionSet {
    let rawValue: UInt8
    /// `position`.
    static let position = Parts(rawValue: 1)
    /// `scale`.
    static let scale = Parts(rawValue: 2)
    /// `rotation`.
    static let rotation = Parts(rawValue: 4)
    /// `span`.
    static let span = Parts(rawValue: 8)
    /// `largestMovement`.
    static let movement = Parts(rawValue: 16)
    /// Everything.
    static let all = Parts(rawValue: 31)
  }

  /// Applies the summary of the surface's current frame, keeping only `parts` (reading a value
  /// not kept gives its initial value).
  ///
  /// - Returns: Whether any touch ended or was cancelled in this frame.
  @discardableResult
  mutating func update(_ surface: TouchSurface, keeping parts: Parts = .all) -> (
    lifted: Bool, cancelled: Bool
  ) {
    if count == 0 {
      if parts.contains(.position) { position = surface.summary.centroid }
      if parts.contains(.movement) { largestMovementSquared = 0 }
    }
    count = surface.summary.count
    moved = surface.summary.moved
    centroid = surface.summary.centroid
    if parts.contains(.span) { span = surface.summary.span }
    if parts.contains(.movement) {
      largestMovementSquared = max(largestMovementSquared, surface.summary.largestMovementSquared)
    }
    if moved {
      if parts.contains(.position) {
        position.x += surface.summary.shift.dx
        position.y += surface.summary.shift.dy
      }
      if parts.contains(.scale) { scale *= surface.summary.scaleFactor }
      if parts.contains(.rotation) { rotation += surface.summary.turn }
    }
    return (surface.summary.lifted, surface.summary.cancelled)
  }
}
