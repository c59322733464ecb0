import EvdevDevice
import TextOutput
import TouchInput

/// What the device rules say about one device: later matching rules override earlier ones.
struct DeviceSettings {
  /// Rotation, size and calibration for the decoder.
  var options = DecoderOptions()
  /// Take exclusive access.
  var grab = false
  /// Leave the device alone.
  var ignore = false
}

extension Daemon {
  /// The settings of the device at `node` named `name`.
  func settings(node: String, name: String) -> DeviceSettings {
    var settings = DeviceSettings()
    for rule in configuration.devices {
      switch rule.match {
      case .name(let glob): guard globMatches(glob, name) else { continue }
      case .path(let glob): guard globMatches(glob, node) else { continue }
      }
      if let rotation = rule.rotation { settings.options.rotation = rotation }
      if let size = rule.size { settings.options.surfaceSize = size }
      if let calibration = rule.calibration { settings.options.calibration = calibration }
      if rule.grab { settings.grab = true }
      if rule.ignore { settings.ignore = true }
    }
    return settings
  }

  /// Adds every touchscreen udev lists now, or the nodes named on the command line (those
  /// not already in use).
  func scanUdev() {
    guard options.devices.isEmpty else {
      for node in options.devices { add(node: node, udevSaysTouchscreen: nil) }
      return
    }
    guard let monitor else { return }
    for device in monitor.enumerate() where device.isTouchscreen {
      add(node: device.node, udevSaysTouchscreen: true)
    }
  }

  /// Handles what udev announced: new touchscreens are added (with nodes named on the
  /// command line, only those), removed nodes dropped.
  func handleUdev() {
    guard let monitor else { return }
    for device in monitor.receive() {
      switch device.action {
      case "add":
        if options.devices.isEmpty ? device.isTouchscreen : options.devices.contains(device.node) {
          add(node: device.node, udevSaysTouchscreen: device.isTouchscreen)
        }
      case "remove":
        if let session = sessions.first(where: { $0.input.path == device.node }) {
          drop(session, because: "removed")
        }
      default: break
      }
    }
  }

  /// Opens `node` and starts a session for it, unless it is in use, ignored, unreadable or
  /// not a touchscreen (each logged).
  ///
  /// - Parameters:
  ///   - node: The device node.
  ///   - udevSaysTouchscreen: Whether udev tagged it; nil for a node named on the command line.
  func add(node: String, udevSaysTouchscreen: Bool?) {
    guard !sessions.contains(where: { $0.input.path == node }) else { return }
    let input: EvdevInput
    do throws(EvdevError) {
      input = try EvdevInput.open(path: node)
    } catch {
      log("\(node): cannot be used: \(error)")
      return
    }
    let name = input.device.name
    let settings = self.settings(node: node, name: name)
    if settings.ignore {
      log("\(node) (\"\(name)\"): ignored by a device rule")
      return
    }
    if let refusal = EvdevInput.touchRefusal(for: input.device, path: node) {
      log(refusal)
      return
    }
    if settings.grab {
      do throws(EvdevError) {
        try input.grab()
      } catch {
        log("\(node) (\"\(name)\"): cannot be used: \(error)")
        return
      }
    }
    let runner = self.runner
    let session = DeviceSession(
      input: input, options: settings.options, bindings: configuration.bindings,
      act: { binding, environment in runner.run(binding, environment: environment, device: node) },
      log: log,
      explain: options.verbose)
    sessions.append(session)
    let width = fixed(session.device.width, places: 1)
    let height = fixed(session.device.height, places: 1)
    log(
      "\(node) (\"\(name)\"): added, \(width) x \(height) mm, \(counted(session.bindingCount, "binding"))"
        + (udevSaysTouchscreen == nil ? "" : " (udev)"))
  }
}
