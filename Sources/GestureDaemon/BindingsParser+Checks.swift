import GestureRecognition
import TouchInput

extension BindingsParser {
  /// Refuses a binding that can never fire, or one with a parameter it would ignore
  /// (`gesturectl check-config` and `run` report it as `error: FILE:LINE: reason`).
  ///
  /// - `every=` with `distance=`, `scale=` or `angle=`: the steps count from where the gesture
  ///   starts, so the threshold would be ignored.
  /// - `distance=A..B` with B not above A (same unit): no stroke is both.
  /// - `distance=` above 100 % along left, right, up or down: longer than the surface.
  ///
  /// - Parameters:
  ///   - binding: The parsed binding.
  ///   - given: The keys the line wrote out.
  static func check(_ binding: Binding, given: Set<String>) throws(BindingsReason) {
    try checkKeyHold(binding)
    if case .every(let step) = binding.trigger {
      for key in ["distance", "scale", "angle"] where given.contains(key) {
        let unit = key == "scale" ? "" : key == "angle" ? "deg" : "mm"
        throw BindingsReason(
          text: "\(key)= does not apply with every=: the steps count from where the gesture "
            + "starts (the first fires after every=\(BindingsValues.format(step))\(unit)); "
            + "remove \(key)= or use on=recognize")
      }
    }
    let range: DistanceRange
    let direction: SwipeDirection?
    switch binding.gesture {
    case .pan(let chosen, _, let distance), .edgePan(_, let chosen, _, let distance):
      range = distance
      direction = chosen
    default: return
    }
    let text = range.maximum.map {
      "distance=\(BindingsValues.format(range.minimum))..\(BindingsValues.format($0))"
    }
    switch (range.minimum, range.maximum) {
    case (.millimeters(let low), .millimeters(let high)?) where high <= low,
      (.percent(let low), .percent(let high)?) where high <= low:
      throw BindingsReason(
        text: "\(text ?? "distance=") can never fire: the stroke must end below "
          + "\(high.formatted) and cover at least \(low.formatted); give the shorter length first")
    default: break
    }
    if case .percent(let low) = range.minimum, low > 100,
      [SwipeDirection.left, .right, .up, .down].contains(direction)
    {
      let along = direction == .left || direction == .right ? "width" : "height"
      throw BindingsReason(
        text: "distance=\(BindingsValues.format(low))% can never fire: a stroke "
          + "\(BindingsValues.name(of: direction ?? .up)) covers at most the surface's \(along) "
          + "(100%)")
    }
  }
}

extension BindingsParser {
  /// A `key-hold` needs a gesture that lasts, and a moment to press (`on=recognize` or
  /// `on=begin`): its keys are released when the gesture ends.
  static func checkKeyHold(_ binding: Binding) throws(BindingsReason) {
    guard case .keyHold = binding.action else { return }
    guard binding.gesture.isContinuous else {
      throw BindingsReason(
        text: "key-hold holds keys while a gesture goes on, and a \(binding.gesture.keyword) "
          + "is over when recognized; use key (or a long-press, pan, edge-pan, pinch or "
          + "rotation)")
    }
    switch binding.trigger {
    case .recognize, .begin: break
    case .end, .every:
      throw BindingsReason(
        text: "key-hold presses its keys when the binding fires and releases them when the "
          + "gesture ends, so it takes on=recognize or on=begin only; use key for on=end or "
          + "every=")
    }
  }
}

extension Double {
  /// The short form of a number, as the file writes it.
  fileprivate var formatted: String { BindingsValues.format(self) }
}

extension Binding {
  /// The binding with the thresholds its trigger ignores set to fixed values: with `every=`,
  /// a pan's or edge pan's distance is 0 mm, a pinch's scale and a rotation's angle the
  /// defaults (the steps count from the start; `normalizedText` leaves them out).
  var withIgnoredThresholdsFixed: Binding {
    guard case .every = trigger else { return self }
    var result = self
    let start = DistanceRange(minimum: .millimeters(0))
    switch gesture {
    case .pan(let direction, let fingers, _):
      result.gesture = .pan(direction: direction, fingers: fingers, distance: start)
    case .edgePan(let edge, let direction, let fingers, _):
      result.gesture = .edgePan(edge: edge, direction: direction, fingers: fingers, distance: start)
    case .pinch(let outward, _, let fingers):
      result.gesture = .pinch(
        outward: outward, scale: BindingsParser.defaultPinchScale, fingers: fingers)
    case .rotation(let clockwise, _, let fingers):
      result.gesture = .rotation(
        clockwise: clockwise, degrees: BindingsParser.defaultRotationDegrees, fingers: fingers)
    case .tap, .longPress, .swipe, .lisgd: break
    }
    return result
  }
}
