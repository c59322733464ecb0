import TouchInput

/// What one frame did to a set of touches, computed once per frame and read by every
/// recognizer: the built-ins and yours read the same values (``TouchSurface/summary``), each in
/// O(1), instead of recomputing them from the touches.
public struct FrameSummary: Sendable {
  /// Touches down before the frame.
  public internal(set) var countBefore = 0
  /// Touches down after the frame.
  public internal(set) var count = 0
  /// Whether a touch ended in this frame.
  public internal(set) var lifted = false
  /// Whether a touch was cancelled in this frame (or turned into a tool not followed).
  public internal(set) var cancelled = false
  /// Whether a touch present in the previous frame moved.
  public internal(set) var moved = false
  /// The centroid shift: the mean displacement of the touches present in both frames (mm).
  /// Touches landing or lifting do not move it, so a sum of shifts never jumps.
  public internal(set) var shift = PlaneVector.zero
  /// The best-fit similarity's scale factor from the previous frame (1 = none), over the
  /// touches present in both frames (2 or more).
  public internal(set) var scaleFactor = 1.0
  /// The best-fit similarity's clockwise angle from the previous frame (radians), over the
  /// touches present in both frames (2 or more).
  public internal(set) var turn = 0.0
  /// The centroid of the touches down after the frame, or of those lifting when none stay, mm.
  public internal(set) var centroid = MillimeterPoint(x: 0, y: 0)
  /// The mean distance of the touches from their centroid, mm (computed with 2+ touches).
  public internal(set) var span = 0.0
  /// The largest squared distance (mm²) of any touch in the frame from where it landed.
  public internal(set) var largestMovementSquared = 0.0
  /// Sum and count of the landing points of touches that began in this frame.
  var landing = (x: 0.0, y: 0.0, n: 0)

  /// Creates an empty summary (no touches).
  public init() {}

  /// How many touches began in this frame.
  public var landedCount: Int { landing.n }
  /// The centroid of the touches that began in this frame (mm), or nil if none did.
  public var landingCentroid: MillimeterPoint? {
    guard landing.n > 0 else { return nil }
    let n = Double(landing.n)
    return MillimeterPoint(x: landing.x / n, y: landing.y / n)
  }
}

/// The touches of a surface (or of one region) from frame to frame, and each frame's summary.
///
/// The engine keeps one for all recognizers without a region; a recognizer with a region keeps
/// its own. Only fingers take part: a touch joins when it begins as a finger, and a member
/// whose tool turns into a palm or a pen counts as cancelled (libinput cancels a touchscreen
/// touch that becomes `MT_TOOL_PALM`) and never joins again, whatever it turns into later. The
/// similarity fit q′ ≈ s·R(θ)·p′ over the touches present in both frames is computed here once
/// per frame from running sums, so every recognizer reads it in O(1). The touches are a value
/// (`SurfaceState`, 16 members in an `InlineArray`) that the surface changes in place, one
/// member at a time: updating never allocates and checks no exclusivity at run time.
///
/// Recognizers read it as their view of the touches they follow: see ``numberOfTouches``,
/// ``location(ofTouch:)``, ``centroid`` and the flags of the current frame.
public final class TouchSurface {
  /// The most touches tracked; more are ignored.
  public static let capacity = 16
  /// Bit `tool.rawValue`: touches of that tool take part (fingers only, unless the owner's
  /// `allowedTools` says otherwise).
  var toolMask: UInt8 = 1
  /// The touches (changed by `apply(_:accepted:)`, each access short and with no call inside,
  /// so none keeps a run-time exclusivity check).
  private var state = SurfaceState()
  /// The summary of the current frame (written once per update, read by every recognizer,
  /// built-in or yours): the centroid shift, scale factor, turn, span and landing of the frame.
  public var summary: FrameSummary { frameSummary }
  /// Storage of `summary`: internal, so the optimizer sees every access and drops their
  /// run-time exclusivity checks (a public stored property keeps one on every read: +140 M
  /// instructions replaying the 1 M-event stress trace).
  private(set) var frameSummary = FrameSummary()

  init() {}

  /// The touches of the current frame, leaving ones included (a copy, valid until the next
  /// update).
  var members: SurfaceState.Members { state.members }

  /// Forgets every touch (the engine cancelled everything).
  func removeAll() {
    state.removeAll()
    frameSummary = FrameSummary()
  }

  /// Applies one frame, keeping only touches `owner` accepts (all when `owner` is nil).
  func update(_ frame: TouchFrame, owner: GestureRecognizer?) {
    guard let owner else {
      apply(frame, accepted: .all)
      return
    }
    // Asked before the frame is applied, as bits (no allocation for up to 64 touches).
    let touches = frame.touches
    if touches.count > 64 {
      apply(frame, accepted: .list(touches.map { owner.accepts($0) }))
      return
    }
    var bits: UInt64 = 0
    for index in touches.indices where owner.accepts(touches[index]) {
      bits |= 1 &<< UInt64(index)
    }
    apply(frame, accepted: .bits(bits))
  }
}

/// The touches of a ``TouchSurface`` as a value: the members and their count.
struct SurfaceState {
  /// One tracked touch.
  struct Member {
    var id: TouchID
    var start: MillimeterPoint
    var last: MillimeterPoint
    /// Ended or cancelled in the current frame; removed at the next update.
    var leaving: Bool
  }

  /// The first `count` members of a surface, in the order they landed.
  struct Members: RandomAccessCollection {
    fileprivate let storage: InlineArray<16, Member>
    let count: Int
    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(index: Int) -> Member { storage[index] }
  }

  private static let vacant = Member(
    id: TouchID(0), start: MillimeterPoint(x: 0, y: 0), last: MillimeterPoint(x: 0, y: 0),
    leaving: false)
  /// 1/n for n = 0…capacity (entry 0 unused): the means need no division, and each entry is
  /// the same correctly rounded value a division gives.
  fileprivate static let reciprocals = InlineArray<17, Double> {
    $0 == 0 ? 0 : 1 / Double($0)
  }

  /// Room for `TouchSurface.capacity` members, of which the first `count` are set.
  fileprivate var storage = InlineArray<16, Member>(repeating: SurfaceState.vacant)
  /// How many members are stored.
  fileprivate var count = 0
  /// Whether a member is leaving.
  fileprivate var hasLeaving = false
  var members: Members { Members(storage: storage, count: count) }

  mutating func removeAll() {
    count = 0
    hasLeaving = false
  }

  /// Which touches of a frame an owner follows, asked before the frame is applied.
  enum Acceptance {
    /// Every touch (no owner).
    case all
    /// Bit i: touch i of the frame (a frame of at most 64 touches).
    case bits(UInt64)
    /// One flag per touch of the frame.
    case list([Bool])

    func contains(_ index: Int) -> Bool {
      switch self {
      case .all: true
      case .bits(let bits): bits & (1 &<< UInt64(index)) != 0
      case .list(let flags): flags[index]
      }
    }
  }
}

// The frame is applied by the surface itself, each read or write of a member its own short
// access to `state` with no call inside: the optimizer proves none can overlap another and
// drops every run-time exclusivity check on `state`. (A mutating method of the state, called
// on the stored property, made one access spanning the call, checked at run time on every
// update and on every read of a member: about 117 instructions a frame, replaying the stress
// trace.) Sums are kept in locals and the summary is built in a local and stored once.
extension TouchSurface {
  /// The index of the member `id`, or -1.
  private func index(of id: TouchID) -> Int {
    let count = state.count
    var i = 0
    while i < count {
      if state.storage[i].id == id { return i }
      i += 1
    }
    return -1
  }

  /// Applies one frame, keeping only the touches `accepted` holds, and stores its summary.
  fileprivate func apply(_ frame: TouchFrame, accepted: SurfaceState.Acceptance) {
    if state.hasLeaving {
      var kept = 0
      for i in 0..<state.count where !state.storage[i].leaving {
        state.storage[kept] = state.storage[i]
        kept += 1
      }
      state.count = kept
      state.hasLeaving = false
    }
    let toolMask = self.toolMask
    var s = FrameSummary()
    s.countBefore = state.count
    // The last frame's centroid stays when no touch is down or lifting.
    s.centroid = frameSummary.centroid
    var common = 0
    var px = 0.0, py = 0.0, qx = 0.0, qy = 0.0
    var pq = 0.0, pxq = 0.0, pp = 0.0
    var cx = 0.0, cy = 0.0, down = 0
    var lx = 0.0, ly = 0.0, leavers = 0
    let touches = frame.touches
    for t in touches.indices {
      if !accepted.contains(t) { continue }
      let touch = touches[t]
      let id = touch.id
      // A palm or a pen is no finger (unless the owner allows its tool): a member that turns
      // into one is cancelled. A touch whose start was not seen (down when the device was
      // opened) never joins.
      let finger = toolMask & (1 &<< touch.tool.rawValue) != 0 && touch.startSeen
      let phase = finger ? touch.phase : .cancelled
      let q = touch.location
      let terminal = isLeaving(phase)
      let i = index(of: id)
      guard i >= 0 else {
        // Only a finger that begins joins (a palm that turns back into a finger stays out).
        let count = state.count
        if phase == .began && count < TouchSurface.capacity {
          state.storage[count] = SurfaceState.Member(id: id, start: q, last: q, leaving: false)
          state.count = count + 1
          s.landing.x += q.x
          s.landing.y += q.y
          s.landing.n += 1
          cx += q.x
          cy += q.y
          down += 1
        }
        continue
      }
      var member = state.storage[i]
      let p = member.last
      if p.x != q.x || p.y != q.y { s.moved = true }
      common += 1
      px += p.x
      py += p.y
      qx += q.x
      qy += q.y
      pq += p.x * q.x + p.y * q.y
      pxq += p.x * q.y - p.y * q.x
      pp += p.x * p.x + p.y * p.y
      let dx = q.x - member.start.x
      let dy = q.y - member.start.y
      s.largestMovementSquared = max(s.largestMovementSquared, dx * dx + dy * dy)
      member.last = q
      if terminal {
        if case .ended = phase { s.lifted = true } else { s.cancelled = true }
        lx += q.x
        ly += q.y
        leavers += 1
        member.leaving = true
        state.hasLeaving = true
      } else {
        cx += q.x
        cy += q.y
        down += 1
      }
      state.storage[i] = member
    }
    s.count = down
    // Means as products with stored reciprocals (divisions are slow).
    let downInverse = SurfaceState.reciprocals[down]
    if down > 0 {
      s.centroid = MillimeterPoint(x: cx * downInverse, y: cy * downInverse)
    } else if leavers > 0 {
      let inverse = SurfaceState.reciprocals[leavers]
      s.centroid = MillimeterPoint(x: lx * inverse, y: ly * inverse)
    }
    if s.moved && common > 0 {
      let inverse = SurfaceState.reciprocals[common]
      s.shift = PlaneVector(dx: (qx - px) * inverse, dy: (qy - py) * inverse)
      if common >= 2 {
        // Σ(p−P)·(q−Q) = Σp·q − n·P·Q, and likewise for the cross product and the norm.
        let dot = pq - (px * qx + py * qy) * inverse
        let cross = pxq - (px * qy - py * qx) * inverse
        let norm = pp - (px * px + py * py) * inverse
        if norm > 1e-9 {
          // The reciprocal and the square root are independent: computed side by side, not
          // one after the other (only the last bits change).
          let factor = (dot * dot + cross * cross).squareRoot() * (1 / norm)
          if factor > 0 { s.scaleFactor = factor }
          if dot > 0, let small = smallArcTangent(cross / dot) {
            s.turn = small
          } else {
            s.turn = wideArcTangent2(cross, dot)
          }
        }
      }
    }
    if down >= 2 {
      var sum = 0.0
      for i in 0..<state.count where !state.storage[i].leaving {
        let dx = state.storage[i].last.x - s.centroid.x
        let dy = state.storage[i].last.y - s.centroid.y
        sum += (dx * dx + dy * dy).squareRoot()
      }
      s.span = sum * downInverse
    }
    frameSummary = s
  }
}

extension TouchSurface {
  /// The number of touches down after the current frame (UIKit's `numberOfTouches`).
  public var numberOfTouches: Int { summary.count }
  /// The number of touches that were down before the current frame.
  public var numberOfTouchesBefore: Int { summary.countBefore }
  /// The centroid of the touches down (of those lifting, when none stay), in millimetres.
  public var centroid: MillimeterPoint { summary.centroid }
  /// Whether a touch lifted in the current frame.
  public var touchLifted: Bool { summary.lifted }
  /// Whether a touch was cancelled in the current frame (or turned into a tool not followed).
  public var touchCancelled: Bool { summary.cancelled }
  /// Whether a touch present in the previous frame moved in the current one.
  public var touchesMoved: Bool { summary.moved }
  /// The largest distance, in millimetres, of any touch of the current frame from where it
  /// landed.
  public var largestMovement: Millimeters { summary.largestMovementSquared.squareRoot() }

  /// The position, in millimetres, of the `index`th touch down (0 ..< `numberOfTouches`, in
  /// the order they landed), as UIKit's `location(ofTouch:in:)`; nil out of range.
  public func location(ofTouch index: Int) -> MillimeterPoint? {
    touch(index).map { $0.last }
  }

  /// Where the `index`th touch down landed, in millimetres; nil out of range.
  public func startLocation(ofTouch index: Int) -> MillimeterPoint? {
    touch(index).map { $0.start }
  }

  /// The identifier of the `index`th touch down; nil out of range.
  public func identifier(ofTouch index: Int) -> TouchID? {
    touch(index).map { $0.id }
  }

  /// The `index`th member that is not leaving.
  private func touch(_ index: Int) -> SurfaceState.Member? {
    guard index >= 0 else { return nil }
    var seen = 0
    for member in members where !member.leaving {
      if seen == index { return member }
      seen += 1
    }
    return nil
  }
}

/// Whether a touch ends in this frame (a copy of `TouchPhase.isTerminal`, which is not
/// inlinable across the module boundary; this runs for every touch of every frame).
func isLeaving(_ phase: TouchPhase) -> Bool {
  switch phase {
  case .ended, .cancelled: true
  case .began, .moved, .stationary: false
  }
}
