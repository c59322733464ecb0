import GestureRecognition
import TouchInput

extension BindingsParser {
  /// The gesture and its own parameters (taken out of `parameters`).
  static func parseGesture(_ keyword: String, _ parameters: inout Parameters)
    throws(BindingsReason) -> BindingGesture
  {
    func fingers() throws(BindingsReason) -> Int {
      guard let text = parameters.take("fingers") else { return 1 }
      return try BindingsValues.count("fingers", text, 1...5)
    }
    func twoOrMoreFingers() throws(BindingsReason) -> Int? {
      try parameters.take("fingers").map { (text) throws(BindingsReason) in
        try BindingsValues.count("fingers", text, 2...5)
      }
    }
    func direction() throws(BindingsReason) -> SwipeDirection? {
      guard let text = parameters.take("direction") else { return nil }
      return try BindingsValues.direction(text)
    }
    switch keyword {
    case "tap":
      let taps = try parameters.take("taps").map { (text) throws(BindingsReason) in
        try BindingsValues.count("taps", text, 1...3)
      }
      return .tap(taps: taps ?? 1, fingers: try fingers())
    case "long-press":
      return .longPress(fingers: try fingers())
    case "swipe":
      return .swipe(direction: try direction(), fingers: try fingers())
    case "pan":
      let distance = try parameters.take("distance").map(BindingsValues.distance)
      return .pan(
        direction: try direction(), fingers: try fingers(),
        distance: distance ?? DistanceRange(minimum: .millimeters(0)))
    case "edge-pan":
      guard let edgeText = parameters.take("edge") else {
        throw BindingsReason("edge= one of \(edgeNames) for edge-pan")
      }
      let edge = SurfaceEdge(rawValue: edgeText)
      guard edge != nil || edgeText == "none" else {
        throw BindingsReason("edge= one of \(edgeNames), not '\(edgeText)'")
      }
      let distance = try parameters.take("distance").map(BindingsValues.distance)
      let chosen = try direction()
      guard chosen != nil || edge?.inward != nil else {
        throw BindingsReason("direction= for an edge pan from a corner or edge=none")
      }
      return .edgePan(
        edge: edge, direction: chosen ?? edge?.inward, fingers: try fingers(),
        distance: distance ?? DistanceRange(minimum: .millimeters(defaultEdgePanDistance)))
    case "pinch":
      let text = parameters.take("direction")
      guard text == "in" || text == "out" else {
        throw BindingsReason("direction=in or direction=out for pinch")
      }
      let scale = try parameters.take("scale").map { (text) throws(BindingsReason) in
        try BindingsValues.scale("scale", text)
      }
      return .pinch(
        outward: text == "out", scale: scale ?? defaultPinchScale,
        fingers: try twoOrMoreFingers())
    default:
      let text = parameters.take("direction")
      guard text == "cw" || text == "ccw" else {
        throw BindingsReason("direction=cw or direction=ccw for rotation")
      }
      let angle = try parameters.take("angle").map { (text) throws(BindingsReason) in
        try BindingsValues.degrees("angle", text)
      }
      return .rotation(
        clockwise: text == "cw", degrees: angle ?? defaultRotationDegrees,
        fingers: try twoOrMoreFingers())
    }
  }

  /// The edge names, for error messages.
  static var edgeNames: String {
    (SurfaceEdge.allCases.map(\.rawValue) + ["none"]).joined(separator: ", ")
  }

  /// `on=` and `every=`, checked against what the gesture allows.
  static func parseTrigger(_ gesture: BindingGesture, _ parameters: inout Parameters)
    throws(BindingsReason) -> BindingTrigger
  {
    let on = parameters.take("on")
    let every = parameters.take("every")
    if on != nil && every != nil {
      throw BindingsReason(text: "give on= or every=, not both")
    }
    if let every {
      switch gesture {
      case .pan, .edgePan: return .every(try BindingsValues.millimeters("every", every))
      case .rotation: return .every(try BindingsValues.degrees("every", every))
      case .pinch: return .every(try BindingsValues.scale("every", every))
      default:
        throw BindingsReason(
          text: "every= repeats only pan, edge-pan, pinch and rotation, not \(gesture.keyword)")
      }
    }
    switch on {
    case nil, "recognize": return .recognize
    case "begin", "end":
      guard gesture.isContinuous else {
        throw BindingsReason(
          text: "on=\(on ?? "") applies only to gestures that go on (long-press, pan, "
            + "edge-pan, pinch, rotation), not \(gesture.keyword)")
      }
      return on == "begin" ? .begin : .end
    default:
      throw BindingsReason("on=recognize, on=begin or on=end, not 'on=\(on ?? "")'")
    }
  }

  /// A `device` line's words after the keyword.
  static func parseDevice(_ words: [String]) throws(BindingsReason) -> DeviceRule {
    var flags = Set<String>()
    var parameters = Parameters()
    for word in words {
      if word == "grab" || word == "ignore" || word == "own" {
        flags.insert(word)
        continue
      }
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw BindingsReason("KEY=VALUE, grab, own or ignore after 'device', not '\(word)'")
      }
      parameters.pairs.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
    }
    let name = parameters.take("name")
    let path = parameters.take("path")
    var rule: DeviceRule
    switch (name, path) {
    case (let name?, nil): rule = DeviceRule(match: .name(name))
    case (nil, let path?): rule = DeviceRule(match: .path(path))
    default: throw BindingsReason("exactly one of name=GLOB or path=GLOB after 'device'")
    }
    rule.grab = flags.contains("grab")
    rule.ignore = flags.contains("ignore")
    rule.own = flags.contains("own")
    if let text = parameters.take("rotation") { rule.rotation = try BindingsValues.rotation(text) }
    if let text = parameters.take("size") {
      let size = try BindingsValues.size(text)
      rule.size = (size.0, size.1)
    }
    if let text = parameters.take("calibration") {
      rule.calibration = try BindingsValues.calibration(text)
    }
    if let text = parameters.take("axes") { rule.axes = try BindingsValues.axes(text) }
    rule.tunables = try Tunables.parse(&parameters, allowed: Tunables.keys)
    if let unknown = parameters.pairs.first {
      throw BindingsReason(
        text: "unknown parameter '\(unknown.key)' for device; expected name, path, rotation, "
          + "size, calibration, axes, \(Tunables.keys.joined(separator: ", ")), grab, own or ignore"
      )
    }
    return rule
  }
}
