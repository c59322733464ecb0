import CSDL2
import EvdevDevice
import GesturePipeline
import GestureRecognition
import ImageCarousel
import PhotoLibrary
import TextOutput
import TouchInput

/// The render loop: input in (SDL events, a device, a replay), deadlines fired, photos taken
/// from the worker, animations stepped, the screen drawn; one thread.
final class ViewerLoop {
  let options: ViewerOptions
  let screen: SDLScreen
  let scene: ViewerScene
  let folder: PhotoList
  let input: ViewerInput
  var state: ViewerStateFile
  let photos: PhotoStore
  let thumbnails: PhotoStore
  /// The toolkit adapter (SDL and replay input).
  private var touches: ToolkitTouches?
  /// The pipeline (device input).
  private var pipeline: TouchPipeline?
  /// The recorded times of the replayed events pushed and not yet taken, in order.
  private var replayTimes: [Microseconds] = []
  private var replayTimesRead = 0
  /// Added to SDL's millisecond timestamps (after a replay, time goes on from its end).
  private var toolkitOffset: Microseconds = 0
  private var running = true
  /// The direction of the last flip, so the neighbour that way is prepared first.
  private var lastMove = PhotoWindow.Direction.next
  /// Frame times for the benchmark (`PHOTO_CAROUSEL_STATISTICS`), usually `nil`.
  private let statistics = FrameStatistics.fromEnvironment()
  private var needsDrawing = true
  /// How long one frame of a replay's virtual clock lasts (60 Hz).
  static let frameTime: Microseconds = 16_667
  /// How long one frame lasts when animating live: the display's refresh (60 Hz when SDL does
  /// not know it); a vsync renderer's present waits for it anyway.
  private lazy var refreshInterval: Microseconds = {
    var mode = SDL_DisplayMode()
    let display = max(0, SDL_GetWindowDisplayIndex(screen.window))
    guard SDL_GetCurrentDisplayMode(display, &mode) == 0, (20...500).contains(mode.refresh_rate)
    else { return Self.frameTime }
    return 1_000_000 / Microseconds(mode.refresh_rate)
  }()

  init(
    options: ViewerOptions, screen: SDLScreen, scene: ViewerScene, folder: PhotoList,
    input: ViewerInput, state: ViewerStateFile
  ) {
    self.options = options
    self.screen = screen
    self.scene = scene
    self.folder = folder
    self.input = input
    self.state = state
    let wake: @Sendable () -> Void = {
      var event = SDL_Event()
      event.type = SDL_USEREVENT.rawValue
      SDL_PushEvent(&event)
    }
    photos = PhotoStore(list: folder, maximum: (screen.width, screen.height), wake: wake)
    let cell = (
      max(16, screen.width / scene.gridColumns), max(16, screen.height / scene.gridRows)
    )
    thumbnails = PhotoStore(
      list: folder, maximum: cell, limit: scene.gridColumns * scene.gridRows, wake: wake)
  }

  func run() throws(ViewerError) -> Int32 {
    let controller = scene.controller
    scene.onChange = { [weak self] change, _ in
      guard let self else { return }
      if case .image = change {
        self.lastMove = self.scene.controller.swipe.event?.direction == .right ? .previous : .next
      }
      self.needsDrawing = true
      self.state.save(self.scene.controller.state)
    }
    scene.onImageChange = { [weak self] in self?.needsDrawing = true }
    switch input.source {
    case .toolkit, .replay:
      let surface: ToolkitSurface
      do throws(ToolkitSurfaceError) {
        surface = try .normalized(width: input.surface.width, height: input.surface.height)
      } catch {
        throw .usage(error.message)
      }
      let touches = ToolkitTouches(surface: surface, engine: controller.engine)
      touches.onFrame = { [weak self] frame in self?.scene.observe(frame) }
      touches.onWarning = { warn("touch input: " + $0.description.escapingControlCharacters) }
      self.touches = touches
    case .device(let device):
      let pipeline = TouchPipeline(
        device: device.device, options: input.decoder, engine: controller.engine)
      pipeline.onFrame = { [weak self] frame in self?.scene.observe(frame) }
      pipeline.resume(fingersDown: device.fingersDownAtOpen)
      let path = device.path.escapingControlCharacters
      pipeline.onLateFrame = { frame, latest in
        let behind = Double(latest - frame) / 1000
        warn(
          "\(path): events arrived after a timer they precede had fired (by \(behind) ms); "
            + "gestures around them may differ from a replay of the same events")
      }
      self.pipeline = pipeline
    }
    var status: Int32 = 0
    switch input.source {
    case .replay(let frames, let origin):
      if let until = options.replayUntil {
        // Stop in the middle: no end of input, the screen as it is at that moment.
        let end = origin + until
        try runReplay(frames.filter { $0.time <= end })
        return finishScreen(settling: false) ? status : 1
      }
      try runReplay(frames)
    case .device(let device): status = try runDevice(device)
    case .toolkit: runToolkit()
    }
    let saved = finishScreen()
    statistics?.write()
    return saved ? status : 1
  }

  // MARK: Inputs

  private func runToolkit() {
    while running {
      scene.now = Microseconds(SDL_GetTicks64()) * 1000 + toolkitOffset
      pollEvents()
      if let touches, let deadline = touches.nextDeadline, deadline <= scene.now {
        touches.advance(to: scene.now)
      }
      frame()
      waitToolkit()
    }
    touches?.cancelAll(at: Microseconds(SDL_GetTicks64()) * 1000 + toolkitOffset)
  }

  /// Replays `frames` on a virtual clock of 60 Hz ticks: each tick pushes the frames due by
  /// then as SDL events, takes them back through SDL's queue and draws.
  private func runReplay(_ frames: [TouchFrame]) throws(ViewerError) {
    guard let touches else { return }
    var next = 0
    var down = Set<Int>()
    var clock = (frames.first?.time ?? 0) - Self.frameTime
    if let statistics {
      let start = FrameStatistics.monotonicNow()
      while !statistics.mayStartReplay(startedAt: start) {
        frame()
        SDL_Delay(1)
      }
    }
    while running && next < frames.count {
      clock += Self.frameTime
      scene.now = clock
      while next < frames.count, frames[next].time <= clock {
        let pushed = pushFrame(frames[next], surface: input.surface, down: &down)
        replayTimes.append(contentsOf: repeatElement(frames[next].time, count: pushed))
        next += 1
      }
      pollEvents()
      if let deadline = touches.nextDeadline, deadline <= clock { touches.advance(to: clock) }
      frame()
      statistics?.pace(to: clock)
    }
    // The end of the recording: trailing taps and long presses fire, touches still down are
    // cancelled, as `gesturectl carousel` ends a file.
    guard options.replayUntil == nil else { return }
    touches.finish()
    scene.now = max(clock, touches.lastTime)
    guard !options.exitAfterReplay else { return }
    toolkitOffset = scene.now - Microseconds(SDL_GetTicks64()) * 1000
    runToolkit()
  }

  private func runDevice(_ device: EvdevInput) throws(ViewerError) -> Int32 {
    guard let pipeline else { return 1 }
    var events: [InputEvent] = []
    var lastArrival = monotonicMicroseconds()
    while running {
      scene.now = monotonicMicroseconds()
      events.removeAll(keepingCapacity: true)
      let status: ReadStatus
      do throws(EvdevError) {
        status = try device.readAvailable(into: &events)
      } catch {
        pipeline.cancelAll(at: pipeline.lastTime)
        throw .io(error.description)
      }
      if !events.isEmpty {
        lastArrival = monotonicMicroseconds()
        for event in events { pipeline.feed(event) }
        for warning in pipeline.takeWarnings() {
          warn(device.path.escapingControlCharacters + ": " + warning.description)
        }
      }
      if status == .deviceGone {
        pipeline.cancelAll(at: pipeline.lastTime)
        writeErrorLine(
          "error: \(device.path.escapingControlCharacters): the device vanished; gestures in "
            + "flight were cancelled")
        running = false
        return 1
      }
      let wait = pipeline.fireDueDeadlines(now: monotonicMicroseconds(), lastArrival: lastArrival)
      if let idle = options.exitAfterIdle,
        monotonicMicroseconds() - lastArrival > Microseconds(idle) * 1000
      {
        pipeline.finish()
        break
      }
      pollEvents()
      frame()
      if !busy {
        let timeout = min(Self.frameTime * 6, wait ?? Self.frameTime * 6)
        _ = try? device.wait(timeout: Int32(max(1, timeout / 1000)))
      } else {
        pace()
      }
    }
    return 0
  }

  /// Drains SDL's queue: quit and keys, finger events to the toolkit adapter.
  private func pollEvents() {
    var event = SDL_Event()
    var fingers = false
    while SDL_PollEvent(&event) != 0 {
      switch event.type {
      case SDL_QUIT.rawValue:
        running = false
      case SDL_KEYDOWN.rawValue:
        let key = event.key.keysym.sym
        if key == SDLK_ESCAPE.rawValue || key == SDLK_q.rawValue { running = false }
      case SDL_WINDOWEVENT.rawValue:
        needsDrawing = true
      case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
        fingers = true
        finger(event.tfinger, type: event.type)
      case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEMOTION.rawValue:
        if mouse(event) { fingers = true }
      default:
        break
      }
    }
    if fingers {
      touches?.endFrame()
      needsDrawing = true
    }
  }

  private func finger(_ event: SDL_TouchFingerEvent, type: UInt32) {
    guard let touches else { return }
    let time: Microseconds
    if event.touchId == replayTouchDevice, replayTimesRead < replayTimes.count {
      time = replayTimes[replayTimesRead]
      replayTimesRead += 1
      if replayTimesRead == replayTimes.count {
        replayTimes.removeAll(keepingCapacity: true)
        replayTimesRead = 0
      }
    } else {
      time = Microseconds(event.timestamp) * 1000 + toolkitOffset
    }
    let id = Int64(event.fingerId)
    let x = Double(event.x)
    let y = Double(event.y)
    switch type {
    case SDL_FINGERDOWN.rawValue: touches.down(id, x: x, y: y, at: time)
    case SDL_FINGERMOTION.rawValue: touches.move(id, x: x, y: y, at: time)
    default: touches.up(id, x: x, y: y, at: time)
    }
  }

  /// Whether the left mouse button is down (a mouse drag is one finger).
  private var mouseDown = false
  /// The touch id the mouse's finger uses (SDL's finger ids are not negative).
  static let mouseFinger: Int64 = -1

  /// A desktop's mouse as one finger: the left button lands it, motion moves it, release
  /// lifts it (swipes, drags, taps, long presses; no pinch). Mouse events SDL makes from
  /// touches are ignored (`SDL_TOUCH_MOUSEID`; the hint turns them off anyway).
  private func mouse(_ event: SDL_Event) -> Bool {
    guard let touches, case .toolkit = input.source else { return false }
    let touchMouse = UInt32.max  // SDL_TOUCH_MOUSEID
    let time = Microseconds(event.button.timestamp) * 1000 + toolkitOffset
    let width = Double(screen.width)
    let height = Double(screen.height)
    switch event.type {
    case SDL_MOUSEBUTTONDOWN.rawValue:
      guard event.button.which != touchMouse, event.button.button == 1, !mouseDown else {
        return false
      }
      mouseDown = true
      touches.down(
        Self.mouseFinger, x: Double(event.button.x) / width, y: Double(event.button.y) / height,
        at: time)
    case SDL_MOUSEBUTTONUP.rawValue:
      guard event.button.which != touchMouse, event.button.button == 1, mouseDown else {
        return false
      }
      mouseDown = false
      touches.up(
        Self.mouseFinger, x: Double(event.button.x) / width, y: Double(event.button.y) / height,
        at: time)
    default:
      guard event.motion.which != touchMouse, mouseDown else { return false }
      touches.move(
        Self.mouseFinger, x: Double(event.motion.x) / width, y: Double(event.motion.y) / height,
        at: Microseconds(event.motion.timestamp) * 1000 + toolkitOffset)
    }
    return true
  }

  // MARK: Frames

  /// Whether something moves or loads (draw at the frame rate).
  private var busy: Bool {
    scene.isDragging || photos.isLoading || (scene.gridOpen && thumbnails.isLoading)
      || scene.step()
  }

  /// When the latest frame began (local monotonic clock), for pacing.
  private var frameStarted: Microseconds = 0

  /// Holds the photos the screen needs, takes the finished ones, draws when needed.
  private func frame() {
    frameStarted = monotonicMicroseconds()
    let started = statistics?.begin()
    var drew = false
    defer {
      if let statistics, let started {
        let ready = !photos.isLoading
        statistics.end(started, drew: drew, showsPhoto: showsCurrentPhoto, ready: ready)
      }
    }
    hold()
    if photos.poll(screen) { needsDrawing = true }
    if thumbnails.poll(screen) { needsDrawing = true }
    let animating = scene.step()
    guard needsDrawing || animating else { return }
    needsDrawing = false
    drew = true
    renderer.draw()
    screen.present()
  }

  private var renderer: ViewerRenderer {
    ViewerRenderer(screen: screen, scene: scene, photos: photos, thumbnails: thumbnails)
  }

  private func hold() {
    let count = scene.model.images.count
    let index = scene.model.index
    // The current photo and its two neighbours, toward the last move first.
    let window = PhotoWindow(current: index, count: count)
    photos.hold(window.preparationOrder(toward: lastMove))
    thumbnails.hold(scene.gridOpen ? renderer.gridIndices : [])
  }

  private func waitToolkit() {
    guard !busy else { return pace() }
    var timeout: Microseconds = 250_000
    if let deadline = touches?.nextDeadline { timeout = min(timeout, deadline - scene.now) }
    SDL_WaitEventTimeout(nil, Int32(max(1, timeout / 1000)))
  }

  /// Sleeps to the next 60 Hz tick (a vsync renderer's present already waited).
  private func pace() {
    let elapsed = monotonicMicroseconds() - frameStarted
    let left = refreshInterval - elapsed
    if left > 1000 { SDL_Delay(UInt32(left / 1000)) }
  }

  /// The end of the run: animations settle, the photos on screen finish loading (10 s at
  /// most), the screen is drawn once more and written to `--screenshot`.
  /// - Returns: `false` when the screenshot could not be written (reported on stderr).
  private func finishScreen(settling: Bool = true) -> Bool {
    if settling { scene.settle() }
    let limit = monotonicMicroseconds() + 10_000_000
    repeat {
      hold()
      _ = photos.poll(screen)
      _ = thumbnails.poll(screen)
      if !photos.isLoading && !(scene.gridOpen && thumbnails.isLoading) { break }
      SDL_Delay(2)
    } while monotonicMicroseconds() < limit
    renderer.draw()
    var saved = true
    if let path = options.screenshot {
      if let surface = screen.readPixels() {
        do throws(ViewerError) {
          try save(surface, to: path)
        } catch {
          writeErrorLine("error: " + error.description)
          saved = false
        }
      } else {
        writeErrorLine("error: cannot read the screen back: " + sdlError())
        saved = false
      }
    }
    screen.present()
    return saved
  }
}
