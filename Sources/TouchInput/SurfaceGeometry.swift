/// The touch surface's size in millimetres and the mapping from raw device units to it.
///
/// A raw position goes through four steps, all folded into one affine transform at init:
/// 1. normalize each axis to 0…1: `(raw − minimum) / (maximum − minimum)`;
/// 2. apply the calibration matrix (libinput's convention), if any;
/// 3. turn by the screen rotation (clockwise, see `ScreenRotation`);
/// 4. scale to the rotated width and height in millimetres.
///
/// The result is clamped to `[0, width] × [0, height]`, so absurd values (outside the declared
/// range, even `Int32.min`/`Int32.max`) land on the edge.
///
/// When the device reports no resolution, the size is guessed (`resolutionIsGuessed`): the
/// longer side is `fallbackLongSide` (220 mm, a ~10" panel) and the aspect ratio comes from
/// the axis ranges when it lies between `minimumMeaningfulAspect` and `maximumMeaningfulAspect`,
/// else 16:9. Square ranges (0…4095 × 0…4095, 0…32767 × 0…32767) are HID logical ranges that
/// say nothing about the panel's shape, which is why a ratio close to 1 falls back to 16:9.
public struct SurfaceGeometry: Sendable {
  /// The longer side of a surface whose resolution is unknown: 220 mm, a 10" 16:10 panel.
  public static let fallbackLongSide: Millimeters = 220
  /// The aspect ratio assumed when the axis ranges do not tell (16:9, the commonest panel).
  public static let fallbackAspect: Double = 16.0 / 9.0
  /// Axis-range ratios at or below this are taken as logical square ranges, not the panel.
  public static let minimumMeaningfulAspect: Double = 1.05
  /// Axis-range ratios above this are not a plausible panel (2.5:1 is wider than 21:9).
  public static let maximumMeaningfulAspect: Double = 2.5

  /// The length a side of a touch surface can plausibly have: 10 mm (below any touch surface;
  /// smartwatches are about 30 mm) to 10 m (beyond any wall display). A resolution that puts a
  /// side outside it is ignored.
  public static let plausibleSide: ClosedRange<Millimeters> = 10...10_000

  /// The surface width in millimetres, after rotation.
  public var width: Millimeters
  /// The surface height in millimetres, after rotation.
  public var height: Millimeters
  /// Whether the size is an assumption because the device reports no resolution.
  public var resolutionIsGuessed: Bool
  /// The absolute axis that carries X (`ABS_MT_POSITION_X`, `ABS_X` or a mapped axis).
  public var xAxis: UInt16
  /// The absolute axis that carries Y.
  public var yAxis: UInt16
  /// Assumptions made while building the geometry, one sentence each, for a warning.
  public var notes: [String]
  /// Raw X units per millimetre along the sensor's X axis (measured or guessed).
  public var xUnitsPerMillimeter: Double
  /// The folded raw → millimetre transform.
  private var transform: Affine

  /// Builds the geometry of `device` with the rotation, calibration, size and axes in `options`.
  public init(device: DeviceDescription, options: DecoderOptions) {
    let singleTouch = device.touchProtocol == .singleTouch
    xAxis = singleTouch ? (options.axisMapping?.x ?? AbsCode.x) : AbsCode.mtPositionX
    yAxis = singleTouch ? (options.axisMapping?.y ?? AbsCode.y) : AbsCode.mtPositionY
    let xInfo = device.absoluteAxes[xAxis] ?? AbsInfo(minimum: 0, maximum: 0)
    let yInfo = device.absoluteAxes[yAxis] ?? AbsInfo(minimum: 0, maximum: 0)
    let xRange = Self.range(xInfo)
    let yRange = Self.range(yInfo)
    notes = []
    for (code, info) in [(xAxis, xInfo), (yAxis, yInfo)]
    where info.minimum >= info.maximum && device.absoluteAxes[code] != nil {
      notes.append(
        KernelNames.codeName(type: EventType.abs, code: code) + " has no range (minimum "
          + "\(info.minimum), maximum \(info.maximum)); its positions all map to one edge")
    }
    resolutionIsGuessed = false
    let rotation = options.rotation

    // The sensor's own size (before rotation).
    var sensorWidth: Millimeters
    var sensorHeight: Millimeters
    if let size = options.surfaceSize, size.width > 0, size.height > 0,
      size.width.isFinite, size.height.isFinite
    {
      (sensorWidth, sensorHeight) =
        rotation.swapsAxes ? (size.height, size.width) : (size.width, size.height)
    } else {
      if options.surfaceSize != nil {
        notes.append("the surface size override must be two positive numbers; ignored")
      }
      (sensorWidth, sensorHeight) = Self.sensorSize(
        xRange: xRange, yRange: yRange, xResolution: xInfo.resolution,
        yResolution: yInfo.resolution, guessed: &resolutionIsGuessed, notes: &notes)
    }
    xUnitsPerMillimeter = xRange / sensorWidth
    (width, height) =
      rotation.swapsAxes ? (sensorHeight, sensorWidth) : (sensorWidth, sensorHeight)

    let normalize = Affine(
      a: 1 / xRange, b: 0, c: -Double(xInfo.minimum) / xRange,
      d: 0, e: 1 / yRange, f: -Double(yInfo.minimum) / yRange)
    var calibration = Affine.identity
    if let matrix = options.calibration {
      if matrix.count == 6 && matrix.allSatisfy(\.isFinite) {
        calibration = Affine(
          a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3], e: matrix[4], f: matrix[5])
      } else {
        notes.append("the calibration matrix needs 6 finite numbers; ignored")
      }
    }
    let scale = Affine(a: width, b: 0, c: 0, d: 0, e: height, f: 0)
    transform = scale.after(Affine.rotation(rotation)).after(calibration).after(normalize)
  }

  /// The position of a raw point in millimetres, clamped to the surface.
  public func map(x: Int32, y: Int32) -> MillimeterPoint {
    let rawX = Double(x)
    let rawY = Double(y)
    let mappedX = transform.a * rawX + transform.b * rawY + transform.c
    let mappedY = transform.d * rawX + transform.e * rawY + transform.f
    return MillimeterPoint(x: Self.clamp(mappedX, to: width), y: Self.clamp(mappedY, to: height))
  }

  /// A length along the sensor's X axis (a touch's major axis), converted to millimetres.
  public func millimeters(xUnits: Int32) -> Millimeters {
    Double(xUnits) / xUnitsPerMillimeter
  }

  private static func clamp(_ value: Double, to limit: Double) -> Double {
    value > 0 ? (value < limit ? value : limit) : 0  // NaN lands on 0
  }

  /// The span of an axis in units, never 0 (a degenerate axis counts as 1 unit wide).
  private static func range(_ info: AbsInfo) -> Double {
    let span = Double(info.maximum) - Double(info.minimum)
    return span > 0 ? span : 1
  }
}
