/// How the screen is turned relative to the touch sensor, clockwise.
///
/// `.quarter` means the picture the user sees is the sensor's picture turned 90° clockwise: the
/// sensor's top-left corner becomes the top-right corner, as in libinput's documented rotation
/// matrices. Width and height swap for `.quarter` and `.threeQuarters`.
public enum ScreenRotation: Int, Sendable, Hashable, CaseIterable {
  /// The sensor and the screen agree.
  case none = 0
  /// Turned 90° clockwise: (x, y) → (1 − y, x) on normalized coordinates.
  case quarter = 90
  /// Turned 180°: (x, y) → (1 − x, 1 − y).
  case half = 180
  /// Turned 270° clockwise (90° counter-clockwise): (x, y) → (y, 1 − x).
  case threeQuarters = 270

  /// Whether the rotation swaps width and height.
  public var swapsAxes: Bool {
    self == .quarter || self == .threeQuarters
  }
}

/// Choices that change how raw events become touches: screen mapping, size and axes.
public struct DecoderOptions: Sendable {
  /// How the screen is turned relative to the sensor (clockwise); applied after calibration.
  public var rotation: ScreenRotation = .none
  /// A calibration matrix `[a, b, c, d, e, f]` applied to normalized (0…1) coordinates as
  /// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`, the `LIBINPUT_CALIBRATION_MATRIX` convention.
  ///
  /// Anything but six finite values is ignored with a warning.
  public var calibration: [Double]?
  /// The surface size in millimetres as the user sees it (after rotation), overriding the
  /// device's resolution (the CLI's `--size WIDTHxHEIGHT`).
  public var surfaceSize: (width: Millimeters, height: Millimeters)?
  /// Single-touch only: the absolute axes that carry the position, instead of `ABS_X`/`ABS_Y`
  /// (an eGalax controller sends its position on `ABS_Z` and `ABS_RX`).
  public var axisMapping: (x: UInt16, y: UInt16)?
  /// On a device that reports `ABS_MT_TOUCH_MAJOR` but no `ABS_MT_TOOL_TYPE`, a contact whose
  /// major axis is longer than this is a palm (nil: never): 30 mm. A fingertip's contact is
  /// 8-20 mm long (an adult index fingertip is 16-20 mm wide; a thumb pressed flat ~25 mm), a
  /// resting palm 40 mm or more; libinput's touchpad palm-size threshold is a per-device quirk
  /// (`AttrPalmSizeThreshold`, device units), so this is the same rule in millimetres. The major
  /// axis is converted with the X axis' resolution, as the kernel reports it in surface units.
  public var palmTouchMajor: Millimeters? = 30

  /// Creates the default options: no rotation, no calibration, sizes from the device.
  public init() {}
}
