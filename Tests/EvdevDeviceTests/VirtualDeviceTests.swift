import EvdevDevice
import Foundation
import GestureTestSupport
import Testing

/// The uinput writer (`VirtualDevice`) against the emulated `/dev/uinput` of
/// Tools/umockdev-uinput.py: what a program writes to its virtual device arrives exactly.
@Suite(
  "virtual devices through the emulated /dev/uinput",
  .enabled(
    if: UinputCapture.isAvailable,
    "umockdev's Python bindings are not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"
  ))
struct VirtualDeviceTests {
  static var probe: String { productsDirectory.appendingPathComponent("uinput-probe").path }

  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uinput-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// super+Right: KEY_LEFTMETA 125, KEY_RIGHT 106.
  static let chord = [
    "0001 007d 1", "0001 006a 1", "0000 0000 0", "0001 006a 0", "0001 007d 0", "0000 0000 0",
  ]

  @Test("a virtual keyboard is created with its name and keys; a chord written is captured exactly")
  func keyboardChord() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let capture = directory.appendingPathComponent("capture").path
    let run = try UinputCapture.run(
      Self.probe, ["keyboard", "gesturectl keys", "125", "106"], capture: capture)
    #expect(run.result.status == 0, "\(run.result.stderr)")
    try #require(run.devices.count == 1, "\(run.result.stderr)")
    let keyboard = run.devices[0]
    #expect(keyboard.name == "gesturectl keys")
    #expect(keyboard.header.contains("I: 0006 0000 0000 0000"))  // BUS_VIRTUAL
    // EV_SYN and EV_KEY; KEY_RIGHT (106 = byte 13 bit 2) and KEY_LEFTMETA (125 = byte 15 bit 5).
    #expect(keyboard.header.contains("B: 00 03 00 00 00"))
    let keys = try #require(keyboard.header.first { $0.hasPrefix("B: 01 ") })
    let bytes = keys.dropFirst(6).split(separator: " ")
    #expect(bytes[13] == "04" && bytes[15] == "20")
    #expect(bytes.enumerated().allSatisfy { [13, 15].contains($0.offset) || $0.element == "00" })
    #expect(keyboard.eventLines == Self.chord)
    #expect(keyboard.destroyed)
  }

  @Test("the legacy setup (a struct uinput_user_dev written) gives the same device and events")
  func legacySetup() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let capture = directory.appendingPathComponent("capture").path
    let run = try UinputCapture.run(
      Self.probe, ["keyboard", "legacy keys", "125", "106"], capture: capture, legacy: true)
    #expect(run.result.status == 0, "\(run.result.stderr)")
    try #require(run.devices.count == 1, "\(run.result.stderr)")
    #expect(run.devices[0].name == "legacy keys")
    #expect(run.devices[0].header.contains("I: 0006 0000 0000 0000"))
    #expect(run.devices[0].eventLines == Self.chord)
  }

  @Test(
    "without a /dev/uinput node the error names the fix: load the module",
    .enabled(if: !FileManager.default.fileExists(atPath: "/dev/uinput"), "this machine has uinput"))
  func missingNode() throws {
    let result = try runProduct("uinput-probe", ["keyboard", "k", "30"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: /dev/uinput: no such device (load the uinput module: modprobe uinput)\n")
  }
}

/// The uinput errors name their fix.
@Suite("uinput errors")
struct VirtualDeviceErrorTests {
  @Test("permission denied names the udev rule; a missing node names the module; others the call")
  func messages() {
    #expect(
      VirtualDeviceError(call: "open", errno: 13, path: "/dev/uinput").description
        == "/dev/uinput: permission denied (install Packaging/70-gesturectl-uinput.rules, "
        + "or run with access to /dev/uinput)")
    #expect(
      VirtualDeviceError(call: "open", errno: 1, path: "/dev/uinput").description
        .hasPrefix("/dev/uinput: permission denied (install"))
    #expect(
      VirtualDeviceError(call: "open", errno: 2, path: "/dev/uinput").description
        == "/dev/uinput: no such device (load the uinput module: modprobe uinput)")
    #expect(
      VirtualDeviceError(call: "open", errno: 19, path: "/dev/uinput").description
        == "/dev/uinput: no such device (load the uinput module: modprobe uinput)")
    #expect(
      VirtualDeviceError(call: "write", errno: 19, path: "/dev/uinput").description
        == "/dev/uinput: write: No such device (errno 19)")
  }
}
