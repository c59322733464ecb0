import TouchInput

/// The geometry of a recognizer's touches from frame to frame: a centroid that never jumps, and
/// the least-squares similarity (scale and rotation) fitted over all touches.
///
/// Between two frames only the touches present in both count: their mean displacement moves the
/// tracked `position`, and the best-fit similarity q′ ≈ s·R(θ)·p′ of their positions about their
/// centroids multiplies `scale` by s and adds θ to `rotation`. A finger that lands or lifts is
/// therefore re-baselined, never a jump, and the angle is naturally unwrapped (a 400° turn
/// reads 400° in radians). Positive rotation is clockwise on the screen (y down), as UIKit.
/// Storage is preallocated: updating never allocates for up to 16 touches.
struct TouchCluster {
  /// The most touches tracked; more are ignored.
  static let capacity = 16

  private(set) var ids: [TouchID] = []
  private(set) var starts: [MillimeterPoint] = []
  private(set) var last: [MillimeterPoint] = []
  /// The continuous centroid (mm): moves only with the common touches' mean displacement.
  private(set) var position = MillimeterPoint(x: 0, y: 0)
  /// The accumulated scale since `restart()`.
  private(set) var scale = 1.0
  /// The accumulated clockwise rotation since `restart()`, radians.
  private(set) var rotation = 0.0
  /// Whether any common touch moved in the last update.
  private(set) var moved = false

  init() {
    ids.reserveCapacity(Self.capacity)
    starts.reserveCapacity(Self.capacity)
    last.reserveCapacity(Self.capacity)
  }

  /// The number of touches down.
  var count: Int { ids.count }

  /// Forgets every touch and zeroes the accumulated values.
  mutating func removeAll() {
    ids.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    last.removeAll(keepingCapacity: true)
    restart()
  }

  /// Zeroes the accumulated scale and rotation (the position keeps going).
  mutating func restart() {
    scale = 1
    rotation = 0
  }

  /// The real centroid of the touches down, in mm.
  var centroid: MillimeterPoint {
    guard !last.isEmpty else { return position }
    var x = 0.0, y = 0.0
    for p in last {
      x += p.x
      y += p.y
    }
    return MillimeterPoint(x: x / Double(last.count), y: y / Double(last.count))
  }

  /// The mean distance of the touches from their centroid, in mm (Flutter's span).
  var span: Millimeters {
    let c = centroid
    var sum = 0.0
    for p in last { sum += p.distance(to: c) }
    return last.isEmpty ? 0 : sum / Double(last.count)
  }

  /// The largest distance any touch has moved from where it landed, in mm, since the cluster
  /// was last empty (lifted touches included).
  private(set) var largestMovement: Millimeters = 0

  /// Where the touch `id` landed, if it is down.
  func start(of id: TouchID) -> MillimeterPoint? {
    guard let i = ids.firstIndex(of: id) else { return nil }
    return starts[i]
  }

  /// Applies one frame's touches accepted by `owner`.
  ///
  /// - Parameter fitsShape: Whether to fit scale and rotation (pinch, rotation).
  /// - Returns: Whether any touch ended or was cancelled in this frame.
  @discardableResult
  mutating func update(
    _ frame: TouchFrame, owner: GestureRecognizer, fitsShape: Bool = false
  ) -> (lifted: Bool, cancelled: Bool) {
    moved = false
    var common = 0
    var px = 0.0, py = 0.0, qx = 0.0, qy = 0.0
    for touch in frame.touches where touch.phase != .began && owner.accepts(touch) {
      guard let i = ids.firstIndex(of: touch.id) else { continue }
      common += 1
      px += last[i].x
      py += last[i].y
      qx += touch.location.x
      qy += touch.location.y
      if touch.location != last[i] { moved = true }
    }
    if common > 0 && moved {
      let n = Double(common)
      px /= n
      py /= n
      qx /= n
      qy /= n
      position.x += qx - px
      position.y += qy - py
      if fitsShape && common >= 2 { fit(frame, owner: owner, p: (px, py), q: (qx, qy)) }
    }
    return apply(frame, owner: owner)
  }

  private mutating func fit(
    _ frame: TouchFrame, owner: GestureRecognizer, p: (Double, Double), q: (Double, Double)
  ) {
    var dot = 0.0, cross = 0.0, norm = 0.0
    for touch in frame.touches where touch.phase != .began && owner.accepts(touch) {
      guard let i = ids.firstIndex(of: touch.id) else { continue }
      let ax = last[i].x - p.0, ay = last[i].y - p.1
      let bx = touch.location.x - q.0, by = touch.location.y - q.1
      dot += ax * bx + ay * by
      cross += ax * by - ay * bx
      norm += ax * ax + ay * ay
    }
    guard norm > 1e-12 else { return }
    let factor = (dot * dot + cross * cross).squareRoot() / norm
    guard factor > 0 else { return }
    scale *= factor
    rotation += arcTangent2(cross, dot)
  }

  private mutating func apply(
    _ frame: TouchFrame, owner: GestureRecognizer
  ) -> (lifted: Bool, cancelled: Bool) {
    var lifted = false, cancelled = false
    for touch in frame.touches where owner.accepts(touch) {
      let index = ids.firstIndex(of: touch.id)
      switch touch.phase {
      case .began, .moved, .stationary:
        if let i = index {
          last[i] = touch.location
          largestMovement = max(largestMovement, touch.location.distance(to: starts[i]))
        } else if ids.count < Self.capacity {
          if ids.isEmpty {
            position = touch.location
            largestMovement = 0
          }
          ids.append(touch.id)
          starts.append(touch.location)
          last.append(touch.location)
        }
      case .ended, .cancelled:
        if touch.phase == .ended { lifted = true } else { cancelled = true }
        if let i = index {
          largestMovement = max(largestMovement, touch.location.distance(to: starts[i]))
          ids.remove(at: i)
          starts.remove(at: i)
          last.remove(at: i)
        }
      }
    }
    return (lifted, cancelled)
  }
}
