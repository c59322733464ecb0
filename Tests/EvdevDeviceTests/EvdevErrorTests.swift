import EvdevDevice
import Foundation
import Testing

/// Errors of the live path name the call, the path and errno, and tell how to get access.
@Suite("EvdevError and discovery without a device")
struct EvdevErrorTests {
  @Test("a failed call prints as path: call: message (errno N)")
  func description() {
    let error = EvdevError(call: "open", errno: 2, path: "/dev/input/event5")
    #expect(error.description == "/dev/input/event5: open: No such file or directory (errno 2)")
  }

  @Test("permission denied says how to get access without root", arguments: [Int32(13), 1])
  func permissionHint(code: Int32) {
    let error = EvdevError(call: "open", errno: code, path: "/dev/input/event5")
    #expect(error.description.contains("(errno \(code)); add your user to the 'input' group"))
    #expect(
      error.description.hasSuffix(
        "KERNEL==\"event*\", SUBSYSTEM==\"input\", TAG+=\"uaccess\""))
    #expect(!error.description.contains("root"))
  }

  @Test("opening a missing node throws the open error")
  func missingNode() {
    #expect(throws: EvdevError(call: "open", errno: 2, path: "/nonexistent/event0")) {
      _ = try EvdevInput.open(path: "/nonexistent/event0")
    }
  }

  @Test("a regular file is not an evdev node: libevdev refuses it")
  func regularFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("event-\(getpid())")
    try Data([0]).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: EvdevError(call: "libevdev_new_from_fd", errno: 25, path: url.path)) {
      _ = try EvdevInput.open(path: url.path)
    }
  }

  @Test("scanDevices lists event nodes in numeric order, with the reason each is unusable")
  func scanOrder() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["event10", "event2", "mouse0", "event1", "eventX"] {
      try Data().write(to: directory.appendingPathComponent(name))
    }
    let found = EvdevInput.scanDevices(directory: directory.path)
    #expect(
      found.map { ($0.path as NSString).lastPathComponent } == ["event1", "event2", "event10"])
    #expect(found.allSatisfy { $0.device == nil && $0.error?.call == "libevdev_new_from_fd" })
    #expect(found.allSatisfy { !$0.isTouchscreen && $0.geometry == nil })
  }

  @Test("scanDevices of a missing directory is empty")
  func scanMissing() {
    #expect(EvdevInput.scanDevices(directory: "/nonexistent/input").isEmpty)
  }
}
