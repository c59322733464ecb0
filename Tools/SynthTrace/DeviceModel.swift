import TouchInput

/// The synthetic touchscreen: a 10-finger 1920 × 1080 panel at 8 units per mm (240 × 135 mm),
/// protocol B, `INPUT_PROP_DIRECT`, `BTN_TOUCH` and single-touch emulation on `ABS_X`/`ABS_Y`,
/// like a typical I2C HID panel of a 10.8-inch kiosk.
struct DeviceModel {
  /// The number of protocol-B slots.
  static let slotCount = 10
  /// Units per mm on both axes.
  static let resolution: Int32 = 8
  /// The largest X value (1920 columns).
  static let maximumX: Int32 = 1919
  /// The largest Y value (1080 rows).
  static let maximumY: Int32 = 1079

  /// The description written in the recording's header, with the optional `axes`.
  static func description(with axes: PanelAxes) -> DeviceDescription {
    var device = description
    if axes.contains(.toolType) {
      // MT_TOOL_FINGER 0 … MT_TOOL_PALM 2.
      device.absoluteAxes[AbsCode.mtToolType] = AbsInfo(minimum: 0, maximum: 2)
    }
    if axes.contains(.touchMajor) {
      // In surface units, as the kernel documents: the X axis' resolution.
      device.absoluteAxes[AbsCode.mtTouchMajor] = AbsInfo(
        minimum: 0, maximum: maximumX, resolution: resolution)
    }
    return device
  }

  /// The description written in the recording's header.
  static let description: DeviceDescription = {
    let x = AbsInfo(minimum: 0, maximum: maximumX, resolution: resolution)
    let y = AbsInfo(minimum: 0, maximum: maximumY, resolution: resolution)
    return DeviceDescription(
      name: "TouchGestures Synthetic Touchscreen", bus: 0x18, vendor: 0x5447, product: 0x0001,
      version: 0x0100, properties: [InputProperty.direct],
      supportedCodes: [EventType.key: [KeyCode.btnTouch]],
      absoluteAxes: [
        AbsCode.x: x, AbsCode.y: y,
        AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: Int32(slotCount - 1)),
        AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
        AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
      ])
  }()

  /// A position in mm as device units: rounded to the nearest unit and clamped to the panel.
  static func units(_ point: MillimeterPoint) -> (x: Int32, y: Int32) {
    let x = (point.x * Double(resolution)).rounded()
    let y = (point.y * Double(resolution)).rounded()
    return (
      Int32(min(max(x, 0), Double(maximumX))), Int32(min(max(y, 0), Double(maximumY)))
    )
  }
}

/// Axes a scenario's panel reports beyond the positions.
struct PanelAxes: OptionSet, Sendable {
  let rawValue: UInt8
  /// `ABS_MT_TOOL_TYPE` (finger, pen, palm).
  static let toolType = PanelAxes(rawValue: 1)
  /// `ABS_MT_TOUCH_MAJOR`, with resolution.
  static let touchMajor = PanelAxes(rawValue: 2)
}

/// The panel a scenario is recorded on.
enum PanelModel: Sendable {
  /// The kiosk panel of `DeviceModel` (240 × 135 mm, 8 units/mm).
  case kiosk
  /// A PinePhone-like phone panel: "Goodix Capacitive TouchScreen", 720 × 1440 units on a
  /// 68 × 136 mm screen, and, like the PinePhone's, no resolution in its axes (so a reader must
  /// be told the size), 10 slots, protocol B, `INPUT_PROP_DIRECT`.
  case phone

  /// The largest X and Y values.
  var maximum: (x: Int32, y: Int32) {
    switch self {
    case .kiosk: (DeviceModel.maximumX, DeviceModel.maximumY)
    case .phone: (719, 1439)
    }
  }

  /// Device units per mm on both axes.
  var unitsPerMillimeter: Double {
    switch self {
    case .kiosk: Double(DeviceModel.resolution)
    case .phone: 720.0 / 68
    }
  }

  /// The description written in the recording's header.
  func description(with axes: PanelAxes) -> DeviceDescription {
    switch self {
    case .kiosk: return DeviceModel.description(with: axes)
    case .phone:
      let x = AbsInfo(minimum: 0, maximum: maximum.x)
      let y = AbsInfo(minimum: 0, maximum: maximum.y)
      return DeviceDescription(
        name: "Goodix Capacitive TouchScreen", bus: 0x18, vendor: 0x0416, product: 0x1001,
        version: 0x0100, properties: [InputProperty.direct],
        supportedCodes: [EventType.key: [KeyCode.btnTouch]],
        absoluteAxes: [
          AbsCode.x: x, AbsCode.y: y,
          AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: Int32(DeviceModel.slotCount - 1)),
          AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
          AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ])
    }
  }

  /// A position in mm as device units: rounded to the nearest unit and clamped to the panel.
  func units(_ point: MillimeterPoint) -> (x: Int32, y: Int32) {
    let x = (point.x * unitsPerMillimeter).rounded()
    let y = (point.y * unitsPerMillimeter).rounded()
    return (
      Int32(min(max(x, 0), Double(maximum.x))), Int32(min(max(y, 0), Double(maximum.y)))
    )
  }
}
