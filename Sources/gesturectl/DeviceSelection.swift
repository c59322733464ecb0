import EvdevDevice
import TouchInput

/// Options shared by the subcommands that read a live device.
let liveDeviceOptions: [OptionSpec] = [
  .flag("grab", "Take exclusive access (EVIOCGRAB): no one else sees the events."),
  .value("exit-after-idle", "MS", "Stop after MS milliseconds without an event (for scripts)."),
  .value("max-events", "N", "Stop after N events (for scripts)."),
]

/// Opens the touch device at `path`, or the only touchscreen when `path` is `nil`.
///
/// - Parameter forFile: The command line that reads `path` as a recording instead, suggested
///   when `path` is a regular file.
/// - Throws: `CommandFailure` when `path` is a regular file, when the node cannot be opened
///   (the errno-style message, with how to get access on permission errors), is not a touch
///   device, or when no single touchscreen can be chosen.
func openTouchDevice(_ path: String?, grab: Bool, forFile: (String) -> String)
  throws(CommandFailure) -> EvdevInput
{
  let chosen: String
  if let path { chosen = path } else { chosen = try onlyTouchscreen() }
  if isRegularFile(chosen) {
    throw CommandFailure(
      message: "\(chosen): a regular file, not an input device; to read it as a recording, "
        + "use '\(forFile(chosen))'")
  }
  let input: EvdevInput
  do throws(EvdevError) {
    input = try EvdevInput.open(path: chosen, grab: grab)
  } catch {
    throw CommandFailure(message: error.description)
  }
  if let refusal = EvdevInput.touchRefusal(for: input.device, path: chosen) {
    throw CommandFailure(message: refusal)
  }
  return input
}

/// The path of the only touchscreen under /dev/input.
private func onlyTouchscreen() throws(CommandFailure) -> String {
  let found = EvdevInput.scanDevices()
  let touchscreens = found.filter(\.isTouchscreen)
  if touchscreens.count == 1 { return touchscreens[0].path }
  if touchscreens.isEmpty {
    var message = "no touchscreen found under /dev/input; name a DEVICE"
    if let denied = found.first(where: { $0.error != nil }), let error = denied.error {
      message += " (some nodes are unreadable: \(error))"
    }
    throw CommandFailure(message: message)
  }
  let list = touchscreens.map { "\($0.path) (\"\($0.device?.name ?? "")\")" }
  throw CommandFailure(
    message: "several touchscreens found; name one of: " + list.joined(separator: ", "))
}

/// The `--exit-after-idle` and `--max-events` values.
func liveLimits(_ arguments: ParsedArguments) throws(UsageError) -> (idle: Int?, events: Int?) {
  var limits: (idle: Int?, events: Int?) = (nil, nil)
  if let text = arguments.value("exit-after-idle") {
    guard let value = Int(text), value > 0 else {
      throw UsageError(message: "--exit-after-idle expects milliseconds > 0, not '\(text)'")
    }
    limits.idle = value
  }
  if let text = arguments.value("max-events") {
    guard let value = Int(text), value > 0 else {
      throw UsageError(message: "--max-events expects a count > 0, not '\(text)'")
    }
    limits.events = value
  }
  return limits
}

/// Runs the live loop, turning a read failure into the CLI's error.
func runLoop<S: LiveEventSink & ~Copyable>(_ loop: inout LiveLoop, _ sink: inout S)
  throws(CommandFailure)
  -> LiveExit
{
  // The command, not the library, handles SIGINT and SIGTERM: they wake the loop up through
  // the signal pipe, and the sink cancels what is in flight.
  SignalWatch.install()
  if SignalWatch.readEnd >= 0 { loop.stopDescriptor = SignalWatch.readEnd }
  do throws(EvdevError) {
    return try loop.run(&sink)
  } catch {
    throw CommandFailure(message: error.description)
  }
}
