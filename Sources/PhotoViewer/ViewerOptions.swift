import TextOutput
import TouchInput

/// Why the viewer cannot run, as one `error: …` line.
public enum ViewerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A bad command line (exit 2).
  case usage(String)
  /// No display: SDL could not start video or open a window (exit 1); the message is SDL's,
  /// the description adds the fix.
  case display(String)
  /// A file or folder cannot be used (exit 1).
  case io(String)

  /// The line after `error: `.
  public var description: String {
    switch self {
    case .usage(let message): return message + " (see --help)"
    case .io(let message): return message
    case .display(let message):
      return message
        + " (on a desktop, run it inside the session: DISPLAY or WAYLAND_DISPLAY must be set;"
        + " on a console with --device, SDL needs KMS/DRM access: join the 'video' group"
        + " and run it from a text console; headless, set SDL_VIDEODRIVER=offscreen)"
    }
  }

  /// The exit status: 2 for usage, 1 otherwise.
  public var exitStatus: Int32 {
    if case .usage = self { return 2 }
    return 1
  }
}

/// The viewer's command line.
public struct ViewerOptions: Sendable {
  /// The folder of photos.
  public var folder: String
  /// A window of `windowSize` pixels instead of fullscreen.
  public var window = false
  /// The window's size in pixels (with `window`).
  public var windowSize = (width: 960, height: 540)
  /// The touch surface's size in mm (`--size`), instead of the display's dpi or the device's.
  public var surfaceSize: (width: Double, height: Double)?
  /// A touchscreen to read through libevdev instead of the toolkit's touches.
  public var device: String?
  /// Screen rotation and calibration for `device`.
  public var decoder = DecoderOptions()
  /// Where the carousel's state is restored from and saved to.
  public var statePath: String?
  /// A recording replayed into the viewer as SDL finger events.
  public var replay: String?
  /// Stop the replay this long (µs) after the recording's first event and end there, with
  /// the screen as it is then (a finger still down, an animation half way).
  public var replayUntil: Int64?
  /// End after the replay (its pending timers fired, animations settled).
  public var exitAfterReplay = false
  /// Write what is on screen to this file (PNG or BMP) at the end.
  public var screenshot: String?
  /// With `device`: end after this many milliseconds without an event.
  public var exitAfterIdle: Int?
  /// Use SDL's software renderer.
  public var software = false

  /// Options for `folder` with every default.
  public init(folder: String) {
    self.folder = folder
  }

  /// The `--help` text.
  public static let help = """
    usage: photo-carousel DIR [OPTIONS]

    Shows the photos of DIR (JPEG, PNG, WebP, TIFF, GIF, BMP), fullscreen, driven by touch:
    swipe left/right for the next/previous photo (wrapping around), drag at 1x to move the
    photo with the finger, pinch to zoom about the fingers (1x-4x), pan a zoomed photo, double
    tap to toggle 1x/2x, long press for an alert naming the photo (a tap dismisses it), pinch
    in at 1x for a grid of thumbnails (tap one to open it). A mouse drag is one finger. Escape
    or q quits.

    options:
      --window             a window instead of fullscreen
      --resolution WxH     the window's size in pixels (default 960x540)
      --size WxH           the touch surface's size in mm (default: from the display's dpi,
                           or the device's own size with --device)
      --device PATH        read a touchscreen through libevdev (a kiosk with no compositor)
      --rotate DEG         with --device: rotate the touch surface by 0, 90, 180 or 270
      --calibration M      with --device: libinput calibration matrix 'a b c d e f'
      --exit-after-idle MS with --device: end after MS ms without an event (for scripts)
      --state FILE         restore the carousel from FILE and save it there after changes
      --replay FILE        replay a recording (evemu or libinput record) as SDL touches
      --exit-after-replay  end once the replay is over
      --replay-until S     with --exit-after-replay: stop S seconds into the recording (the
                           screen as it is then, mid-gesture)
      --screenshot FILE    at the end, write the screen to FILE (.png, else BMP)
      --software           use SDL's software renderer
      --help               this text
    """

  /// Parses `arguments` (without the program's name).
  ///
  /// - Returns: `nil` for `--help`.
  /// - Throws: `ViewerError.usage` for a bad option or value.
  public static func parse(_ arguments: [String]) throws(ViewerError) -> ViewerOptions? {
    var folder: String?
    var options = ViewerOptions(folder: "")
    var index = 0
    func value(_ name: String) throws(ViewerError) -> String {
      index += 1
      guard index < arguments.count else { throw .usage("--\(name) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h": return nil
      case "--window": options.window = true
      case "--exit-after-replay": options.exitAfterReplay = true
      case "--software": options.software = true
      case "--resolution":
        let text = try value("resolution")
        guard let size = pair(text), size.0 >= 16, size.1 >= 16, size.0 <= 16384,
          size.1 <= 16384
        else { throw .usage("--resolution expects WIDTHxHEIGHT in pixels, not '\(text)'") }
        options.windowSize = (Int(size.0), Int(size.1))
      case "--size":
        let text = try value("size")
        guard let size = pair(text), size.0 > 0, size.1 > 0 else {
          throw .usage("--size expects WIDTHxHEIGHT in mm, like 220x124, not '\(text)'")
        }
        options.surfaceSize = (size.0, size.1)
        options.decoder.surfaceSize = (size.0, size.1)
      case "--device": options.device = try value("device")
      case "--rotate":
        let text = try value("rotate")
        guard let degrees = Int(text), let rotation = ScreenRotation(rawValue: degrees) else {
          throw .usage("--rotate expects 0, 90, 180 or 270, not '\(text)'")
        }
        options.decoder.rotation = rotation
      case "--calibration":
        let text = try value("calibration")
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
          Double($0)
        }
        guard numbers.count == 6 || (numbers.count == 9 && numbers[6...] == [0, 0, 1]) else {
          throw .usage("--calibration expects 6 numbers 'a b c d e f' (or 9 ending in 0 0 1)")
        }
        options.decoder.calibration = Array(numbers.prefix(6))
      case "--exit-after-idle":
        let text = try value("exit-after-idle")
        guard let ms = Int(text), ms > 0 else {
          throw .usage("--exit-after-idle expects milliseconds > 0, not '\(text)'")
        }
        options.exitAfterIdle = ms
      case "--replay-until":
        let text = try value("replay-until")
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e6 else {
          throw .usage("--replay-until expects seconds >= 0, not '\(text)'")
        }
        options.replayUntil = Int64((seconds * 1_000_000).rounded())
      case "--state": options.statePath = try value("state")
      case "--replay": options.replay = try value("replay")
      case "--screenshot": options.screenshot = try value("screenshot")
      default:
        guard !argument.hasPrefix("-") || argument == "-" else {
          throw .usage("unknown option '\(argument.escapingControlCharacters)'")
        }
        guard folder == nil else { throw .usage("give one DIR") }
        folder = argument
      }
      index += 1
    }
    guard let folder else { throw .usage("no DIR given") }
    if options.device != nil && options.replay != nil {
      throw .usage("--device and --replay are two inputs; give one")
    }
    if options.exitAfterReplay && options.replay == nil {
      throw .usage("--exit-after-replay needs --replay FILE")
    }
    if options.replayUntil != nil && !options.exitAfterReplay {
      throw .usage("--replay-until needs --exit-after-replay")
    }
    if options.exitAfterIdle != nil && options.device == nil {
      throw .usage("--exit-after-idle needs --device PATH")
    }
    options.folder = folder
    return options
  }
}

/// `WxH` as two positive finite numbers.
private func pair(_ text: String) -> (Double, Double)? {
  let parts = text.lowercased().split(separator: "x")
  guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite,
    b.isFinite
  else { return nil }
  return (a, b)
}
