import GestureRecognition
import ImageCarousel
import TextOutput
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// `gesturectl carousel`: the image carousel driven by gestures, printing each change.
let carouselCommand = Command(
  name: "carousel",
  summary: "Drive the image carousel with gestures and print its changes.",
  usage: "carousel [--images DIR] [--state FILE] [OPTIONS] (FILE… | --live [DEVICE])",
  discussion: """
    Swipe left or right to flip through the images (wrapping around), long press for an info
    alert (one at a time; a tap dismisses it), pinch to zoom around the fingers (1x…4x), pan a
    zoomed image with one finger, double tap to toggle 1x/2x. Prints the changes: image 2/3
    "graduation.jpg", zoom 1.80x at (120.0, 80.5) mm, pan to (12.0, -4.5) mm, alert "Stop
    that! (…)", alert dismissed; during a pinch or pan only a step each time the zoom changed
    by 25 % or the image moved 10 mm (at most one per 0.25 s), and the last step
    (--every-frame: every step; --json: every change). Without --images, the lecture's three
    placeholder photos are used.
    With --state FILE the carousel starts where the file says (when it was saved for the same
    images) and saves itself there after each change. With --live the gestures come from a
    touchscreen (DEVICE, or the only one), as with 'gesturectl live'.
    """,
  options: [
    .value("images", "DIR", "Use the PNG, JPEG and GIF files of DIR, sorted by name."),
    .value("state", "FILE", "Restore the carousel from FILE and save it there after changes."),
    .flag("json", "Write JSON Lines (every change) instead of text."),
    .flag("every-frame", "Text: print every zoom and pan step, not only the readable trace."),
    .flag("explain", "Also print every recognizer state change with its reason."),
    .flag("live", "Read a live touchscreen (DEVICE, or the only one) instead of files."),
  ] + traceOptions + liveDeviceOptions,
  run: { arguments, console in
    let live = arguments.has("live")
    guard live || !arguments.positionals.isEmpty else {
      throw UsageError(message: "no FILE given")
    }
    let options = try decoderOptions(from: arguments)
    let settings = PipelineSettings(arguments: arguments)
    let images = try arguments.value("images").map(loadImages) ?? CarouselImage.placeholders
    let session = try CarouselSession(
      images: images, statePath: arguments.value("state"), settings: settings, console: console)
    defer { session.finish() }
    if live {
      let status = try runLive(
        arguments, console: console, engine: session.engineFactory(),
        forFile: { "gesturectl carousel " + $0 })
      try session.checkSaved()
      return status
    }
    let many = arguments.positionals.count > 1
    for path in arguments.positionals {
      if many && !settings.json { console.out.line("# " + path.escapingControlCharacters) }
      session.label(many ? path : nil)
      try replayFile(
        path, arguments: arguments, options: options, settings: settings, console: console,
        engine: session.engineFactory())
      session.finish()
    }
    try session.checkSaved()
    return ExitStatus.ok
  }
)

/// One run of the carousel over one or more recordings: the model carries over from file to
/// file, each file gets its own controller sized to its surface.
final class CarouselSession {
  private let images: [CarouselImage]
  private let statePath: String?
  private let settings: PipelineSettings
  private let console: Console
  private var saved: CarouselState?
  private var controller: CarouselController?
  private let printer: CarouselPrinter
  /// Whether a save failed (it was warned about, once).
  private var saveFailed = false
  /// Whether the last save failed: the file does not hold the carousel's state.
  private var unsaved = false

  /// The largest state file read (1 MiB; a real one is about 100 bytes).
  static let stateLimit = 1 << 20

  /// Reads the state file, if there is one, and removes the temporary files a killed run
  /// left beside it.
  ///
  /// - Throws: `CommandFailure` when `statePath` names something other than a regular file
  ///   (saving would replace it) or a file beyond `stateLimit`.
  init(images: [CarouselImage], statePath: String?, settings: PipelineSettings, console: Console)
    throws(CommandFailure)
  {
    self.images = images
    self.statePath = statePath
    self.settings = settings
    self.console = console
    printer = CarouselPrinter(out: console.out, settings: settings)
    if let statePath {
      removeStaleTemporaries(of: statePath)
      saved = try loadState(statePath)
    }
  }

  /// Fails when the last save failed, so the run exits 1.
  func checkSaved() throws(CommandFailure) {
    guard unsaved, let statePath else { return }
    throw CommandFailure(message: "\(statePath): the carousel state is not saved (see the warning)")
  }

  /// Builds the controller for a surface and returns its engine for the pipeline.
  func engineFactory() -> EngineFactory {
    { [self] origin, geometry in
      let model = ImageCarousel(
        images: images, viewSize: CarouselSize(width: geometry.width, height: geometry.height))
      let controller = CarouselController(model: model)
      if let saved, !controller.restore(saved), let statePath {
        console.warning(
          "\(statePath): saved for a different image list; starting from the first image")
      }
      self.saved = nil
      print(controller.model.imageChange, at: 0, origin: origin, zero: true)
      controller.onChange = { [weak self] change, time in
        guard let self else { return }
        self.print(change, at: time, origin: origin, zero: false)
        self.save()
      }
      controller.pinch.addTarget(self, action: CarouselSession.pinchStep)
      controller.pan.addTarget(self, action: CarouselSession.panStep)
      attachExplain(to: controller.engine, settings: settings, console: console, origin: origin)
      self.controller = controller
      return controller.engine
    }
  }

  private func print(
    _ change: CarouselChange?, at time: Microseconds, origin: OriginBox, zero: Bool
  ) {
    guard let change else { return }
    let relative = zero ? 0 : time - (origin.time ?? time)
    let inGesture =
      controller.map { $0.pinch.state.isActive || $0.pan.state.isActive } ?? false
    printer.print(change, at: relative, inGesture: inGesture)
  }

  /// A pinch or pan step: when it ends, the carousel step held back is printed.
  private func pinchStep(_ recognizer: PinchGestureRecognizer) {
    if !recognizer.state.isActive { printer.gestureEnded() }
  }

  /// See `pinchStep`.
  private func panStep(_ recognizer: PanGestureRecognizer) {
    if !recognizer.state.isActive { printer.gestureEnded() }
  }

  /// The end of the run: prints the carousel step still held back.
  func finish() {
    printer.gestureEnded()
  }

  /// Names `path` in JSON objects (several files are replayed), or no file when `nil`.
  func label(_ path: String?) {
    printer.jsonFilePrefix = path.map { "\"file\": " + jsonString($0) + ", " }
  }

  private func save() {
    guard let statePath, let controller else { return }
    var failure: String?
    do {
      try writeFileAtomically(CarouselStateFile.text(of: controller.state), to: statePath)
    } catch let error as CommandFailure {
      failure = error.message
    } catch {
      failure = "\(statePath): cannot encode the carousel state: \(error)"
    }
    unsaved = failure != nil
    if let failure, !saveFailed {
      console.warning(failure + " (warned once; the run exits 1 unless a later save works)")
      saveFailed = true
    }
  }

  /// The saved state, or nil (with a warning) when the file is missing, unreadable or corrupt.
  private func loadState(_ path: String) throws(CommandFailure) -> CarouselState? {
    let bytes: [UInt8]
    switch readRegularFile(path, limit: Self.stateLimit) {
    case .success(let read): bytes = read
    case .failure(.system(ENOENT)): return nil
    case .failure(.system(let error)):
      console.warning(
        "\(path): cannot read the carousel state: \(FileReadError.system(error).reason); "
          + "ignoring it")
      return nil
    case .failure(let error):
      throw CommandFailure(
        message: "\(path): cannot read the carousel state: \(error.reason) (--state expects a"
          + " regular file)")
    }
    guard let state = CarouselStateFile.state(from: bytes) else {
      console.warning("\(path): not a carousel state (corrupt JSON); ignoring it")
      return nil
    }
    return state
  }
}

/// The images of a folder: PNG, JPEG and GIF files sorted by name, with their pixel sizes
/// read from their headers.
func loadImages(_ directory: String) throws(CommandFailure) -> [CarouselImage] {
  let names = try directoryEntries(directory)
  let images = names.filter(CarouselImage.isImageFileName).sorted().map { name in
    let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
    // The header is at the start; a pipe or a device among the images gives no size.
    let bytes = (try? readRegularFile(path, limit: 1 << 20, truncating: true).get()) ?? []
    return CarouselImage(name: name, pixelSize: ImageHeader(bytes: bytes)?.size)
  }
  guard !images.isEmpty else {
    throw CommandFailure(message: "\(directory): no PNG, JPEG or GIF images")
  }
  return images
}
