import Foundation

/// Runs programs against the emulated `/dev/uinput` of Tools/umockdev-uinput.py and reads what
/// they wrote to their virtual devices.
public enum UinputCapture {
  /// `umockdev-wrapper` from `PATH`, if installed.
  public static var wrapper: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/umockdev-wrapper" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Whether umockdev's wrapper and the system Python with umockdev's GObject bindings
  /// (python3-gi, gir1.2-umockdev-1.0) are installed.
  public static var isAvailable: Bool {
    guard wrapper != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    else { return false }
    return ["x86_64", "aarch64"].contains {
      FileManager.default.fileExists(
        atPath: "/usr/lib/\($0)-linux-gnu/girepository-1.0/UMockdev-1.0.typelib")
    }
  }

  /// One virtual device as captured: its evemu header and the events written to it.
  public struct Device: Sendable, Equatable {
    /// The capture file (an evemu recording).
    public var path: String
    /// The `N:` line's name.
    public var name: String
    /// The `N:`, `I:`, `P:`, `B:` and `A:` lines.
    public var header: [String]
    /// Every event written: time (µs of the emulation's `CLOCK_MONOTONIC` when the write
    /// arrived), type, code, value.
    public var events: [(time: Int64, type: UInt16, code: UInt16, value: Int32)]
    /// Whether the device was destroyed (`UI_DEV_DESTROY` or the node closed).
    public var destroyed: Bool

    /// The events as `TYPE CODE VALUE` lines (hex type and code, as evemu), without times.
    public var eventLines: [String] {
      events.map { String(format: "%04x %04x %d", $0.type, $0.code, $0.value) }
    }

    /// Reads a capture file.
    public init(path: String) throws {
      self.path = path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      name = ""
      header = []
      events = []
      destroyed = false
      for line in text.split(separator: "\n") {
        if line.hasPrefix("E: ") {
          let fields = line.dropFirst(3).split(separator: " ")
          guard fields.count == 4 else { continue }
          let time = fields[0].split(separator: ".")
          let micros = (Int64(time[0]) ?? 0) * 1_000_000 + (Int64(time.last ?? "0") ?? 0)
          events.append(
            (
              micros, UInt16(fields[1], radix: 16) ?? 0, UInt16(fields[2], radix: 16) ?? 0,
              Int32(fields[3]) ?? 0
            ))
        } else if line == "# destroyed" {
          destroyed = true
        } else if !line.hasPrefix("#") {
          header.append(String(line))
          if line.hasPrefix("N: ") { name = String(line.dropFirst(3)) }
        }
      }
    }

    public static func == (left: Device, right: Device) -> Bool {
      left.path == right.path && left.header == right.header
        && left.eventLines == right.eventLines && left.destroyed == right.destroyed
    }
  }

  /// The captures `CAPTURE.0.evemu`, `CAPTURE.1.evemu`, … that exist, in order of creation.
  public static func devices(capture: String) throws -> [Device] {
    var devices: [Device] = []
    while FileManager.default.fileExists(atPath: "\(capture).\(devices.count).evemu") {
      devices.append(try Device(path: "\(capture).\(devices.count).evemu"))
    }
    return devices
  }

  /// Runs `program` with `arguments` under the emulated `/dev/uinput`, its captures written
  /// to `CAPTURE.N.evemu`.
  ///
  /// - Parameters:
  ///   - capture: The captures' path prefix.
  ///   - legacy: Make the emulation refuse `UI_GET_VERSION`, so libevdev sets the device up by
  ///     writing a `struct uinput_user_dev`.
  ///   - devices: Emulated input devices to add first: the prefix of a umockdev triple written
  ///     by umockdev-script and its node's name (`event5`).
  /// - Returns: The program's result (the driver passes its status on) and its captures.
  public static func run(
    _ program: String, _ arguments: [String], capture: String, legacy: Bool = false,
    devices: [(prefix: String, node: String)] = [], timeout: TimeInterval = 60
  ) throws -> (result: ProcessResult, devices: [Device]) {
    let driver = packageDirectory.appendingPathComponent("Tools/umockdev-uinput.py").path
    guard let wrapper else { throw CaptureError.notInstalled }
    let result = try runProcess(
      wrapper,
      ["/usr/bin/python3", driver] + (legacy ? ["--legacy"] : [])
        + devices.flatMap { ["--device", $0.prefix, $0.node] }
        + [capture, "--", program] + arguments,
      timeout: timeout)
    return (result, try Self.devices(capture: capture))
  }
}

/// Why a capture could not run.
public enum CaptureError: Error {
  /// umockdev-wrapper is not installed.
  case notInstalled
}
