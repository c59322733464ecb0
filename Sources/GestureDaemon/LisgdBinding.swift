import GestureRecognition
import TouchInput

/// One lisgd `-g` spec, kept as lisgd means it: matched by `LisgdRules` on the strokes
/// `LisgdStrokeRecognizer` measures, the way lisgd 0.3.7 does (Docs/gesturectl-run.md, "lisgd
/// bindings").
public struct LisgdSpec: Sendable, Hashable {
  /// lisgd's edge field: `*` any, `N` none, a side or a corner.
  public enum Edge: String, Sendable, Hashable, CaseIterable {
    /// `*`: anywhere.
    case any = "*"
    /// `N`: neither starting nor ending in a band.
    case none = "N"
    /// `L`.
    case left = "L"
    /// `R`.
    case right = "R"
    /// `T`.
    case top = "T"
    /// `B`.
    case bottom = "B"
    /// `TL`.
    case topLeft = "TL"
    /// `TR`.
    case topRight = "TR"
    /// `BL`.
    case bottomLeft = "BL"
    /// `BR`.
    case bottomRight = "BR"
  }

  /// lisgd's distance field: a stroke's length class, compared as "at least" (`S` matches
  /// short, medium and long strokes, as in lisgd).
  public enum Distance: Int, Sendable, Hashable, Comparable {
    /// `*`.
    case any = 0
    /// `S`: below a third of the screen.
    case short
    /// `M`: from a third to two thirds.
    case medium
    /// `L`: two thirds or more.
    case long

    /// Orders by length.
    public static func < (a: Distance, b: Distance) -> Bool { a.rawValue < b.rawValue }
  }

  /// The number of fingers (lisgd counts the fingers whose strokes point the same way).
  public var fingers: Int
  /// The stroke's direction (one of lisgd's eight).
  public var direction: SwipeDirection
  /// The edge field.
  public var edge: Edge
  /// The distance field.
  public var distance: Distance
  /// Actmode `P`: fires while the fingers are down, every `pressedThreshold`.
  public var pressed: Bool
  /// The time the whole gesture must take, from the first finger down, in ms (lisgd's `-m`).
  public var timeout: Int = LisgdBinding.defaultTimeout
  /// The least stroke, in lisgd pixels (`-t`, 125).
  public var threshold: Int = LisgdBinding.defaultThreshold
  /// The pressed-mode step, in lisgd pixels (`-T`, 60).
  public var pressedThreshold: Int = LisgdBinding.defaultPressedThreshold

  /// The least stroke in mm.
  var minimumStroke: Millimeters { Double(threshold) * LisgdBinding.pixel }
  /// The pressed-mode step in mm.
  var pressedStep: Millimeters { Double(pressedThreshold) * LisgdBinding.pixel }

  /// The spec as lisgd reads it, with the actmode written out: `1,DU,R,*,P` (no command).
  public var fieldsText: String {
    let gesture = LisgdBinding.gestures.first { $0.value == direction }?.key ?? "?"
    let distanceText = ["*", "S", "M", "L"][distance.rawValue]
    return "\(fingers),\(gesture),\(edge.rawValue),\(distanceText),\(pressed ? "P" : "R")"
  }
}

/// lisgd's `-g "nfingers,gesture,edge,distance[,actmode],command"` bindings.
///
/// They are matched as lisgd 0.3.7 matches them (not translated into pans): one straight
/// stroke per finger, from where it landed to where it lifted; the finger count is the number
/// of fingers whose strokes point the way the first lifted finger's does; the gesture is
/// decided when the last finger lifts, within `-m` (800 ms) of the first landing; the edge is
/// where the stroke starts, or else where it ends; the first matching line fires, and only
/// that one. Actmode `P` lines also fire while the finger is down, each time it has moved
/// `pressedThreshold` since the last firing.
public enum LisgdBinding {
  /// The millimetres of one lisgd pixel: lisgd's thresholds are in screen pixels, and were
  /// chosen on a PinePhone (720 × 1440 px on a 68 × 136 mm panel: 0.0944 mm per px).
  public static let pixel: Millimeters = 68.0 / 720
  /// lisgd's stroke threshold, 125 px (`-t`; config.def.h): 11.8 mm.
  public static let minimumStroke: Millimeters = 125 * pixel
  /// lisgd's pressed-mode threshold, 60 px (`-T`): 5.67 mm.
  public static let pressedStep: Millimeters = 60 * pixel
  /// lisgd's edge bands, 50 px on each side: 4.72 mm.
  public static let edgeBand: Millimeters = 50 * pixel
  /// lisgd's default time limit (`-m`), 800 ms.
  public static let defaultTimeout = 800
  /// lisgd's default stroke threshold (`-t`), 125 px.
  public static let defaultThreshold = 125
  /// lisgd's default pressed-mode threshold (`-T`), 60 px.
  public static let defaultPressedThreshold = 60
  /// lisgd's leniency around each of the eight directions (`-r`), 15°.
  public static let leniency = 15.0

  static let gestures: [String: SwipeDirection] = [
    "LR": .right, "RL": .left, "DU": .up, "UD": .down,
    "DLUR": .upRight, "URDL": .downLeft, "ULDR": .downRight, "DRUL": .upLeft,
  ]

  /// Parses one lisgd binding.
  ///
  /// - Parameter spec: `nfingers,gesture,edge,distance[,actmode],command`. The actmode may
  ///   be left out, as lisgd allows: a fifth field other than `R` or `P` starts the command.
  ///   The command is everything after its comma (lisgd itself cuts it at the next comma).
  /// - Returns: The binding (its line is left 0).
  /// - Throws: A reason naming the field and what it accepts.
  static func parse(_ spec: String) throws(BindingsReason) -> Binding {
    let fields = spec.split(separator: ",", maxSplits: 5, omittingEmptySubsequences: false)
    guard fields.count >= 5 else {
      throw BindingsReason(
        "five or six comma-separated lisgd fields (nfingers,gesture,edge,distance,"
          + "[actmode,]command), not '\(spec)'")
    }
    guard let fingers = Int(fields[0]), (1...5).contains(fingers) else {
      throw BindingsReason("lisgd nfingers from 1 to 5, not '\(fields[0])'")
    }
    guard let direction = gestures[String(fields[1])] else {
      throw BindingsReason(
        "lisgd gesture LR, RL, DU, UD, DLUR, URDL, ULDR or DRUL, not '\(fields[1])'")
    }
    guard let edge = LisgdSpec.Edge(rawValue: String(fields[2])) else {
      throw BindingsReason("lisgd edge *, N, L, R, T, B, TL, TR, BL or BR, not '\(fields[2])'")
    }
    let distance: LisgdSpec.Distance
    switch fields[3] {
    case "*": distance = .any
    case "S": distance = .short
    case "M": distance = .medium
    case "L": distance = .long
    default: throw BindingsReason("lisgd distance *, S, M or L, not '\(fields[3])'")
    }
    let pressed = fields[4] == "P"
    let actmodeWritten = fields[4] == "R" || pressed
    let command: Substring
    if actmodeWritten {
      guard fields.count == 6, !fields[5].isEmpty else {
        throw BindingsReason("a lisgd command after the actmode '\(fields[4])'")
      }
      command = fields[5]
    } else {
      guard !fields[4].isEmpty else {
        throw BindingsReason("a lisgd command (or actmode R or P) after the distance")
      }
      command = spec[fields[4].startIndex...]
    }
    let lisgd = LisgdSpec(
      fingers: fingers, direction: direction, edge: edge, distance: distance, pressed: pressed)
    return Binding(
      gesture: .lisgd(lisgd), trigger: pressed ? .every(pressedStep) : .end,
      action: .shell(String(command)))
  }

  /// Parses a `-g` option of the command line.
  ///
  /// - Parameters:
  ///   - spec: The option's value.
  ///   - index: Which `-g` it is (from 1), reported as the line.
  /// - Throws: `BindingsError` with `command line` as the file.
  public static func parseOption(_ spec: String, index: Int) throws(BindingsError) -> Binding {
    do throws(BindingsReason) {
      var binding = try parse(spec)
      binding.line = 0
      return binding
    } catch {
      throw BindingsError(file: "-g #\(index)", line: 0, reason: error.text)
    }
  }

  /// Applies lisgd's command-line options to every lisgd binding of `configuration`.
  ///
  /// - Parameters:
  ///   - timeout: `-m`, the time limit in ms (lisgd's default is 800), if given.
  ///   - threshold: `-t`, the least stroke in lisgd pixels (125), if given.
  ///   - pressedThreshold: `-T`, the pressed-mode step in lisgd pixels (60), if given.
  ///   - configuration: The bindings to change.
  public static func apply(
    timeout: Int? = nil, threshold: Int? = nil, pressedThreshold: Int? = nil,
    to configuration: inout BindingsConfiguration
  ) {
    for index in configuration.bindings.indices {
      if case .lisgd(var spec) = configuration.bindings[index].gesture {
        spec.timeout = timeout ?? spec.timeout
        spec.threshold = threshold ?? spec.threshold
        spec.pressedThreshold = pressedThreshold ?? spec.pressedThreshold
        configuration.bindings[index].gesture = .lisgd(spec)
      }
    }
  }
}
