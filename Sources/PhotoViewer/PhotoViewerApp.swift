import CSDL2
import EvdevDevice
import GesturePipeline
import GestureRecognition
import ImageCarousel
import TextOutput
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// The photo viewer: a folder's photos on an SDL screen, driven by the carousel's controller.
///
/// Input comes from the toolkit's touches (SDL finger events through ``/GesturePipeline/ToolkitTouches``), from
/// a touchscreen read through libevdev (`--device`, the one ``/GesturePipeline/TouchPipeline``), or from a
/// recording replayed as SDL finger events (`--replay`). Run it with ``main(_:)``.
public enum PhotoCarousel {
  /// Runs the viewer with `arguments` (without the program's name) and returns the exit
  /// status: 0, 1 for a failure (printed as `error: …` on stderr), 2 for a bad command line.
  public static func main(_ arguments: [String]) -> Int32 {
    do {
      guard let options = try ViewerOptions.parse(arguments) else {
        print(ViewerOptions.help)
        return 0
      }
      return try ViewerSession(options: options).run()
    } catch {
      writeErrorLine("error: " + error.description)
      return error.exitStatus
    }
  }
}

/// A warning on stderr: `warning: …`.
func warn(_ message: String) {
  writeErrorLine("warning: " + message)
}

/// The local monotonic clock in µs.
func monotonicMicroseconds() -> Microseconds {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Microseconds(now.tv_sec) * 1_000_000 + Microseconds(now.tv_nsec) / 1000
}

/// One run of the viewer: the folder, the screen, the input and the loop.
final class ViewerSession {
  let options: ViewerOptions
  let folder: PhotoList

  init(options: ViewerOptions) throws(ViewerError) {
    self.options = options
    folder = try PhotoList(path: options.folder)
  }

  func run() throws(ViewerError) -> Int32 {
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
      throw .display("cannot start SDL video: " + sdlError())
    }
    defer { SDL_Quit() }
    let screen = try SDLScreen(
      size: options.window ? options.windowSize : nil, software: options.software,
      title: "photo-carousel")
    let input = try ViewerInput.open(options: options, screen: screen)
    let images = (0..<folder.count).map { CarouselImage(name: folder.name(at: $0)) }
    let model = ImageCarousel(
      images: images,
      viewSize: CarouselSize(width: input.surface.width, height: input.surface.height))
    let controller = CarouselController(model: model)
    let state = ViewerStateFile(path: options.statePath)
    if let saved = state.load(), !controller.restore(saved), let path = options.statePath {
      warn(
        path.escapingControlCharacters
          + ": saved for a different photo list; starting from the first photo")
    }
    let scene = ViewerScene(
      controller: controller, pixelWidth: screen.width, pixelHeight: screen.height)
    let loop = ViewerLoop(
      options: options, screen: screen, scene: scene, folder: folder, input: input, state: state)
    return try loop.run()
  }
}
