import EvdevDevice
import TextOutput
import TouchInput

/// `gesturectl live [DEVICE]`: recognize gestures from a touchscreen as they happen.
let liveCommand = Command(
  name: "live",
  summary: "Recognize gestures from a live touchscreen.",
  usage: "live [OPTIONS] [DEVICE]",
  discussion: """
    Reads /dev/input/eventN through libevdev and prints what replay would print for a
    recording of the same events: timers (long press, double-tap window) fire from the poll
    timeout while a finger rests, at their deadline in event time. With no DEVICE, uses the
    only touchscreen. Ctrl-C ends cleanly (gestures in flight are cancelled, exit 0); a
    vanished device ends with an error (exit 1). --exit-after-idle and --max-events end like
    the end of a recording (pending timers fire, touches still down are cancelled).
    """,
  options: [
    .flag("json", "Write JSON Lines (one object per event) instead of text."),
    .flag("every-frame", "Text: print every changed event, not only the readable trace."),
    .flag("touches", "Also print every touch change (began, moved, ended, cancelled)."),
    .flag("no-gestures", "Do not run the recognizers (with --touches: touch changes only)."),
    .flag("explain", "Also print every recognizer state change with its reason."),
    .flag("latency", "At the end, print on stderr how late timers fired (local clock).")
      .measurement,
    .value(
      "timer-probe", "MS",
      "Measurement: also arm a silent timer MS ms after each frame (see --latency)."
    ).measurement,
  ] + liveDeviceOptions + traceOptions.filter { $0.name != "device" && $0.name != "lenient" },
  run: { arguments, console in
    let settings = PipelineSettings(arguments: arguments)
    return try runLive(
      arguments, console: console,
      engine: gesturePrintingEngine(settings: settings, console: console),
      forFile: { "gesturectl replay " + $0 })
  }
)

/// Runs the pipeline of `live` (or `carousel --live`) on the device named by the only
/// positional argument, or on the only touchscreen. `forFile` is the command line suggested
/// when that argument is a regular file.
///
/// - Returns: The exit status: 0 for a clean end (Ctrl-C, idle or event limit).
/// - Throws: `UsageError` for bad options, `CommandFailure` when the device cannot be used
///   or vanished.
func runLive(
  _ arguments: ParsedArguments, console: Console, engine: EngineFactory,
  forFile: (String) -> String
) throws -> Int32 {
  guard arguments.positionals.count <= 1 else {
    throw UsageError(message: "give at most one DEVICE")
  }
  let options = try decoderOptions(from: arguments)
  let limits = try liveLimits(arguments)
  let input = try openTouchDevice(
    arguments.positionals.first, grab: arguments.has("grab"), forFile: forFile)
  let settings = PipelineSettings(arguments: arguments)
  var sink = PipelineSink(
    pipeline: TracePipeline(
      device: input.device, options: options, settings: settings, console: console,
      path: input.path, engine: engine))
  sink.pipeline.resume(fingersDown: input.fingersDownAtOpen)
  if let probe = arguments.value("timer-probe") {
    guard let milliseconds = Int(probe), milliseconds > 0 else {
      throw UsageError(message: "--timer-probe expects milliseconds > 0, not '\(probe)'")
    }
    sink.probeInterval = Int64(milliseconds) * 1000
  }
  var loop = LiveLoop(input: input, exitAfterIdle: limits.idle, maxEvents: limits.events)
  let exit = try runLoop(&loop, &sink)
  if exit == .idle || exit == .maxEvents { sink.pipeline.finish() }
  if arguments.has("latency") {
    console.out.flush()
    reportLatency(loop.deadlineLateness, console)
  }
  if loop.eventsAfterTheirTimers > 0 {
    let count = loop.eventsAfterTheirTimers
    let behind = fixed(Double(loop.mostBehindTimer) / 1000, places: 1)
    console.warning(
      "\(input.path): \(count) \(count == 1 ? "event" : "events") arrived after a timer they "
        + "precede had fired (by up to \(behind) ms); gestures around them may differ from a "
        + "replay of the same events")
  }
  if exit == .deviceGone {
    throw CommandFailure(
      message: "\(input.path): the device vanished; gestures in flight were cancelled")
  }
  return ExitStatus.ok
}

/// Feeds live events to the replay pipeline.
struct PipelineSink: LiveEventSink, ~Copyable {
  /// The decoder and recognizers.
  var pipeline: TracePipeline
  /// With `--timer-probe`: a silent timer is armed this long after each frame.
  var probeInterval: Microseconds?
  /// The probe timer's deadline, if armed.
  private var probeDeadline: Microseconds?

  init(pipeline: consuming TracePipeline) {
    self.pipeline = pipeline
  }

  mutating func handle(_ event: InputEvent) {
    pipeline.handle(event, line: 0)
    if let probeInterval, event.type == EventType.syn, event.code == SynCode.report {
      probeDeadline = event.time + probeInterval
    }
  }

  var nextDeadline: Microseconds? {
    guard let probeDeadline else { return pipeline.nextDeadline }
    return min(probeDeadline, pipeline.nextDeadline ?? .max)
  }

  mutating func advance(to time: Microseconds) {
    if let probeDeadline, probeDeadline <= time { self.probeDeadline = nil }
    pipeline.advance(to: time)
  }

  mutating func deviceVanished(at time: Microseconds) { pipeline.cancelAll(at: time) }
  /// Output reaches a pipe as it happens, not in 64 KiB blocks.
  mutating func willWait() { pipeline.flushOutput() }
  mutating func interrupted(at time: Microseconds) { pipeline.cancelAll(at: time) }
}

/// Prints `timer latency: n=… p50=… p99=… max=… ms` on stderr.
private func reportLatency(_ lateness: [Microseconds], _ console: Console) {
  guard !lateness.isEmpty else {
    console.err.line("timer latency: no timer fired from a poll timeout")
    return
  }
  let sorted = lateness.sorted()
  func percentile(_ p: Double) -> String {
    let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
    return fixed(Double(sorted[max(0, index)]) / 1000, places: 3)
  }
  console.err.line(
    "timer latency: n=\(sorted.count) p50=\(percentile(0.5)) p99=\(percentile(0.99)) "
      + "max=\(percentile(1)) ms")
}
