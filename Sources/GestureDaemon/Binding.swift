import GestureRecognition
import TouchInput

/// A length on the surface: millimetres, or a percentage of the surface's extent along the
/// axis it measures.
public enum SurfaceLength: Sendable, Hashable {
  /// Millimetres.
  case millimeters(Double)
  /// Percent of the surface's width or height (whichever the length runs along).
  case percent(Double)

  /// The length in millimetres on a surface whose extent along this length's axis is `extent`.
  public func resolved(extent: Millimeters) -> Millimeters {
    switch self {
    case .millimeters(let value): value
    case .percent(let value): value / 100 * extent
    }
  }
}

/// A rectangle of the surface, `x,y,width,height`, each in millimetres or percent.
public struct SurfaceRegion: Sendable, Hashable {
  /// The left side, from the surface's left edge.
  public var x: SurfaceLength
  /// The top side, from the surface's top edge.
  public var y: SurfaceLength
  /// The width.
  public var width: SurfaceLength
  /// The height.
  public var height: SurfaceLength

  /// Whether `point` lies in the region on a surface of `width` × `height` millimetres.
  public func contains(
    _ point: MillimeterPoint, width surfaceWidth: Millimeters,
    height surfaceHeight: Millimeters
  ) -> Bool {
    let left = x.resolved(extent: surfaceWidth)
    let top = y.resolved(extent: surfaceHeight)
    return point.x >= left && point.x <= left + width.resolved(extent: surfaceWidth)
      && point.y >= top && point.y <= top + height.resolved(extent: surfaceHeight)
  }
}

/// A side or corner of the surface where an edge pan starts.
public enum SurfaceEdge: String, Sendable, Hashable, CaseIterable {
  /// The left side (x = 0).
  case left
  /// The right side.
  case right
  /// The top side (y = 0).
  case top
  /// The bottom side.
  case bottom
  /// The top-left corner: in the bands of the top and the left side.
  case topLeft = "top-left"
  /// The top-right corner.
  case topRight = "top-right"
  /// The bottom-left corner.
  case bottomLeft = "bottom-left"
  /// The bottom-right corner.
  case bottomRight = "bottom-right"

  /// The direction that leads away from the edge, into the surface (nil for corners).
  public var inward: SwipeDirection? {
    switch self {
    case .left: .right
    case .right: .left
    case .top: .down
    case .bottom: .up
    default: nil
    }
  }
}

/// A distance a continuous gesture must cover: at least `minimum`, and below `maximum` when
/// one is given (lisgd's short/medium/long strokes).
public struct DistanceRange: Sendable, Hashable {
  /// The least distance.
  public var minimum: SurfaceLength
  /// The distance the stroke must stay below, if any.
  public var maximum: SurfaceLength?

  /// Creates a range.
  public init(minimum: SurfaceLength, maximum: SurfaceLength? = nil) {
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// The gesture a binding matches, with its parameters.
public enum BindingGesture: Sendable, Hashable {
  /// `taps` taps (1-3) of `fingers` fingers.
  case tap(taps: Int, fingers: Int)
  /// Fingers held still.
  case longPress(fingers: Int)
  /// A quick stroke; `nil` direction matches any.
  case swipe(direction: SwipeDirection?, fingers: Int)
  /// A drag; `nil` direction matches any.
  case pan(direction: SwipeDirection?, fingers: Int, distance: DistanceRange)
  /// A drag that starts at an edge (`nil`: anywhere not at an edge, lisgd's `N`); the
  /// direction defaults to inward.
  case edgePan(
    edge: SurfaceEdge?, direction: SwipeDirection?, fingers: Int,
    distance: DistanceRange)
  /// Fingers apart (`outward`) or together, by at least `scale` (> 1; in: 1/scale), with
  /// exactly `fingers` fingers (any number of two or more when nil).
  case pinch(outward: Bool, scale: Double, fingers: Int?)
  /// A turn, clockwise or not, by at least `degrees`, with exactly `fingers` fingers (any
  /// number of two or more when nil).
  case rotation(clockwise: Bool, degrees: Double, fingers: Int?)
  /// A lisgd `-g` spec, matched as lisgd matches it (see `LisgdBinding`).
  case lisgd(LisgdSpec)

  /// The keyword that starts the binding in the file.
  public var keyword: String {
    switch self {
    case .tap: "tap"
    case .longPress: "long-press"
    case .swipe: "swipe"
    case .pan: "pan"
    case .edgePan: "edge-pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .lisgd: "lisgd"
    }
  }

  /// Whether the gesture goes on over time (begin, end and repeats apply), as opposed to a
  /// single moment (tap, swipe).
  public var isContinuous: Bool {
    switch self {
    case .tap, .swipe, .lisgd: false
    case .longPress, .pan, .edgePan, .pinch, .rotation: true
    }
  }
}

/// When a binding runs its command.
public enum BindingTrigger: Sendable, Hashable {
  /// Once, when the gesture is recognized with the binding's thresholds (the default).
  case recognize
  /// When the continuous gesture begins.
  case begin
  /// When the continuous gesture ends, if its final values match.
  case end
  /// Each time the gesture advances by this step: millimetres (pan, edge pan), degrees
  /// (rotation) or a scale factor (pinch).
  case every(Double)
}

/// What a binding runs.
public enum BindingAction: Sendable, Hashable {
  /// A program and its arguments, run directly (no shell).
  case argv([String])
  /// A shell command line, run as `sh -c STRING` (only when the binding says `shell`, or
  /// comes from lisgd).
  case shell(String)
  /// Keys pressed in order and released in reverse through the daemon's virtual keyboard.
  case key(KeyChord)
  /// Keys pressed when the binding fires and released when its gesture ends, however it ends
  /// (ended, cancelled, the device unplugged, a reload, a stop): never a stuck key.
  case keyHold(KeyChord)
  /// A click of a mouse button through the daemon's virtual pointer.
  case button(PointerButton)

  /// The argv that is spawned (empty for key and button actions, which spawn nothing).
  public var arguments: [String] {
    switch self {
    case .argv(let words): words
    case .shell(let script): ["/bin/sh", "-c", script]
    case .key, .keyHold, .button: []
    }
  }

  /// Whether the action writes input events (`key`, `key-hold`, `button`): it needs
  /// `/dev/uinput`.
  public var needsUinput: Bool {
    switch self {
    case .argv, .shell: false
    case .key, .keyHold, .button: true
    }
  }

  /// The keys of a `key` or `key-hold` action.
  public var chord: KeyChord? {
    switch self {
    case .key(let chord), .keyHold(let chord): chord
    default: nil
    }
  }

  /// The action's words in the file (`key super+Right`, `run echo hi`), unquoted.
  public var words: [String] {
    switch self {
    case .argv(let argv): ["run"] + argv
    case .shell(let script): ["shell", script]
    case .key(let chord): ["key", chord.text]
    case .keyHold(let chord): ["key-hold", chord.text]
    case .button(let button): ["button", button.rawValue]
    }
  }
}

/// One line of the bindings file that makes a gesture run a command.
public struct Binding: Sendable, Hashable {
  /// What it matches.
  public var gesture: BindingGesture
  /// When it fires.
  public var trigger: BindingTrigger = .recognize
  /// A glob the device name must match (`*`, `?`, `[...]`), if any.
  public var device: String?
  /// Where on the surface the gesture must start (its first location), if anywhere.
  public var region: SurfaceRegion?
  /// What it runs.
  public var action: BindingAction
  /// Thresholds changed for this binding's recognizer (after the device rule's are filled
  /// in, for the device it runs on).
  public var tunables = Tunables()
  /// The line of the file (0 for the command line).
  public var line: Int = 0
  /// Whether it comes after the file's `first-match` line: of those bindings, one gesture
  /// fires only the first that matches it (as lisgd lines always do among themselves).
  public var firstMatch = false

  /// Creates a binding. With `every=`, the thresholds the steps ignore (distance, scale,
  /// angle) are set to fixed values, so that equal bindings compare equal.
  public init(
    gesture: BindingGesture, trigger: BindingTrigger = .recognize, device: String? = nil,
    region: SurfaceRegion? = nil, action: BindingAction, line: Int = 0
  ) {
    self.gesture = gesture
    self.trigger = trigger
    self.device = device
    self.region = region
    self.action = action
    self.line = line
    self = withIgnoredThresholdsFixed
  }
}

/// Settings for the devices a `device` line matches.
public struct DeviceRule: Sendable, Hashable {
  /// What the rule matches.
  public enum Match: Sendable, Hashable {
    /// A glob on the device name.
    case name(String)
    /// A glob on the node path (`/dev/input/event*`).
    case path(String)
  }
  /// What it matches.
  public var match: Match
  /// How the screen is turned relative to the sensor.
  public var rotation: ScreenRotation?
  /// The surface size in millimetres (after rotation).
  public var size: (width: Millimeters, height: Millimeters)?
  /// A libinput-style calibration matrix (six values).
  public var calibration: [Double]?
  /// Thresholds for the device's recognizers (bindings' own values win).
  public var tunables = Tunables()
  /// Single-touch panels: the absolute axes that carry the position (an eGalax sends it on
  /// `ABS_Z` and `ABS_RX`), as event codes.
  public var axes: (x: UInt16, y: UInt16)?
  /// Take exclusive access.
  public var grab = false
  /// Do not use the device at all.
  public var ignore = false
  /// Own the device's gestures: grab it and show the compositor a uinput clone that gets the
  /// touches no binding claims (see Docs/Ownership.md).
  public var own = false
  /// The line of the file.
  public var line: Int = 0

  /// Creates a rule with no settings.
  public init(match: Match, line: Int = 0) {
    self.match = match
    self.line = line
  }

  /// Rules are equal when every setting is (the size is a tuple, so this is spelled out).
  public static func == (lhs: DeviceRule, rhs: DeviceRule) -> Bool {
    lhs.match == rhs.match && lhs.rotation == rhs.rotation && lhs.size?.width == rhs.size?.width
      && lhs.size?.height == rhs.size?.height && lhs.calibration == rhs.calibration
      && lhs.axes?.x == rhs.axes?.x && lhs.axes?.y == rhs.axes?.y && lhs.tunables == rhs.tunables
      && lhs.grab == rhs.grab && lhs.ignore == rhs.ignore && lhs.line == rhs.line
  }

  /// Hashes what identifies the rule: its match and line.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(match)
    hasher.combine(line)
  }
}

/// Everything a bindings file says.
public struct BindingsConfiguration: Sendable, Hashable {
  /// The bindings, in file order (among lisgd ones the first that matches a stroke fires).
  public var bindings: [Binding] = []
  /// The device rules, in file order (every matching rule applies, later ones override).
  public var devices: [DeviceRule] = []

  /// An empty configuration.
  public init() {}
}
