import GestureDaemon
import TouchInput

/// `gesturectl run`: the daemon that makes gestures run commands.
let runCommand = Command(
  name: "run",
  summary: "Run commands bound to gestures, on every touchscreen (daemon).",
  usage:
    "run [--config FILE] [-g LISGD]... [-m MS] [-t PX] [-T PX] [-d NODE]... [-o N] "
    + "[--dry-run] [--verbose] [--command-output] [--exit-after-idle MS] [DEVICE]...",
  discussion: """
    Reads the bindings file (default: $XDG_CONFIG_HOME/gesturectl/bindings, or
    ~/.config/gesturectl/bindings; see 'gesturectl check-config' and
    Docs/gesturectl-run.md), then recognizes gestures on every touchscreen udev knows,
    including ones plugged in later, and runs the bound commands. With DEVICE nodes, uses
    only those (udev still reports them vanishing and returning). SIGHUP reloads the
    bindings (a bad file keeps the old ones); SIGINT and SIGTERM cancel gestures in flight,
    leave running commands alone and exit 0. The log (devices, failed commands, decoder
    warnings) goes to standard error, never blocking; commands' output goes to /dev/null
    unless --command-output. Key and button bindings write through a virtual keyboard and
    pointer made through /dev/uinput at start; without access they are refused with the
    fix and the rest keep working (see 'gesturectl check-setup').
    """,
  options: [
    .value("config", "FILE", "The bindings file."),
    .value(
      "gesture", short: "g", "SPEC",
      "Also a lisgd binding \"nfingers,gesture,edge,distance,actmode,command\"."),
    .value(
      "orientation", short: "o", "N",
      "lisgd's -o: the screen turned N quarter turns (0-3); -o 1 is rotation=270."),
    .value("device", short: "d", "NODE", "lisgd's -d: use NODE, as a DEVICE argument does."),
  ] + lisgdOptions + [
    .flag("dry-run", "Print the commands that would run (with their variables) instead."),
    .flag(
      "command-output",
      "Log commands' output (line N: output: TEXT, 20 lines a run) instead of discarding it."),
    .flag("verbose", "Also log each command started and each recognizer change with its reason."),
    .value("exit-after-idle", "MS", "Stop after MS milliseconds without an event (for scripts)."),
    .value(
      "uinput", "PATH",
      "The uinput node for key and button bindings (default /dev/uinput)."),
  ],
  run: { arguments, console in
    var options = DaemonOptions()
    // lisgd's -d, then the DEVICE arguments, each node once.
    for node in (arguments.allValues["device"] ?? []) + arguments.positionals
    where !options.devices.contains(node) {
      options.devices.append(node)
    }
    options.dryRun = arguments.has("dry-run")
    options.verbose = arguments.has("verbose")
    options.commandOutput = arguments.has("command-output")
    options.exitAfterIdle = try liveLimits(arguments).idle
    options.rotation = try lisgdOrientation(arguments.value("orientation"))
    let file = arguments.value("config")
    options.bindingsFile = file ?? BindingsFile.defaultPath
    if let path = arguments.value("uinput") { options.uinputPath = path }
    let lisgd = arguments.allValues["gesture"] ?? []
    let lisgdOptions = try LisgdOptions(arguments)
    console.err.flush()
    let log = DaemonLog()
    let daemon = try Daemon(
      options: options,
      load: { () throws(BindingsError) in
        try loadBindings(file: file, lisgd: lisgd, lisgdOptions: lisgdOptions)
      },
      log: { log.line($0) },
      output: {
        console.out.line($0)
        console.out.flush()
      })
    daemon.logOutput = log
    let exit: DaemonExit
    do throws(DaemonError) {
      exit = try daemon.run()
    } catch {
      throw CommandFailure(message: error.description)
    }
    if exit == .devicesGone {
      throw CommandFailure(message: "no device named on the command line is left")
    }
    return ExitStatus.ok
  }
)

/// lisgd's `-o N` (0-3) as a rotation: lisgd turns its coordinates the other way round from
/// `rotation=`, so `-o 1` is `rotation=270` and `-o 3` is `rotation=90`.
func lisgdOrientation(_ text: String?) throws(UsageError) -> ScreenRotation? {
  guard let text else { return nil }
  guard let quarters = Int(text), (0...3).contains(quarters),
    let rotation = ScreenRotation(rawValue: (360 - quarters * 90) % 360)
  else {
    throw UsageError(message: "-o expects lisgd's orientation 0, 1, 2 or 3, not '\(text)'")
  }
  return rotation
}
