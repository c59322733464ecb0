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

  /// One tracked touch: its identity, where it landed and where it was last.
  private struct Member {
    var id: TouchID
    var start: MillimeterPoint
    var last: MillimeterPoint
  }

  private var members: [Member] = []
  /// The continuous centroid (mm): moves only with the common touches' mean displacement.
  private(set) var position = MillimeterPoint(x: 0, y: 0)
  /// The real centroid of the touches down after the last update (kept when all lifted), mm.
  private(set) var centroid = MillimeterPoint(x: 0, y: 0)
  /// The accumulated scale since `restart()`.
  private(set) var scale = 1.0
  /// The accumulated clockwise rotation since `restart()`, radians.
  private(set) var rotation = 0.0
  /// Whether any common touch moved in the last update.
  private(set) var moved = false
  private var largestMovementSquared = 0.0

  init() {
    members.reserveCapacity(Self.capacity)
  }

  /// The number of touches down.
  var count: Int { members.count }

  /// Forgets every touch and zeroes the accumulated values (keeps the storage).
  mutating func removeAll() {
    members.removeAll(keepingCapacity: true)
    largestMovementSquared = 0
    restart()
  }

  /// Zeroes the accumulated scale and rotation (the position keeps going).
  mutating func restart() {
    scale = 1
    rotation = 0
  }

  /// The mean distance of the touches from their centroid, in mm (Flutter's span).
  var span: Millimeters {
    guard !members.isEmpty else { return 0 }
    var sum = 0.0
    for m in members {
      let dx = m.last.x - centroid.x
      let dy = m.last.y - centroid.y
      sum += (dx * dx + dy * dy).squareRoot()
    }
    return sum / Double(members.count)
  }

  /// The largest distance any touch has moved from where it landed, in mm, since the cluster
  /// was last empty (lifted touches included).
  var largestMovement: Millimeters { largestMovementSquared.squareRoot() }

  /// Where the touch `id` landed, if it is down.
  func start(of id: TouchID) -> MillimeterPoint? {
    for m in members where m.id == id { return m.start }
    return nil
  }

  private func index(of id: TouchID) -> Int? {
    var i = 0
    while i < members.count {
      if members[i].id == id { return i }
      i += 1
    }
    return nil
  }

  /// Applies one frame's touches accepted by `owner`, in one pass.
  ///
  /// - Parameters:
  ///   - fitsScale: Whether to accumulate the fitted scale (pinch).
  ///   - fitsRotation: Whether to accumulate the fitted rotation (rotation).
  /// - Returns: Whether any touch ended or was cancelled in this frame.
  @discardableResult
  mutating func update(
    _ frame: TouchFrame, owner: GestureRecognizer, fitsScale: Bool = false,
    fitsRotation: Bool = false
  ) -> (lifted: Bool, cancelled: Bool) {
    moved = false
    let wasEmpty = members.isEmpty
    var lifted = false, cancelled = false
    var common = 0.0
    var px = 0.0, py = 0.0, qx = 0.0, qy = 0.0
    var pq = 0.0, pxq = 0.0, pp = 0.0
    var cx = 0.0, cy = 0.0, down = 0
    for touch in frame.touches where owner.accepts(touch) {
      let q = touch.location
      guard let i = index(of: touch.id) else {
        if !touch.phase.isTerminal && members.count < Self.capacity {
          if wasEmpty && members.isEmpty { position = q }
          members.append(Member(id: touch.id, start: q, last: q))
          cx += q.x
          cy += q.y
          down += 1
        }
        continue
      }
      let p = members[i].last
      if p != q { moved = true }
      common += 1
      px += p.x
      py += p.y
      qx += q.x
      qy += q.y
      pq += p.x * q.x + p.y * q.y
      pxq += p.x * q.y - p.y * q.x
      pp += p.x * p.x + p.y * p.y
      let dx = q.x - members[i].start.x
      let dy = q.y - members[i].start.y
      largestMovementSquared = max(largestMovementSquared, dx * dx + dy * dy)
      if touch.phase.isTerminal {
        if touch.phase == .ended { lifted = true } else { cancelled = true }
        members.remove(at: i)
      } else {
        members[i].last = q
        cx += q.x
        cy += q.y
        down += 1
      }
    }
    if down > 0 { centroid = MillimeterPoint(x: cx / Double(down), y: cy / Double(down)) }
    guard moved && common > 0 else { return (lifted, cancelled) }
    position.x += (qx - px) / common
    position.y += (qy - py) / common
    if (fitsScale || fitsRotation) && common >= 2 {
      // The similarity q′ ≈ s·R(θ)·p′ about the centroids, from sums (Σ(p−P)·(q−Q) = Σp·q − n·P·Q).
      let dot = pq - (px * qx + py * qy) / common
      let cross = pxq - (px * qy - py * qx) / common
      let norm = pp - (px * px + py * py) / common
      if norm > 1e-9 {
        if fitsScale {
          let factor = (dot * dot + cross * cross).squareRoot() / norm
          if factor > 0 { scale *= factor }
        }
        if fitsRotation { rotation += arcTangent2(cross, dot) }
      }
    }
    return (lifted, cancelled)
  }
}
