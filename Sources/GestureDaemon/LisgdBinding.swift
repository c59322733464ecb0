import GestureRecognition
import TouchInput

/// lisgd's `-g "nfingers,gesture,edge,distance,actmode,command"` bindings, translated into
/// ours (the table is in Docs/gesturectl-run.md):
///
/// - gestures `LR RL DU UD` → a pan right, left, up, down; the diagonals `DLUR URDL ULDR DRUL`
///   → up-right, down-left, down-right, up-left;
/// - edge `*` → a pan from anywhere; `N` → an edge pan with `edge=none` (not from an edge);
///   `L R T B TL TR BL BR` → an edge pan from that edge or corner;
/// - distance `*` → at least `minimumStroke`; `S` → from that up to 33 % of the screen,
///   `M` → 33–66 %, `L` → 66 % or more (lisgd's thirds of the screen dimension);
/// - actmode `R` → `on=end` (on release, as lisgd); `P` → `every=` `pressedStep` (while
///   pressed, repeating);
/// - command → `shell` (lisgd runs it with `system()`, so through `sh -c`).
public enum LisgdBinding {
  /// lisgd's default stroke threshold, 125 px (config.def.h), taken on a PinePhone's panel
  /// (0.094 mm/px) as 12 mm.
  public static let minimumStroke: Millimeters = 12
  /// lisgd's pressed-mode threshold, 60 px (config.def.h), on the same panel: 6 mm.
  public static let pressedStep: Millimeters = 6

  static let gestures: [String: SwipeDirection] = [
    "LR": .right, "RL": .left, "DU": .up, "UD": .down,
    "DLUR": .upRight, "URDL": .downLeft, "ULDR": .downRight, "DRUL": .upLeft,
  ]
  static let edges: [String: SurfaceEdge] = [
    "L": .left, "R": .right, "T": .top, "B": .bottom,
    "TL": .topLeft, "TR": .topRight, "BL": .bottomLeft, "BR": .bottomRight,
  ]

  /// Parses one lisgd binding.
  ///
  /// - Parameter spec: `nfingers,gesture,edge,distance,actmode,command`; the command is
  ///   everything after the fifth comma.
  /// - Returns: The equivalent binding (its line is left 0).
  /// - Throws: A reason naming the field and what it accepts.
  static func parse(_ spec: String) throws(BindingsReason) -> Binding {
    let fields = spec.split(separator: ",", maxSplits: 5, omittingEmptySubsequences: false)
    guard fields.count == 6 else {
      throw BindingsReason(
        "six comma-separated lisgd fields (nfingers,gesture,edge,distance,"
          + "actmode,command), not '\(spec)'")
    }
    guard let fingers = Int(fields[0]), (1...5).contains(fingers) else {
      throw BindingsReason("lisgd nfingers from 1 to 5, not '\(fields[0])'")
    }
    guard let direction = gestures[String(fields[1])] else {
      throw BindingsReason(
        "lisgd gesture LR, RL, DU, UD, DLUR, URDL, ULDR or DRUL, not '\(fields[1])'")
    }
    let distance: DistanceRange
    switch fields[3] {
    case "*": distance = DistanceRange(minimum: .millimeters(minimumStroke))
    case "S": distance = DistanceRange(minimum: .millimeters(minimumStroke), maximum: .percent(33))
    case "M": distance = DistanceRange(minimum: .percent(33), maximum: .percent(66))
    case "L": distance = DistanceRange(minimum: .percent(66))
    default: throw BindingsReason("lisgd distance *, S, M or L, not '\(fields[3])'")
    }
    let gesture: BindingGesture
    switch fields[2] {
    case "*": gesture = .pan(direction: direction, fingers: fingers, distance: distance)
    case "N":
      gesture = .edgePan(edge: nil, direction: direction, fingers: fingers, distance: distance)
    default:
      guard let edge = edges[String(fields[2])] else {
        throw BindingsReason(
          "lisgd edge *, N, L, R, T, B, TL, TR, BL or BR, not '\(fields[2])'")
      }
      gesture = .edgePan(edge: edge, direction: direction, fingers: fingers, distance: distance)
    }
    let trigger: BindingTrigger
    switch fields[4] {
    case "R": trigger = .end
    case "P": trigger = .every(pressedStep)
    default: throw BindingsReason("lisgd actmode R or P, not '\(fields[4])'")
    }
    guard !fields[5].isEmpty else { throw BindingsReason("a lisgd command after the fifth comma") }
    return Binding(gesture: gesture, trigger: trigger, action: .shell(String(fields[5])))
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
}
