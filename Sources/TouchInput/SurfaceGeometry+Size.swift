import TextOutput

extension SurfaceGeometry {
  /// The sensor's size in millimetres from resolutions, or a documented guess without them.
  ///
  /// - Both resolutions known: range / resolution per axis (units may be non-square: the Dell
  ///   Canvas reports 55 units/mm on X and 98 on Y).
  /// - One known: square units assumed, the known resolution used for both axes, unless that
  ///   makes a side implausible (then as if none were known).
  /// - None known: the longer side is `fallbackLongSide`, the shape from the ranges or 16:9.
  /// - A resolution that makes its side shorter or longer than `plausibleSide` is not believed:
  ///   it is dropped with a note, as if the device had not reported it.
  static func sensorSize(
    xRange: Double, yRange: Double, xResolution: Int32, yResolution: Int32,
    guessed: inout Bool, notes: inout [String]
  ) -> (width: Millimeters, height: Millimeters) {
    var xResolution = xResolution
    var yResolution = yResolution
    for (range, resolution, axis) in [(xRange, xResolution, "X"), (yRange, yResolution, "Y")]
    where resolution > 0 && !plausibleSide.contains(range / Double(resolution)) {
      notes.append(
        "the \(axis) axis' resolution of \(resolution) units per mm over \(Int(range)) units "
          + "makes it " + fixed(range / Double(resolution), places: 2) + " mm long, outside "
          + "\(Int(plausibleSide.lowerBound))…\(Int(plausibleSide.upperBound)) mm; ignored")
      if axis == "X" { xResolution = 0 } else { yResolution = 0 }
    }
    switch (xResolution > 0, yResolution > 0) {
    case (true, true):
      return (xRange / Double(xResolution), yRange / Double(yResolution))
    case (true, false), (false, true):
      let resolution = Double(max(xResolution, yResolution))
      guessed = true
      let size = (width: xRange / resolution, height: yRange / resolution)
      // A side the square units make implausible (the other axis' resolution was dropped as
      // implausible, or was never there) is not used either: the ranges' guess instead.
      if plausibleSide.contains(size.width) && plausibleSide.contains(size.height) {
        notes.append(
          "only one axis reports a resolution; assuming square units of \(Int(resolution)) "
            + "per mm (override with --size WxH)")
        return size
      }
      notes.append(
        "square units of \(Int(resolution)) per mm would make the surface "
          + fixed(size.width, places: 2) + " × " + fixed(size.height, places: 2) + " mm; ignored")
      fallthrough
    case (false, false):
      guessed = true
      let portrait = yRange > xRange * minimumMeaningfulAspect
      let ratio = max(xRange, yRange) / min(xRange, yRange)
      let meaningful = ratio > minimumMeaningfulAspect && ratio <= maximumMeaningfulAspect
      let aspect = meaningful ? ratio : fallbackAspect
      let long = fallbackLongSide
      let short = long / aspect
      let size = portrait ? (width: short, height: long) : (width: long, height: short)
      notes.append(
        "the device reports no resolution; assuming a "
          + fixed(size.width, places: 1) + " × " + fixed(size.height, places: 1)
          + " mm surface (override with --size WxH)")
      return size
    }
  }
}

/// A 2-D affine transform `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
struct Affine: Sendable {
  var a: Double
  var b: Double
  var c: Double
  var d: Double
  var e: Double
  var f: Double

  /// The transform that changes nothing.
  static let identity = Affine(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

  /// The clockwise screen rotation on normalized (0…1) coordinates.
  static func rotation(_ rotation: ScreenRotation) -> Affine {
    switch rotation {
    case .none: identity
    case .quarter: Affine(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
    case .half: Affine(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1)
    case .threeQuarters: Affine(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
    }
  }

  /// The transform that applies `inner` first, then `self`.
  func after(_ inner: Affine) -> Affine {
    Affine(
      a: a * inner.a + b * inner.d, b: a * inner.b + b * inner.e,
      c: a * inner.c + b * inner.f + c,
      d: d * inner.a + e * inner.d, e: d * inner.b + e * inner.e,
      f: d * inner.c + e * inner.f + f)
  }
}
