import Testing
import TextOutput
import TouchInput

@Suite("Surface geometry: millimetres, fallback size, rotation and calibration")
struct DecoderGeometryTests {
  /// A protocol-B device with the given position axes.
  static func device(x: AbsInfo, y: AbsInfo) -> DeviceDescription {
    var device = TestDevice.protocolB()
    device.absoluteAxes[AbsCode.mtPositionX] = x
    device.absoluteAxes[AbsCode.mtPositionY] = y
    return device
  }

  static func geometry(
    x: AbsInfo, y: AbsInfo, options: DecoderOptions = DecoderOptions()
  ) -> SurfaceGeometry {
    SurfaceGeometry(device: device(x: x, y: y), options: options)
  }

  static func rounded(_ point: MillimeterPoint) -> String {
    fixed(point.x, places: 2) + "," + fixed(point.y, places: 2)
  }

  @Test("Non-square units use each axis' resolution (Dell Canvas: X 55, Y 98 units/mm)")
  func nonSquareUnits() {
    let geometry = Self.geometry(
      x: AbsInfo(minimum: 0, maximum: 32767, resolution: 55),
      y: AbsInfo(minimum: 0, maximum: 32767, resolution: 98))
    #expect(fixed(geometry.width, places: 2) == "595.76")
    #expect(fixed(geometry.height, places: 2) == "334.36")
    #expect(!geometry.resolutionIsGuessed)
    #expect(Self.rounded(geometry.map(x: 5500, y: 9800)) == "100.00,100.00")
    #expect(geometry.millimeters(xUnits: 55) == 1)
  }

  @Test(
    "Without resolution the longer side is 220 mm, shaped by the ranges or 16:9",
    arguments: [
      (800, 480, "220.0 × 132.0"),  // Atmel maXTouch 800×480: the ranges' 5:3
      (32767, 32767, "220.0 × 123.8"),  // 3M: a square logical range says nothing: 16:9
      (1535, 2559, "132.0 × 220.0"),  // Nexus 4: portrait
      (3000, 1000, "220.0 × 123.8"),  // 3:1 is no panel: 16:9
      (1000, 3000, "123.8 × 220.0"),
    ])
  func fallbackSize(xMaximum: Int32, yMaximum: Int32, size: String) {
    let decoder = TouchDecoder(
      device: Self.device(
        x: AbsInfo(minimum: 0, maximum: xMaximum), y: AbsInfo(minimum: 0, maximum: yMaximum)))
    let geometry = decoder.geometry
    #expect(geometry.resolutionIsGuessed)
    #expect(fixed(geometry.width, places: 1) + " × " + fixed(geometry.height, places: 1) == size)
    #expect(
      decoder.takeWarnings() == [
        DecoderWarning(
          time: 0,
          message: "the device reports no resolution; assuming a " + size
            + " mm surface (override with --size WxH)")
      ])
  }

  @Test("One axis with a resolution: square units are assumed for the other")
  func oneResolution() {
    let geometry = Self.geometry(
      x: AbsInfo(minimum: 0, maximum: 2000, resolution: 10), y: AbsInfo(minimum: 0, maximum: 1000))
    #expect(geometry.width == 200 && geometry.height == 100 && geometry.resolutionIsGuessed)
    #expect(
      geometry.notes == [
        "only one axis reports a resolution; assuming square units of 10 per mm"
          + " (override with --size WxH)"
      ])
  }

  @Test(
    "A resolution dropped as implausible does not come back through the square-units fallback",
    arguments: [
      // X spans all of Int32 at 4 units/mm (536,870,911 mm); Y is a sane 134.75 mm.
      (
        AbsInfo(minimum: 0, maximum: Int32.max, resolution: 4),
        AbsInfo(
          minimum: 0, maximum: 539, resolution: 4)
      ),
      // A 50-unit X at 8 units/mm is 6.25 mm; Y 1000 units at 8 is 125 mm.
      (
        AbsInfo(minimum: 0, maximum: 50, resolution: 8),
        AbsInfo(
          minimum: 0, maximum: 1000, resolution: 8)
      ),
    ])
  func droppedResolutionStaysDropped(x: AbsInfo, y: AbsInfo) {
    let geometry = Self.geometry(x: x, y: y)
    #expect(geometry.resolutionIsGuessed)
    #expect(SurfaceGeometry.plausibleSide.contains(geometry.width), "\(geometry.width)")
    #expect(SurfaceGeometry.plausibleSide.contains(geometry.height), "\(geometry.height)")
    #expect(geometry.notes.count == 3, "\(geometry.notes)")
    #expect(geometry.notes.first?.hasPrefix("the X axis' resolution of ") == true)
    #expect(geometry.notes.dropFirst().first?.hasSuffix(" mm; ignored") == true)
    #expect(geometry.notes.last?.hasPrefix("the device reports no resolution; assuming") == true)
    #expect(!geometry.notes.contains { $0.hasPrefix("only one axis") })
    // A touch at the far end of X lands on the surface's edge, not kilometres away.
    #expect(geometry.map(x: x.maximum, y: 0).x == geometry.width)
  }

  @Test("The size override wins, is the size after rotation, and is not a guess")
  func sizeOverride() {
    var options = DecoderOptions()
    options.surfaceSize = (width: 300, height: 200)
    options.rotation = .quarter
    let decoder = TouchDecoder(
      device: Self.device(
        x: AbsInfo(minimum: 0, maximum: 999), y: AbsInfo(minimum: 0, maximum: 99)),
      options: options)
    #expect(decoder.geometry.width == 300 && decoder.geometry.height == 200)
    #expect(!decoder.geometry.resolutionIsGuessed)
    #expect(decoder.takeWarnings() == [])
  }

  @Test("Negative ranges (bcm5974) and ranges starting above 0 (eGalax 42…1981) span the surface")
  func offsetRanges() {
    let negative = Self.geometry(
      x: AbsInfo(minimum: -4620, maximum: 5140), y: AbsInfo(minimum: -150, maximum: 6600))
    #expect(negative.map(x: -4620, y: -150) == MillimeterPoint(x: 0, y: 0))
    #expect(
      negative.map(x: 5140, y: 6600) == MillimeterPoint(x: negative.width, y: negative.height))
    let raised = Self.geometry(
      x: AbsInfo(minimum: 42, maximum: 1981), y: AbsInfo(minimum: 42, maximum: 1981))
    #expect(raised.map(x: 42, y: 42) == MillimeterPoint(x: 0, y: 0))
    #expect(raised.map(x: 1981, y: 1981) == MillimeterPoint(x: raised.width, y: raised.height))
    #expect(raised.map(x: 0, y: 3000) == MillimeterPoint(x: 0, y: raised.height))
  }

  @Test(
    "Rotation turns the picture clockwise: where the sensor's top corners land",
    arguments: [
      (ScreenRotation.none, "200.00 × 100.00", "0.00,0.00", "200.00,0.00"),
      (ScreenRotation.quarter, "100.00 × 200.00", "100.00,0.00", "100.00,200.00"),
      (ScreenRotation.half, "200.00 × 100.00", "200.00,100.00", "0.00,100.00"),
      (ScreenRotation.threeQuarters, "100.00 × 200.00", "0.00,200.00", "0.00,0.00"),
    ])
  func rotation(rotation: ScreenRotation, size: String, topLeft: String, topRight: String) {
    var options = DecoderOptions()
    options.rotation = rotation
    let geometry = Self.geometry(
      x: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
      y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), options: options)
    #expect(fixed(geometry.width, places: 2) + " × " + fixed(geometry.height, places: 2) == size)
    #expect(Self.rounded(geometry.map(x: 0, y: 0)) == topLeft)
    #expect(Self.rounded(geometry.map(x: 2000, y: 0)) == topRight)
  }

  @Test(
    "The calibration matrix acts on normalized coordinates, before rotation",
    arguments: [
      ([1, 0, 0.1, 0, 1, 0], ScreenRotation.none, "10.00,0.00"),  // shift right by 10 %
      ([0, 1, 0, 1, 0, 0], ScreenRotation.none, "25.00,50.00"),  // swap the axes
      ([1, 0, 0.1, 0, 1, 0], ScreenRotation.half, "90.00,100.00"),
    ] as [([Double], ScreenRotation, String)])
  func calibration(matrix: [Double], rotation: ScreenRotation, expected: String) {
    var options = DecoderOptions()
    options.calibration = matrix
    options.rotation = rotation
    let geometry = Self.geometry(x: TestDevice.axis, y: TestDevice.axis, options: options)
    let raw: (Int32, Int32) = matrix[1] == 1 ? (500, 250) : (0, 0)
    #expect(Self.rounded(geometry.map(x: raw.0, y: raw.1)) == expected)
  }

  @Test("A calibration matrix without six finite numbers is ignored with a warning")
  func invalidCalibration() {
    var options = DecoderOptions()
    options.calibration = [1, 0, 0, 0, 1]
    let decoder = TouchDecoder(device: TestDevice.protocolB(), options: options)
    #expect(decoder.geometry.map(x: 500, y: 500) == MillimeterPoint(x: 50, y: 50))
    #expect(
      decoder.takeWarnings().map(\.message) == [
        "the calibration matrix needs 6 finite numbers; ignored"
      ])
  }
}
