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
  /// Grab it and forward the touches no binding claims to a uinput clone.
  var own = false
  /// Thresholds for the device's recognizers.
  var tunables = Tunables()
}

extension Daemon {
  /// The settings of the device at `node` named `name`.
  func settings(node: String, name: String) -> DeviceSettings {
    var settings = DeviceSettings()
    if let rotation = options.rotation { settings.options.rotation = rotation }
    for rule in configuration.devices {
      switch rule.match {
      case .name(let glob): guard globMatches(glob, name) else { continue }
      case .path(let glob): guard globMatches(glob, node) else { continue }
      }
      if let rotation = rule.rotation { settings.options.rotation = rotation }
      if let size = rule.size { settings.options.surfaceSize = size }
      if let calibration = rule.calibration { settings.options.calibration = calibration }
      if let axes = rule.axes { settings.options.axisMapping = axes }
      settings.tunables = settings.tunables.overridden(by: rule.tunables)
      if rule.grab { settings.grab = true }
      if rule.ignore { settings.ignore = true }
      if rule.own { settings.own = true }
    }
    return settings
  }

  /// Adds every touchscreen udev lists now, or the nodes named on the command line (those
  /// not already in use).
  func scanUdev() {
    guard options.devices.isEmpty else {
      let known = monitor?.enumerate() ?? []
      for node in options.devices {
        add(node: node, udevSaysTouchscreen: nil, udev: known.first { $0.node == node })
      }
      return
    }
    guard let monitor else { return }
    for device in monitor.enumerate() where device.isTouchscreen {
      add(node: device.node, udevSaysTouchscreen: true, udev: device)
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
          add(node: device.node, udevSaysTouchscreen: device.isTouchscreen, udev: device)
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
  ///   - udev: What udev says about it, for a size the device does not report.
  func add(node: String, udevSaysTouchscreen: Bool?, udev: UdevInputDevice? = nil) {
    guard !sessions.contains(where: { $0.input.path == node }) else { return }
    let input: EvdevInput
    do throws(EvdevError) {
      input = try EvdevInput.open(path: node)
    } catch {
      log("warning: \(node): cannot be used: \(error)".escapingControlCharacters)
      return
    }
    let name = input.device.name
    var settings = self.settings(node: node, name: name)
    if settings.ignore {
      log("\(node) (\"\(name)\"): ignored by a device rule".escapingControlCharacters)
      return
    }
    if let refusal = EvdevInput.touchRefusal(for: input.device, path: node) {
      log(refusal.escapingControlCharacters)
      return
    }
    var clone: VirtualDevice?
    if settings.own {
      switch makeClone(of: input) {
      case .success(let made):
        clone = made
      case .failure(let reason):
        log(
          "warning: \(node) (\"\(name)\"): cannot own: \(reason); watching only"
            .escapingControlCharacters)
      }
    }
    if settings.grab && clone == nil {
      do throws(EvdevError) {
        try input.grab()
      } catch {
        log("warning: \(node) (\"\(name)\"): cannot be used: \(error)".escapingControlCharacters)
        return
      }
    }
    let fromUdev = udevSize(udev, device: input.device, options: &settings.options)
    let runner = self.runner
    let log = self.log
    let session = DeviceSession(
      input: input, options: settings.options,
      bindings: Self.bindings(configuration.bindings, tunedBy: settings.tunables),
      act: { firing in
        runner.run(
          firing.binding, environment: firing.environment, device: node,
          releases: firing.releases)
      },
      log: { log(UdevSize.deviceRuleHint($0, name: name)) },
      explain: options.verbose, clone: clone)
    sessions.append(session)
    let width = fixed(session.device.width, places: 1)
    let height = fixed(session.device.height, places: 1)
    log(
      ("\(node) (\"\(name)\"): added, \(width) x \(height) mm"
        + (fromUdev.map { " (from udev's \($0))" } ?? "")
        + ", \(counted(session.bindingCount, "binding"))"
        + (clone.map { ", owned through \"\($0.name)\"" } ?? "")
        + (udevSaysTouchscreen == nil ? "" : " (udev)")).escapingControlCharacters)
  }

  /// Grabs `input` and makes its uinput clone, or says why not. The clone has the device's
  /// name with `cloneSuffix`, ids, properties, codes and absinfo, plus `ABS_MT_TOOL_TYPE` (0-2)
  /// when the device has none: the daemon cancels a claimed touch by making it a palm.
  func makeClone(of input: EvdevInput) -> Result<VirtualDevice, OwnRefusal> {
    var description = input.device
    guard description.absoluteAxes[AbsCode.mtSlot] != nil,
      description.absoluteAxes[AbsCode.mtTrackingID] != nil
    else { return .failure(OwnRefusal("it is not a multi-touch device with slots")) }
    if description.absoluteAxes[AbsCode.mtToolType] == nil {
      description.supportedCodes[EventType.abs, default: []].insert(AbsCode.mtToolType)
      description.absoluteAxes[AbsCode.mtToolType] = AbsInfo(
        value: 0, minimum: 0, maximum: 2, fuzz: 0, flat: 0, resolution: 0)
    }
    let clone: VirtualDevice
    do throws(VirtualDeviceError) {
      clone = try VirtualDevice.clone(
        of: description, nameSuffix: Self.cloneSuffix, path: options.uinputPath)
    } catch {
      return .failure(OwnRefusal("\(error)"))
    }
    do throws(EvdevError) {
      try input.grab()
    } catch {
      clone.close()
      return .failure(OwnRefusal("\(error)"))
    }
    return .success(clone)
  }

  /// What an owned device's clone adds to its name.
  static let cloneSuffix = " (gesturectl)"

  /// `bindings` with the device rule's thresholds filled in where a binding sets none.
  static func bindings(_ bindings: [Binding], tunedBy tunables: Tunables) -> [Binding] {
    guard tunables != Tunables() else { return bindings }
    return bindings.map { binding in
      var tuned = binding
      tuned.tunables = binding.tunables.filled(from: tunables)
      return tuned
    }
  }

  /// Sets the surface size from udev's properties when no device rule gives one and the
  /// device reports no resolution on its position axes; returns the properties used.
  private func udevSize(
    _ udev: UdevInputDevice?, device: DeviceDescription, options: inout DecoderOptions
  ) -> String? {
    guard options.surfaceSize == nil, let properties = udev?.sizeProperties,
      !properties.isEmpty
    else { return nil }
    let multiTouch = device.absoluteAxes[AbsCode.mtPositionX] != nil
    let axes =
      multiTouch
      ? (x: AbsCode.mtPositionX, y: AbsCode.mtPositionY)
      : (options.axisMapping ?? (x: AbsCode.x, y: AbsCode.y))
    let reported = [axes.x, axes.y].allSatisfy { (device.absoluteAxes[$0]?.resolution ?? 0) > 0 }
    guard !reported || properties.keys.contains(where: { $0.hasPrefix("EVDEV_ABS_") }),
      let size = UdevSize.sensorSize(properties, device: device, axes: axes)
    else { return nil }
    options.surfaceSize =
      options.rotation.swapsAxes ? (size.height, size.width) : (size.width, size.height)
    return size.source
  }
}

/// Why a device rule's `own` could not be honoured.
struct OwnRefusal: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
