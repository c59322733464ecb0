import Foundation
import GestureTestSupport
import PhotoLibrary
import PhotoViewer
import Testing

/// An absolute path of an executable in `PATH`, if any.
private func executable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The two inputs reach the same screen: a recording replayed as SDL finger events, and the
/// same recording played by an emulated touchscreen under umockdev read through `--device`.
@Suite(
  "photo-carousel --device under umockdev",
  .enabled(if: executable("umockdev-run") != nil, "umockdev-run is not installed"))
struct DevicePathTests {
  static let node = "/dev/input/event5"
  /// The log line of events that came after a timer they precede had fired (the machine
  /// was too busy to emulate the device faithfully): the run is repeated once.
  static let lateEvents = "events arrived after a timer they precede had fired"

  /// Plays `recording` on an emulated touchscreen into the viewer and returns its screen
  /// (the viewer ends 2 s after the last event: longer than any pause in the recordings).
  private func deviceRun(_ recording: String, folder: URL, directory: URL) throws -> (
    ProcessResult, Screenshot?
  ) {
    let runner = try #require(executable("umockdev-run"))
    let prefix = directory.appendingPathComponent("device").path
    let script = try runProduct(
      "umockdev-script",
      [ViewerRun.recording(recording), "-o", prefix, "--node", Self.node, "--speed", "1"])
    try #require(script.status == 0, "umockdev-script failed: \(script.stderr)")
    let shot = directory.appendingPathComponent("device.bmp").path
    let viewer = productsDirectory.appendingPathComponent("photo-carousel").path
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(Self.node)=\(prefix).ioctl",
        "-s", "\(Self.node)=\(prefix).script", "--", viewer, folder.path, "--window",
        "--software", "--resolution", "\(ViewerRun.width)x\(ViewerRun.height)", "--device",
        Self.node, "--exit-after-idle", "2000", "--screenshot", shot,
      ], environment: ViewerRun.environment, timeout: 120)
    let screen = try? Screenshot(contentsOf: shot)
    try? FileManager.default.removeItem(atPath: shot)
    return (result, screen)
  }

  @Test(
    "SDL events and the emulated device give the same screen, pixel for pixel, showing what the printout names",
    arguments: ["viewer-double-tap", "carousel-long-press-twice", "carousel-tour"])
  func samePixels(recording: String) throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let (replayed, sdlScreen) = try ViewerRun.replay(recording, folder: folder)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    var (device, deviceScreen) = try deviceRun(recording, folder: folder, directory: directory)
    if device.stderr.contains(Self.lateEvents) {
      print("umockdev could not keep pace (machine busy); running again")
      (device, deviceScreen) = try deviceRun(recording, folder: folder, directory: directory)
    }
    #expect(device.status == 0, "\(device.stderr)")
    let fromSDL = try #require(sdlScreen)
    let fromDevice = try #require(deviceScreen)
    #expect(fromSDL.width == fromDevice.width && fromSDL.height == fromDevice.height)
    let differing = zip(fromSDL.pixels, fromDevice.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) pixels differ")
    // And the photo is the one `gesturectl carousel` ends on.
    let index = try #require(
      ViewerRun.finalIndex(try ViewerRun.carouselChanges(recording, folder: folder)))
    #expect(fromDevice.count(SamplePhotos.all[index].color.rgb) > 5000)
  }
}
