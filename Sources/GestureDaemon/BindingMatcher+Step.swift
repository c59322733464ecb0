import GestureRecognition
import TextOutput
import TouchInput

extension BindingMatcher {
  /// cos 30°: a stroke matches a side (left, right, up, down) within ±30° of it.
  static let cardinalCosine = 0.866_025_403_784_438_6
  /// cos 15°: a stroke matches a diagonal within ±15° of it (lisgd's `-r` default).
  static let diagonalCosine = 0.965_925_826_289_068_3

  /// How far the gesture has gone in the binding's direction (mm, log-scale, degrees), and
  /// whether it is heading that way (within the direction's sector; for pinch and rotation,
  /// on the right side of 1 and 0).
  func progress(_ gesture: BindingGesture, _ event: GestureEvent) -> (
    value: Double, inDirection: Bool
  ) {
    switch gesture {
    case .pan(let direction, _, _), .edgePan(_, let direction, _, _):
      let t = event.translation ?? PlaneVector(dx: 0, dy: 0)
      let length = t.length
      guard let direction else { return (length, true) }
      let unit = direction.unitVector
      let along = t.dx * unit.dx + t.dy * unit.dy
      let isDiagonal = unit.dx != 0 && unit.dy != 0
      let cosine = isDiagonal ? Self.diagonalCosine : Self.cardinalCosine
      return (along, length > 0 && along >= cosine * length)
    case .pinch(let outward, _, _):
      let value = naturalLog(event.scale ?? 1) * (outward ? 1 : -1)
      return (value, value > 0)
    case .rotation(let clockwise, _, _):
      let value = (event.rotation ?? 0) * 180 / Double.pi * (clockwise ? 1 : -1)
      return (value, value > 0)
    case .longPress, .tap, .swipe, .lisgd:
      return (0, true)
    }
  }

  /// The firing of binding `index` with the gesture's values.
  func firing(
    _ index: Int, _ binding: Binding, _ event: GestureEvent, _ track: Track?, repeatCount: Int?,
    steps: Int? = nil
  ) -> Firing {
    // Each `GESTURE_NAME=value` is built at once, without pairs joined afterwards.
    var variables: [String] = [
      "GESTURE_KIND=" + binding.gesture.keyword, "GESTURE_STATE=" + event.state.description,
      "GESTURE_FINGERS=" + String(event.touches),
      "GESTURE_X=" + fixed(event.location.x, places: 2),
      "GESTURE_Y=" + fixed(event.location.y, places: 2), "GESTURE_TIME=" + seconds(event.time),
      "GESTURE_SURFACE_WIDTH=" + fixed(device.width, places: 2),
      "GESTURE_SURFACE_HEIGHT=" + fixed(device.height, places: 2),
      "GESTURE_NORMALIZED_X=" + fixed(normalized(event.location.x, device.width), places: 4),
      "GESTURE_NORMALIZED_Y=" + fixed(normalized(event.location.y, device.height), places: 4),
    ]
    if let taps = event.taps { variables.append("GESTURE_TAPS=" + String(taps)) }
    if let direction = directionName(binding.gesture, event) {
      variables.append("GESTURE_DIRECTION=" + direction)
    }
    if case .edgePan(let edge, _, _, _) = binding.gesture {
      variables.append("GESTURE_EDGE=" + (edge?.rawValue ?? "none"))
    }
    if let track {
      variables.append("GESTURE_START_X=" + fixed(track.start.x, places: 2))
      variables.append("GESTURE_START_Y=" + fixed(track.start.y, places: 2))
    }
    if let translation = event.translation {
      variables.append("GESTURE_DX=" + fixed(translation.dx, places: 2))
      variables.append("GESTURE_DY=" + fixed(translation.dy, places: 2))
      variables.append(
        "GESTURE_DISTANCE=" + fixed(progress(binding.gesture, event).value, places: 2))
    }
    if let scale = event.scale { variables.append("GESTURE_SCALE=" + fixed(scale, places: 3)) }
    if let rotation = event.rotation {
      variables.append("GESTURE_ROTATION=" + fixed(rotation * 180 / Double.pi, places: 1))
    }
    switch event.velocity {
    case .planar(let velocity)?:
      variables.append("GESTURE_VELOCITY_X=" + fixed(velocity.dx, places: 1))
      variables.append("GESTURE_VELOCITY_Y=" + fixed(velocity.dy, places: 1))
      variables.append("GESTURE_SPEED=" + fixed(velocity.length, places: 1))
    case .scalar(let rate)?:
      let perSecond = event.kind == .rotation ? rate * 180 / Double.pi : rate
      variables.append("GESTURE_VELOCITY=" + fixed(perSecond, places: 3))
    case nil: break
    }
    if let repeatCount { variables.append("GESTURE_REPEAT=" + String(repeatCount)) }
    if let steps { variables.append("GESTURE_STEPS=" + String(steps)) }
    variables.append("GESTURE_DEVICE=" + device.name)
    variables.append("GESTURE_DEVICE_NODE=" + device.node)
    variables.append("GESTURE_BINDING_LINE=" + String(binding.line))
    return Firing(index: index, binding: binding, environment: variables)
  }

  /// `value` as a fraction of `extent`, within 0…1.
  private func normalized(_ value: Double, _ extent: Double) -> Double {
    guard extent > 0 else { return 0 }
    return min(max(value / extent, 0), 1)
  }

  private func directionName(_ gesture: BindingGesture, _ event: GestureEvent) -> String? {
    switch gesture {
    case .swipe: event.direction.map(BindingsValues.name(of:))
    case .pan(let direction, _, _), .edgePan(_, let direction, _, _):
      direction.map(BindingsValues.name(of:)) ?? "any"
    case .pinch(let outward, _, _): outward ? "out" : "in"
    case .rotation(let clockwise, _, _): clockwise ? "cw" : "ccw"
    case .lisgd(let spec): BindingsValues.name(of: spec.direction)
    case .tap, .longPress: nil
    }
  }
}

extension BindingGesture {
  /// The finger count the binding asks for, if it asks for one.
  var fingers: Int? {
    switch self {
    case .tap(_, let fingers), .longPress(let fingers), .swipe(_, let fingers),
      .pan(_, let fingers, _), .edgePan(_, _, let fingers, _):
      fingers
    case .pinch(_, _, let fingers), .rotation(_, _, let fingers): fingers
    case .lisgd(let spec): spec.fingers
    }
  }
}
