import GesturePipeline
import GestureRecognition
import ImageCarousel
import TouchInput

/// Replays a recording into the image carousel and returns its changes as text lines.
///
/// The carousel's view is the recording's touch surface, so its millimetres are the touches'.
///
/// - Parameter path: The recording.
/// - Returns: One line per change, such as `image 2/3 "rob-nose.jpg"`.
/// - Throws: `TraceError` for a file that cannot be read or a bad line.
public func carouselChanges(replaying path: String) throws(TraceError) -> [String] {
  let device = try EvemuReader.parseDescription(path: path)
  let surface = SurfaceGeometry(device: device, options: DecoderOptions())
  let carousel = ImageCarousel(
    viewSize: CarouselSize(width: surface.width, height: surface.height))
  let controller = CarouselController(model: carousel)

  var changes: [String] = []
  controller.onChange = { change, _ in
    changes.append(change.description)
  }
  try TouchPipeline.replay(recording: path, engine: controller.engine)
  return changes
}
