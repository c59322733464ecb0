import EvdevDevice
import TextOutput
import TouchInput

/// What `Daemon.run()` was asked to do besides the bindings.
public struct DaemonOptions: Sendable {
  /// Device nodes to use instead of asking udev (no hotplug then).
  public var devices: [String] = []
  /// Print commands instead of running them.
  public var dryRun = false
  /// Stop after this many milliseconds without an event (for tests and scripts), or never.
  public var exitAfterIdle: Int?
  /// Also log every command started and every recognizer state change with its reason ("why
  /// did it not fire").
  public var verbose = false
  /// Log commands' output (`line N: output: TEXT`, at most 20 lines a run) instead of
  /// sending it to /dev/null.
  public var commandOutput = false
  /// The rotation of every device whose rules give none (lisgd's `-o`).
  public var rotation: ScreenRotation?
  /// The uinput node the virtual keyboard and pointer of key and button bindings are made
  /// through.
  public var uinputPath = VirtualDevice.defaultPath
  /// The bindings file's name, for the place of refused bindings (`FILE:LINE`); `line N`
  /// without one.
  public var bindingsFile: String?

  /// The defaults: every touchscreen udev knows, commands run, no idle limit.
  public init() {}
}

/// Why `Daemon.run()` returned.
public enum DaemonExit: Sendable, Equatable {
  /// SIGINT or SIGTERM: gestures in flight were cancelled, commands left running.
  case stopped
  /// The idle limit passed with no event.
  case idle
  /// Every device named on the command line is gone, and udev is not there to say when one
  /// returns.
  case devicesGone
}

/// A failure that stops the daemon: the udev monitor or `poll` failed.
public struct DaemonError: Error, Sendable, CustomStringConvertible {
  /// What failed.
  public var description: String
}

/// `gesturectl run`: every touchscreen with its own decoder, engine and matcher; udev
/// announces devices that come and go; signals stop it (SIGINT, SIGTERM), reload the
/// bindings (SIGHUP) or report ended commands (SIGCHLD). One `poll` waits on all of it, with
/// a timeout only while a recognizer has a deadline (a finger is down): an idle daemon does
/// not wake up.
public final class Daemon {
  let options: DaemonOptions
  let load: () throws(BindingsError) -> BindingsConfiguration
  let log: (String) -> Void
  var configuration: BindingsConfiguration
  let runner: ActionRunner
  var sessions: [DeviceSession] = []
  var monitor: UdevMonitor?
  /// The virtual keyboard and pointer, once a binding needed them.
  var input = DaemonInputDevices()
  private var lastActivity: Microseconds = 0
  /// What the loop waits on, kept between waits.
  private var descriptors = PollSet()
  /// The log the `log` closure writes to, when it is a `DaemonLog`: its queued lines are
  /// written whenever its reader takes them, from the same `poll` (never blocking it).
  public var logOutput: DaemonLog?

  /// Creates the daemon.
  ///
  /// - Parameters:
  ///   - options: Devices, dry run, idle limit.
  ///   - load: Reads the bindings (now, and again on SIGHUP).
  ///   - log: Receives log lines (standard error).
  ///   - output: Receives `--dry-run` lines (standard output).
  /// - Throws: `BindingsError` when the bindings cannot be read at start.
  public init(
    options: DaemonOptions, load: @escaping () throws(BindingsError) -> BindingsConfiguration,
    log: @escaping (String) -> Void, output: @escaping (String) -> Void
  ) throws(BindingsError) {
    self.options = options
    self.load = load
    self.log = log
    configuration = try load()
    runner = ActionRunner(
      dryRun: options.dryRun, verbose: options.verbose, captureOutput: options.commandOutput,
      log: log, output: output)
    configuration.bindings = admitInputBindings(configuration.bindings)
  }

  /// Runs until stopped (or the idle limit, or every named device is gone).
  ///
  /// - Throws: `DaemonError` when udev or `poll` fails.
  public func run() throws(DaemonError) -> DaemonExit {
    defer { logOutput?.drain(milliseconds: 200) }
    // No key stays down, however the daemon ends.
    defer { closeInputDevices() }
    let signals = DaemonSignals.install()
    lastActivity = localNow()
    do throws(EvdevError) {
      monitor = try UdevMonitor()
    } catch {
      // Named devices can do without udev (they are just not seen to vanish and return).
      guard options.devices.isEmpty else {
        log("warning: udev is not available (\(error)); named devices only, no hotplug")
        return try runNamedDevices(signals: signals)
      }
      throw DaemonError(description: error.description)
    }
    scanUdev()
    let watched = options.devices.isEmpty ? "touchscreens" : "the devices named"
    log("watching for \(watched) (udev): \(sessions.count) in use")
    return try loop(signals: signals)
  }

  /// Without udev: uses the named devices until they are all gone.
  private func runNamedDevices(signals: Int32) throws(DaemonError) -> DaemonExit {
    for node in options.devices { add(node: node, udevSaysTouchscreen: nil) }
    if sessions.isEmpty { return .devicesGone }
    return try loop(signals: signals)
  }

  /// Polls devices, udev and signals until stopped.
  private func loop(signals: Int32) throws(DaemonError) -> DaemonExit {
    while true {
      let now = localNow()
      var timeout: Microseconds = -1
      for session in sessions {
        if let wait = session.settleDeadlines(now: now), timeout < 0 || wait < timeout {
          timeout = wait
        }
      }
      if let idle = options.exitAfterIdle {
        let left = Int64(idle) * 1000 - (now - lastActivity)
        if left <= 0 {
          endSessions(ownedOnly: true)
          return .idle
        }
        if timeout < 0 || left < timeout { timeout = left }
      }
      let watched = sessions
      let outputs = runner.outputDescriptors
      // 0: the signals, then the devices, udev, the commands' outputs, and the log when it
      // has lines queued; the set is refilled in place (nothing allocated per wake).
      descriptors.removeAll()
      descriptors.add(signals)
      for session in watched { descriptors.add(session.input.descriptor) }
      let monitorIndex = descriptors.count
      if let monitor { descriptors.add(monitor.descriptor) }
      let firstOutput = descriptors.count
      for output in outputs { descriptors.add(output) }
      let logWaits = logOutput?.hasQueued == true ? logOutput?.descriptor : nil
      if let logWaits { descriptors.add(logWaits, writable: true) }
      if let error = descriptors.wait(timeout: timeout) {
        throw DaemonError(description: error.description)
      }
      if logWaits != nil { logOutput?.flush() }
      for (offset, session) in watched.enumerated() where descriptors.isReady(offset + 1) {
        read(session, hungUp: descriptors.hungUp(offset + 1))
      }
      if monitor != nil, descriptors.isReady(monitorIndex) { handleUdev() }
      for (offset, output) in outputs.enumerated() where descriptors.isReady(firstOutput + offset) {
        runner.readOutput(output)
      }
      if descriptors.isReady(0), let exit = handleSignals() { return exit }
      if monitor == nil && sessions.isEmpty { return .devicesGone }
    }
  }

  /// Reads what the device has; a device that is gone (or hung up: after a hang-up a read
  /// may return nothing, which libevdev reports as "try again") is dropped.
  private func read(_ session: DeviceSession, hungUp: Bool) {
    lastActivity = localNow()
    do throws(EvdevError) {
      if try session.readAvailable(untilEmpty: hungUp) && !hungUp { return }
      drop(session, because: "removed")
    } catch {
      drop(session, because: "dropped after a read error: \(error)")
    }
  }

  /// Cancels every session's gestures (and lifts the touches of their clones) before the
  /// daemon ends; at an idle exit only owned devices' (which have a clone to leave clean).
  private func endSessions(ownedOnly: Bool = false) {
    for session in sessions where !ownedOnly || session.forwarder != nil {
      session.cancel()
      session.close()
      if let summary = session.forwarder?.summary { log("\(session.input.path): \(summary)") }
    }
  }

  /// Cancels the session's gestures and forgets it.
  func drop(_ session: DeviceSession, because reason: String) {
    session.cancel()
    session.close()
    sessions.removeAll { $0 === session }
    log("\(session.input.path) (\"\(session.device.name)\"): \(reason)".escapingControlCharacters)
    if let summary = session.forwarder?.summary { log("\(session.input.path): \(summary)") }
  }

  private func handleSignals() -> DaemonExit? {
    for signal in DaemonSignals.take() {
      switch signal {
      case .child: runner.reap()
      case .reload: reload()
      case .stop:
        endSessions()
        runner.reap()
        log(
          "stopping: gestures in flight cancelled, \(counted(runner.runningCount, "command")) left "
            + "running")
        return .stopped
      }
    }
    return nil
  }

  private func reload() {
    do throws(BindingsError) {
      configuration = try load()
    } catch {
      log("error: reload failed, keeping the previous bindings: \(error)".escapingControlCharacters)
      return
    }
    configuration.bindings = admitInputBindings(configuration.bindings)
    for session in sessions {
      let settings = self.settings(node: session.input.path, name: session.input.device.name)
      if settings.ignore {
        drop(session, because: "ignored by a device rule")
      } else {
        session.reconfigure(
          options: settings.options,
          bindings: Self.bindings(configuration.bindings, tunedBy: settings.tunables))
      }
    }
    log(
      "reloaded: \(counted(configuration.bindings.count, "binding")), "
        + counted(configuration.devices.count, "device rule")
    )
    scanUdev()
  }
}

/// `1 binding`, `2 bindings`: a count with its noun, as the log writes it.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
