import GestureRecognition
import TouchInput

extension Binding {
  /// The binding in the file grammar with every parameter explicit (defaults written out), so
  /// that parsing the text gives the same binding back; lisgd bindings come out as `lisgd`
  /// lines with their actmode written out.
  public var normalizedText: String {
    if case .lisgd(let spec) = gesture, case .shell(let command) = action {
      return "lisgd " + quoteWord(spec.fieldsText + "," + command)
    }
    var words = [gesture.keyword] + gesture.parameterWords
    if case .every = trigger {
      // The steps count from the start: the threshold does not apply (and is refused).
      words.removeAll {
        $0.hasPrefix("distance=") || $0.hasPrefix("scale=") || $0.hasPrefix("angle=")
      }
    }
    switch trigger {
    case .recognize: words.append("on=recognize")
    case .begin: words.append("on=begin")
    case .end: words.append("on=end")
    case .every(let step):
      switch gesture {
      case .pan, .edgePan: words.append("every=\(BindingsValues.format(step))mm")
      case .rotation: words.append("every=\(BindingsValues.format(step))deg")
      default: words.append("every=\(BindingsValues.format(step))")
      }
    }
    words += tunables.words
    if let device { words.append("device=" + device) }
    if let region {
      let sides = [region.x, region.y, region.width, region.height].map(BindingsValues.format)
      words.append("region=" + sides.joined(separator: ","))
    }
    words += action.words
    var text = words.map(quoteWord).joined(separator: " ")
    // A chord written with aliases says which kernel keys it sends (a comment: the line reads
    // back the same).
    if let chord = action.chord, chord.kernelText != chord.text {
      text += "  # " + chord.kernelText
    }
    return text
  }
}

extension BindingGesture {
  /// The gesture's own `key=value` words, defaults included, in a fixed order.
  var parameterWords: [String] {
    func direction(_ value: SwipeDirection?) -> String {
      "direction=" + (value.map(BindingsValues.name(of:)) ?? "any")
    }
    func distance(_ range: DistanceRange) -> String {
      var text = "distance=" + BindingsValues.format(range.minimum)
      if let maximum = range.maximum { text += ".." + BindingsValues.format(maximum) }
      return text
    }
    switch self {
    case .tap(let taps, let fingers): return ["taps=\(taps)", "fingers=\(fingers)"]
    case .longPress(let fingers): return ["fingers=\(fingers)"]
    case .swipe(let value, let fingers): return [direction(value), "fingers=\(fingers)"]
    case .pan(let value, let fingers, let range):
      return [direction(value), "fingers=\(fingers)", distance(range)]
    case .edgePan(let edge, let value, let fingers, let range):
      return [
        "edge=" + (edge?.rawValue ?? "none"), direction(value), "fingers=\(fingers)",
        distance(range),
      ]
    case .pinch(let outward, let scale, let fingers):
      return [outward ? "direction=out" : "direction=in", "scale=\(BindingsValues.format(scale))"]
        + (fingers.map { ["fingers=\($0)"] } ?? [])
    case .rotation(let clockwise, let degrees, let fingers):
      return [
        clockwise ? "direction=cw" : "direction=ccw", "angle=\(BindingsValues.format(degrees))deg",
      ] + (fingers.map { ["fingers=\($0)"] } ?? [])
    case .lisgd(let spec): return [spec.fieldsText]
    }
  }
}

extension DeviceRule {
  /// The rule in the file grammar.
  public var normalizedText: String {
    var words = ["device"]
    switch match {
    case .name(let glob): words.append("name=" + glob)
    case .path(let glob): words.append("path=" + glob)
    }
    if let rotation { words.append("rotation=\(rotation.rawValue)") }
    if let size {
      words.append(
        "size=\(BindingsValues.format(size.width))x\(BindingsValues.format(size.height))")
    }
    if let calibration {
      words.append("calibration=" + calibration.map(BindingsValues.format).joined(separator: ","))
    }
    if let axes {
      words.append(
        "axes=" + KernelNames.codeName(type: EventType.abs, code: axes.x) + ","
          + KernelNames.codeName(type: EventType.abs, code: axes.y))
    }
    words += tunables.words
    if grab { words.append("grab") }
    if own { words.append("own") }
    if ignore { words.append("ignore") }
    return words.map(quoteWord).joined(separator: " ")
  }
}

extension BindingsConfiguration {
  /// Every device rule, then every binding, one normalized line each.
  public var normalizedText: String {
    var lines = devices.map(\.normalizedText)
    for binding in bindings {
      if binding.firstMatch && !lines.contains("first-match") { lines.append("first-match") }
      lines.append(binding.normalizedText)
    }
    return lines.map { $0 + "\n" }.joined()
  }
}
