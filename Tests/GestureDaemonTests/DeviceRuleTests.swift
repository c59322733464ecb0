import Foundation
import GestureTestSupport
import Testing

/// Device rules under umockdev: two emulated screens, one ignored by path, the other sized by
/// name.
@Suite(
  "gesturectl run: device rules",
  .enabled(if: DaemonUmockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct DeviceRuleTests {
  @Test(
    "ignore by path leaves a screen alone; size, calibration (and grab) by name change the millimetres"
  )
  func ignoreAndSize() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path
    let config = directory.appendingPathComponent("bindings").path
    try """
    device path=/dev/input/event20 ignore
    device name="TouchGestures *" size=100x50 calibration=-1,0,1,0,1,0 grab
    tap shell "echo $GESTURE_DEVICE_NODE $GESTURE_X >> \(out)"
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let ignored = try DaemonUmockdev.fixture(
      "tap", in: directory, name: "event20", node: "/dev/input/event20", speed: 4)
    let sized = try DaemonUmockdev.fixture(
      "tap", in: directory, name: "event21", node: "/dev/input/event21", speed: 4)
    let runner = try #require(DaemonUmockdev.executable("umockdev-run"))
    let result = try runProcess(
      runner,
      [
        "-d", ignored + ".umockdev", "-d", sized + ".umockdev",
        "-i", "/dev/input/event20=\(ignored).ioctl", "-i", "/dev/input/event21=\(sized).ioctl",
        "-s", "/dev/input/event20=\(ignored).script", "-s", "/dev/input/event21=\(sized).script",
        "--", productsDirectory.appendingPathComponent("gesturectl").path, "run", "--config",
        config, "--exit-after-idle", "1500",
      ], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    // The recording taps at x = 119.5 of 239.9 mm: 49.82 of 100 mm, mirrored by the
    // calibration: 100 - 49.82.
    #expect(DaemonUmockdev.lines(of: out, atLeast: 1) == ["/dev/input/event21 50.18"])
    #expect(
      result.stderr.contains(
        "/dev/input/event20 (\"TouchGestures Synthetic Touchscreen\"): ignored by a device rule\n"))
    #expect(
      result.stderr.contains(
        "/dev/input/event21 (\"TouchGestures Synthetic Touchscreen\"): added, 100.0 x 50.0 mm"))
  }
}
