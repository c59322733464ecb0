import GestureRecognition
import TouchInput

extension SurfaceGeometry {
  /// The surface in mm after rotation, from its top-left corner: the bounds whose edges the
  /// edge pan starts from.
  var bounds: MillimeterRect { MillimeterRect(x: 0, y: 0, width: width, height: height) }
}
