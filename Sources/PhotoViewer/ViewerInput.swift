import CSDL2
import EvdevDevice
import GesturePipeline
import GestureRecognition
import TextOutput
import TouchInput

/// Where the touches come from, and the touch surface's size in millimetres (the model's
/// view).
final class ViewerInput {
  enum Source {
    /// SDL finger events from the window (a desktop, a tablet's compositor).
    case toolkit
    /// A touchscreen read through libevdev.
    case device(EvdevInput)
    /// A recording's frames, pushed as SDL finger events.
    case replay([TouchFrame], firstEventTime: Microseconds)
  }

  let source: Source
  /// The touch surface's size in mm.
  let surface: (width: Double, height: Double)
  /// The device's decoder options (`--device`).
  let decoder: DecoderOptions

  private init(source: Source, surface: (width: Double, height: Double), decoder: DecoderOptions) {
    self.source = source
    self.surface = surface
    self.decoder = decoder
  }

  /// The input `options` ask for on `screen`.
  ///
  /// - Throws: `ViewerError.io` when the device or the recording cannot be used.
  static func open(options: ViewerOptions, screen: SDLScreen) throws(ViewerError) -> ViewerInput {
    if let path = options.device {
      let input: EvdevInput
      do throws(EvdevError) {
        input = try EvdevInput.open(path: path)
      } catch {
        throw .io(error.description)
      }
      if let refusal = EvdevInput.touchRefusal(for: input.device, path: path) {
        throw .io(refusal)
      }
      let geometry = SurfaceGeometry(device: input.device, options: options.decoder)
      return ViewerInput(
        source: .device(input), surface: (geometry.width, geometry.height),
        decoder: options.decoder)
    }
    if let path = options.replay {
      var frames: [TouchFrame] = []
      let pipeline: TouchPipeline
      do throws(TraceError) {
        let reader = try openRecording(path: path)
        pipeline = TouchPipeline(device: reader.device, options: options.decoder) { _ in nil }
        pipeline.onFrame = { frames.append($0) }
        try pipeline.replay(reader)
      } catch {
        throw .io(error.description)
      }
      for warning in pipeline.takeWarnings() {
        warn(path.escapingControlCharacters + ": " + warning.description)
      }
      let size = options.surfaceSize ?? (pipeline.geometry.width, pipeline.geometry.height)
      return ViewerInput(
        source: .replay(frames, firstEventTime: pipeline.firstEventTime ?? 0), surface: size,
        decoder: options.decoder)
    }
    let size = options.surfaceSize ?? displaySize(screen: screen)
    return ViewerInput(source: .toolkit, surface: size, decoder: options.decoder)
  }

  /// The screen's size in mm from the display's dpi (96 dpi when SDL does not know it).
  private static func displaySize(screen: SDLScreen) -> (width: Double, height: Double) {
    var diagonal: Float = 0
    var horizontal: Float = 0
    var vertical: Float = 0
    let display = max(0, SDL_GetWindowDisplayIndex(screen.window))
    var dpi = (x: 96.0, y: 96.0)
    if SDL_GetDisplayDPI(display, &diagonal, &horizontal, &vertical) == 0, horizontal > 10,
      vertical > 10
    {
      dpi = (Double(horizontal), Double(vertical))
    } else {
      warn("the display's dpi is unknown; taking 96 dpi (give the size with --size WxH in mm)")
    }
    return (Double(screen.width) / dpi.x * 25.4, Double(screen.height) / dpi.y * 25.4)
  }
}

/// Replayed events are marked with this SDL touch device id, so their recorded time can ride
/// beside them (SDL stamps pushed events with its own millisecond clock).
let replayTouchDevice: SDL_TouchID = 0x5245_504C

/// Pushes one recorded frame as SDL finger events (positions normalized to the surface) and
/// returns how many were pushed; stationary touches and non-fingers push nothing.
func pushFrame(_ frame: TouchFrame, surface: (width: Double, height: Double), down: inout Set<Int>)
  -> Int
{
  var pushed = 0
  for touch in frame.touches {
    let id = touch.id.rawValue
    let type: SDL_EventType
    switch touch.phase {
    case .began where touch.tool == .finger:
      type = SDL_FINGERDOWN
      down.insert(id)
    case .moved where down.contains(id) && touch.tool == .finger: type = SDL_FINGERMOTION
    case .ended where down.contains(id), .cancelled where down.contains(id),
      .moved where down.contains(id), .stationary where down.contains(id) && touch.tool != .finger:
      type = SDL_FINGERUP
      down.remove(id)
    default: continue
    }
    var event = SDL_Event()
    event.type = type.rawValue
    event.tfinger.touchId = replayTouchDevice
    event.tfinger.fingerId = SDL_FingerID(id)
    event.tfinger.x = Float(touch.location.x / surface.width)
    event.tfinger.y = Float(touch.location.y / surface.height)
    event.tfinger.pressure = 1
    if SDL_PushEvent(&event) == 1 { pushed += 1 }
  }
  return pushed
}
