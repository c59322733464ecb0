import TouchInput

/// One `event*` node found by `EvdevInput.scanDevices(directory:)`.
public struct DiscoveredDevice: Sendable, Equatable {
  /// The node, such as `/dev/input/event5`.
  public var path: String
  /// The device, or `nil` when the node could not be opened.
  public var device: DeviceDescription?
  /// Why the node could not be opened, when it could not.
  public var error: EvdevError?

  /// Creates an entry.
  public init(path: String, device: DeviceDescription?, error: EvdevError?) {
    self.path = path
    self.device = device
    self.error = error
  }

  /// Whether the device reports touches on a direct surface (a touchscreen, not a touchpad).
  public var isTouchscreen: Bool {
    guard let device else { return false }
    return device.isTouchDevice && device.isDirect
  }

  /// The surface geometry the decoder would use with default options: the size in
  /// millimetres from the position axes' resolution, or a documented guess when the device
  /// reports none (`resolutionIsGuessed`); `nil` for a device that reports no touches.
  public var geometry: SurfaceGeometry? {
    guard let device, device.isTouchDevice else { return nil }
    return SurfaceGeometry(device: device, options: DecoderOptions())
  }

  /// Whether both entries name the same node, device and error.
  public static func == (lhs: DiscoveredDevice, rhs: DiscoveredDevice) -> Bool {
    lhs.path == rhs.path && lhs.device == rhs.device && lhs.error == rhs.error
  }
}

extension EvdevInput {
  /// Lists the `event*` nodes of a directory in numeric order (`event2` before `event10`),
  /// opening each to describe it; a node that cannot be opened is listed with its error.
  ///
  /// - Parameter directory: Where to look; `/dev/input` by default.
  /// - Returns: The nodes, or an empty list when the directory cannot be read.
  public static func scanDevices(directory: String = "/dev/input") -> [DiscoveredDevice] {
    guard case .success(let names) = directoryEntries(directory) else { return [] }
    var numbered: [(Int, String)] = []
    for name in names where name.hasPrefix("event") {
      guard let number = Int(name.dropFirst(5)) else { continue }
      numbered.append((number, name))
    }
    numbered.sort { $0.0 < $1.0 }
    return numbered.map { _, name in
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      do throws(EvdevError) {
        let input = try EvdevInput.open(path: path)
        return DiscoveredDevice(path: path, device: input.device, error: nil)
      } catch {
        return DiscoveredDevice(path: path, device: nil, error: error)
      }
    }
  }

  /// Why a device cannot be used for touch input (no touch axes, or a position axis whose
  /// minimum is not below its maximum), or `nil` when it can.
  ///
  /// - Parameters:
  ///   - device: The device.
  ///   - path: Its node, for the message.
  /// - Returns: A message such as `/dev/input/event3 ("AT Translated Set 2 keyboard"): not a
  ///   touchscreen: …`.
  public static func touchRefusal(for device: DeviceDescription, path: String) -> String? {
    guard device.isTouchDevice else {
      return "\(path) (\"\(device.name)\"): not a touchscreen: no ABS_MT_POSITION_X/Y "
        + "or ABS_X/ABS_Y with BTN_TOUCH"
    }
    // The reason the evemu reader gives a recording of it: every touch would map to one edge.
    return device.positionAxisProblem.map { "\(path) (\"\(device.name)\"): " + $0 }
  }
}
