import GestureRecognition
import TouchInput

/// Reads the bindings file grammar (see the README and Docs/gesturectl-run.md):
///
/// ```
/// GESTURE [KEY=VALUE]… run PROGRAM [ARGUMENT]…
/// GESTURE [KEY=VALUE]… shell "COMMAND LINE"
/// GESTURE [KEY=VALUE]… (key | key-hold) CHORD
/// GESTURE [KEY=VALUE]… button (left | right | middle)
/// device (name=GLOB | path=GLOB) [rotation=…] [size=…] [calibration=…] [grab] [own] [ignore]
/// lisgd [-g] "NFINGERS,GESTURE,EDGE,DISTANCE[,ACTMODE],COMMAND"
/// first-match
/// ```
public enum BindingsParser {
  /// The gesture keywords, in the order errors list them.
  static let gestureKeywords = [
    "tap", "long-press", "swipe", "pan", "edge-pan", "pinch", "rotation",
  ]

  /// Default minimum distance of an edge pan: 10 mm (ours; GNOME Shell's edge drag fires
  /// after 80 px, about 10 mm at 200 dpi).
  public static let defaultEdgePanDistance: Millimeters = 10
  /// Default pinch threshold: a scale of 1.25 out, 1/1.25 in (ours).
  public static let defaultPinchScale = 1.25
  /// Default rotation threshold: 15° (ours).
  public static let defaultRotationDegrees = 15.0

  /// Parses a whole file.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: Its name, for errors.
  /// - Returns: The bindings and device rules, in file order.
  /// - Throws: `BindingsError` for the first bad line.
  public static func parse(_ text: String, file: String) throws(BindingsError)
    -> BindingsConfiguration
  {
    var configuration = BindingsConfiguration()
    var number = 0
    var firstMatch = false
    // Split on the scalar: "\r\n" is one Character, which a split on "\n" would not find.
    for scalars in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = Substring(scalars)
      number += 1
      do throws(BindingsReason) {
        let words = try splitWords(line)
        guard let keyword = words.first else { continue }
        switch keyword {
        case "first-match":
          guard words.count == 1 else {
            throw BindingsReason(
              "nothing after 'first-match' (it applies to the bindings after it)")
          }
          firstMatch = true
        case "device":
          var rule = try parseDevice(Array(words.dropFirst()))
          rule.line = number
          configuration.devices.append(rule)
        case "lisgd":
          var rest = words.dropFirst()
          if rest.first == "-g" { rest = rest.dropFirst() }
          guard rest.count == 1, let spec = rest.first else {
            throw BindingsReason(
              "one quoted lisgd binding after 'lisgd', such as "
                + "lisgd \"1,LR,L,*,R,command\"")
          }
          var binding = try LisgdBinding.parse(spec)
          binding.line = number
          configuration.bindings.append(binding)
        default:
          var binding = try parseBinding(words)
          binding.line = number
          binding.firstMatch = firstMatch
          configuration.bindings.append(binding)
        }
      } catch {
        throw BindingsError(file: file, line: number, reason: error.text)
      }
    }
    return configuration
  }

  /// Parses one gesture binding from its words.
  static func parseBinding(_ words: [String]) throws(BindingsReason) -> Binding {
    let keyword = words[0]
    guard gestureKeywords.contains(keyword) else {
      throw BindingsReason(
        "a gesture (\(gestureKeywords.joined(separator: ", "))), 'device', 'lisgd' or "
          + "'first-match' at the "
          + "start of the line, not '\(keyword)'")
    }
    guard let actionIndex = words.firstIndex(where: actionKeywords.contains) else {
      throw BindingsReason(
        "'run PROGRAM [ARGUMENT]…', 'shell \"COMMAND\"', 'key CHORD', 'key-hold CHORD' or "
          + "'button left|right|middle' after \(keyword)")
    }
    var parameters = try keyValues(words[1..<actionIndex], before: words[actionIndex])
    let given = Set(parameters.pairs.map(\.key))
    let action = try parseAction(Array(words[actionIndex...]))
    let gesture = try parseGesture(keyword, &parameters)
    var binding = Binding(gesture: gesture, action: action)
    binding.device = parameters.take("device")
    if let text = parameters.take("region") { binding.region = try BindingsValues.region(text) }
    binding.tunables = try Tunables.parse(&parameters, allowed: Tunables.keys(for: keyword))
    binding.trigger = try parseTrigger(gesture, &parameters)
    if let unknown = parameters.pairs.first {
      throw BindingsReason(
        text: "unknown parameter '\(unknown.key)' for \(keyword); expected "
          + allowedKeys(keyword).joined(separator: ", "))
    }
    try check(binding, given: given)
    return binding.withIgnoredThresholdsFixed
  }

  /// The keys a gesture accepts, for error messages.
  static func allowedKeys(_ keyword: String) -> [String] {
    let own: [String] =
      switch keyword {
      case "tap": ["taps", "fingers"]
      case "long-press": ["fingers"]
      case "swipe": ["direction", "fingers"]
      case "pan": ["direction", "fingers", "distance"]
      case "edge-pan": ["edge", "direction", "fingers", "distance"]
      case "pinch": ["direction", "scale", "fingers"]
      default: ["direction", "angle", "fingers"]
      }
    let timing: [String] =
      switch keyword {
      case "tap", "swipe": []
      case "long-press": ["on"]
      default: ["on", "every"]
      }
    return own + timing + Tunables.keys(for: keyword) + ["device", "region"]
  }

  private static func keyValues(_ words: ArraySlice<String>, before action: String)
    throws(BindingsReason) -> Parameters
  {
    var parameters = Parameters()
    for word in words {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw BindingsReason("KEY=VALUE before '\(action)', not '\(word)'")
      }
      let key = String(word[..<equals])
      guard !parameters.pairs.contains(where: { $0.key == key }) else {
        throw BindingsReason(text: "'\(key)' is given twice")
      }
      parameters.pairs.append((key, String(word[word.index(after: equals)...])))
    }
    return parameters
  }

  /// The words that start a binding's action.
  static let actionKeywords: Set<String> = ["run", "shell", "key", "key-hold", "button"]

  private static func parseAction(_ words: [String]) throws(BindingsReason) -> BindingAction {
    switch words[0] {
    case "key", "key-hold":
      guard words.count == 2 else {
        throw BindingsReason(
          "one chord after '\(words[0])', its keys joined by '+', such as \(words[0]) super+Right")
      }
      let chord = try KeyChord(parsing: words[1])
      return words[0] == "key" ? .key(chord) : .keyHold(chord)
    case "button":
      guard words.count == 2, let button = PointerButton(rawValue: words[1]) else {
        throw BindingsReason(
          "button left, right or middle, not '\(words.dropFirst().joined(separator: " "))'")
      }
      return .button(button)
    default: break
    }
    if words[0] == "run" {
      guard words.count > 1, !words[1].isEmpty else {
        throw BindingsReason("a program after 'run'")
      }
      return .argv(Array(words.dropFirst()))
    }
    guard words.count == 2, !words[1].isEmpty else {
      throw BindingsReason("one quoted command line after 'shell', such as shell \"a | b\"")
    }
    return .shell(words[1])
  }
}

/// The `key=value` pairs of one line, taken out one by one so that leftovers are unknown keys.
struct Parameters {
  /// The pairs not taken yet, in order.
  var pairs: [(key: String, value: String)] = []

  /// Removes and returns the value of `key`, if given.
  mutating func take(_ key: String) -> String? {
    guard let index = pairs.firstIndex(where: { $0.key == key }) else { return nil }
    return pairs.remove(at: index).value
  }
}
