import TextOutput
import TouchInput

/// `gesturectl replay FILE…`: decode recordings and print what was recognized.
let replayCommand = Command(
  name: "replay",
  summary: "Replay recordings and print recognized gestures.",
  usage: "replay [OPTIONS] FILE…",
  discussion: """
    Reads evemu recordings (all format generations; header and events in one file, or a
    header-less events file with --device DESC) and libinput record YAML (told apart by
    content; --device-index N for a file with several devices), decodes them into touch
    frames and prints the gestures: taps and swipes, and for continuous gestures (long press,
    pan, pinch, rotation) the began line, a changed line each time one moved on by 10 mm,
    25 % of scale or 15 degrees (at most one per 0.25 s), and the ended line with its
    duration. --every-frame prints every changed event; --json prints every event. Times are
    seconds since the file's first event; positions are millimetres from the surface's
    top-left corner after --rotate/--calibration. FILE may be - for standard input; a pipe,
    FIFO or device is read once as it comes, in bounded memory, its format told from its
    first 64 KiB (a libinput recording with several devices needs a regular file).
    """,
  options: [
    .flag("json", "Write JSON Lines (one object per event) instead of text."),
    .flag("every-frame", "Text: print every changed event, not only the readable trace."),
    .flag("touches", "Also print every touch change (began, moved, ended, cancelled)."),
    .flag("no-gestures", "Do not run the recognizers (with --touches: touch changes only)."),
    .flag("explain", "Also print every recognizer state change with its reason."),
  ] + traceOptions,
  run: { arguments, console in
    guard !arguments.positionals.isEmpty else { throw UsageError(message: "no FILE given") }
    let options = try decoderOptions(from: arguments)
    var settings = PipelineSettings(arguments: arguments)
    settings.labelFiles = arguments.positionals.count > 1
    for path in arguments.positionals {
      if settings.labelFiles && !settings.json {
        console.out.line("# " + path.escapingControlCharacters)
      }
      try replayFile(
        path, arguments: arguments, options: options, settings: settings, console: console,
        engine: gesturePrintingEngine(
          settings: settings, console: console, file: settings.labelFiles ? path : nil))
    }
    return ExitStatus.ok
  }
)

/// Replays one recording through a pipeline: every event, then the end-of-file flush. On a
/// bad line, what was recognized before it stays printed, gestures in flight are cancelled at
/// the last good event's time (no deadline fires after it), then the error is thrown.
func replayFile(
  _ path: String, arguments: ParsedArguments, options: DecoderOptions,
  settings: PipelineSettings, console: Console, engine: EngineFactory
) throws {
  let reader = try openTrace(path, arguments: arguments, console: console)
  if let error = touchCapabilityError(reader.device, options: options, path: path) { throw error }
  let pipeline = TracePipeline(
    device: reader.device, options: options, settings: settings, console: console, path: path,
    engine: engine)
  defer {
    for warning in reader.warnings { console.warning(warning.description) }
  }
  try pipeline.replay(reader)
  if pipeline.pipeline.firstEventTime == nil { throw noEventsError(reader.device, path: path) }
}

/// The error for a recording whose device reports no touches (a keyboard, a mouse), or `nil`:
/// replaying it could only print nothing, which would look like a touch recording with no
/// gesture in it.
func touchCapabilityError(_ device: DeviceDescription, options: DecoderOptions, path: String)
  -> TraceError?
{
  if device.isTouchDevice { return nil }
  if device.touchProtocol == .singleTouch, let axes = options.axisMapping,
    device.absoluteAxes[axes.x] != nil, device.absoluteAxes[axes.y] != nil
  {
    return nil
  }
  return TraceError(
    file: path, line: 0,
    reason: "\"\(device.name)\" is not a touch device: no ABS_MT_POSITION_X/Y, nor ABS_X/ABS_Y "
      + "with BTN_TOUCH or BTN_LEFT ('gesturectl info' describes it)")
}

/// The error for a recording that holds a device description and no event.
func noEventsError(_ device: DeviceDescription, path: String) -> TraceError {
  TraceError(
    file: path, line: 0,
    reason: "no events: only the description of \"\(device.name)\" (a header without a recording)")
}
