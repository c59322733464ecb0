/// The kernel's description of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Sendable, Hashable {
  /// The axis value when the description was taken.
  public var value: Int32
  /// The smallest value the axis reports.
  public var minimum: Int32
  /// The largest value the axis reports.
  public var maximum: Int32
  /// Noise the kernel filters out, in device units.
  public var fuzz: Int32
  /// The dead zone, in device units.
  public var flat: Int32
  /// Units per millimetre; 0 when the device does not say.
  public var resolution: Int32

  /// Creates an axis description.
  public init(
    value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0,
    resolution: Int32 = 0
  ) {
    self.value = value
    self.minimum = minimum
    self.maximum = maximum
    self.fuzz = fuzz
    self.flat = flat
    self.resolution = resolution
  }
}

/// How a device reports several contacts.
public enum TouchProtocol: String, Sendable, Hashable, CaseIterable {
  /// Multi-touch protocol B: slots (`ABS_MT_SLOT`) and tracking ids.
  case multitouchB = "MT-B"
  /// Multi-touch protocol A: anonymous contacts closed by `SYN_MT_REPORT`.
  case multitouchA = "MT-A"
  /// One contact on `ABS_X`/`ABS_Y` (or a mapped pair of axes).
  case singleTouch = "single-touch"
  /// Protocol B whose slots carry the corners of a bounding box (`INPUT_PROP_SEMI_MT`).
  case semiMultitouch = "semi-MT"
}

/// Everything known about an input device before its first event: names, ids, properties,
/// supported codes and absolute axes.
///
/// The evemu reader builds it from a recording's header, the live path from libevdev; both
/// must produce the same value for the same device.
public struct DeviceDescription: Sendable, Hashable {
  /// The kernel's device name.
  public var name: String
  /// The bus type (`BUS_USB` is 0x03).
  public var bus: UInt16
  /// The vendor id.
  public var vendor: UInt16
  /// The product id.
  public var product: UInt16
  /// The version.
  public var version: UInt16
  /// Input properties (`INPUT_PROP_*`) the device sets.
  public var properties: Set<UInt16>
  /// Supported codes by event type; a type present with no codes is supported as a type.
  public var supportedCodes: [UInt16: Set<UInt16>]
  /// Absolute axes by code.
  public var absoluteAxes: [UInt16: AbsInfo]

  /// Creates a description.
  public init(
    name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
    properties: Set<UInt16> = [], supportedCodes: [UInt16: Set<UInt16>] = [:],
    absoluteAxes: [UInt16: AbsInfo] = [:]
  ) {
    self.name = name
    self.bus = bus
    self.vendor = vendor
    self.product = product
    self.version = version
    self.properties = properties
    self.supportedCodes = supportedCodes
    self.absoluteAxes = absoluteAxes
  }

  /// Whether the device supports `code` of event `type`.
  public func supports(type: UInt16, code: UInt16) -> Bool {
    supportedCodes[type]?.contains(code) ?? false
  }

  /// Whether the device sets an input property.
  public func has(property: UInt16) -> Bool {
    properties.contains(property)
  }

  /// The number of protocol-B slots (`ABS_MT_SLOT` maximum + 1), or 0 without slots.
  public var slotCount: Int {
    guard let slot = absoluteAxes[AbsCode.mtSlot] else { return 0 }
    return max(0, Int(slot.maximum) + 1)
  }

  /// The multi-touch protocol the device speaks, read from its axes and properties.
  public var touchProtocol: TouchProtocol {
    let hasMTPosition =
      absoluteAxes[AbsCode.mtPositionX] != nil && absoluteAxes[AbsCode.mtPositionY] != nil
    if hasMTPosition && slotCount > 0 {
      return has(property: InputProperty.semiMT) ? .semiMultitouch : .multitouchB
    }
    return hasMTPosition ? .multitouchA : .singleTouch
  }

  /// Why a position axis (`ABS_X`, `ABS_Y`, `ABS_MT_POSITION_X/Y`) cannot carry positions —
  /// its minimum is not below its maximum — or `nil` when every one it has can. The evemu
  /// reader refuses such a header with this reason, the live path such a device.
  public var positionAxisProblem: String? {
    for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] {
      guard let info = absoluteAxes[code] else { continue }
      if let problem = Self.positionRangeProblem(
        code: code, minimum: info.minimum, maximum: info.maximum)
      {
        return problem
      }
    }
    return nil
  }

  /// Why the range `minimum…maximum` cannot carry the positions of axis `code`, or `nil`.
  ///
  /// - Parameters:
  ///   - code: The axis (`ABS_MT_POSITION_X`…), named in the reason.
  ///   - minimum: The axis' minimum.
  ///   - maximum: The axis' maximum.
  /// - Returns: `ABS_…: minimum A > maximum B; a position axis needs minimum < maximum` (or
  ///   `==`), or `nil` when `minimum < maximum`.
  public static func positionRangeProblem(code: UInt16, minimum: Int32, maximum: Int32)
    -> String?
  {
    guard minimum >= maximum else { return nil }
    return KernelNames.codeName(type: EventType.abs, code: code) + ": minimum \(minimum) "
      + (minimum == maximum ? "==" : ">")
      + " maximum \(maximum); a position axis needs minimum < maximum"
  }

  /// Whether the device reports touches at all: multi-touch positions, or a touch or left
  /// button together with absolute X and Y.
  public var isTouchDevice: Bool {
    if absoluteAxes[AbsCode.mtPositionX] != nil && absoluteAxes[AbsCode.mtPositionY] != nil {
      return true
    }
    let hasXY = absoluteAxes[AbsCode.x] != nil && absoluteAxes[AbsCode.y] != nil
    let hasButton =
      supports(type: EventType.key, code: KeyCode.btnTouch)
      || supports(type: EventType.key, code: KeyCode.btnLeft)
    return hasXY && hasButton
  }

  /// Whether the device is a direct-touch surface (touchscreen) rather than a touchpad.
  ///
  /// `INPUT_PROP_DIRECT` is not enough: many real touchscreens predate it or never set it.
  /// A device is taken as direct unless it says it is a pointer, a button pad or semi-MT.
  public var isDirect: Bool {
    if has(property: InputProperty.direct) { return true }
    if has(property: InputProperty.pointer) || has(property: InputProperty.buttonpad)
      || has(property: InputProperty.semiMT)
    {
      return false
    }
    return isTouchDevice
  }
}
