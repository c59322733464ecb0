import EvdevDevice
import Foundation
import GesturePipeline
import GestureRecognition
import LiveGestures
import Testing

/// The asynchronous sequence of a live device's gesture events, where no device is needed:
/// nodes that cannot be used. (An emulated touchscreen read through it, from an actor of an
/// application, is tested by the example package under umockdev.)
@Suite struct LiveAsyncTests {
  /// Collects what the sequence of `path` yields and how it ended.
  func collect(_ path: String) async -> (events: [GestureStreamEvent], error: (any Error)?) {
    var events: [GestureStreamEvent] = []
    do {
      for try await event in TouchPipeline.gestureEvents(
        device: path, engine: { _ in GestureEngine.makeDefault() })
      {
        events.append(event)
      }
      return (events, nil)
    } catch {
      return (events, error)
    }
  }

  @Test("A node that does not exist ends the sequence with its EvdevError, and no event")
  func missingNode() async throws {
    let (events, error) = await collect("/dev/input/no-such-event")
    #expect(events.isEmpty)
    let evdev = try #require(error as? EvdevError)
    #expect(evdev == EvdevError(call: "open", errno: ENOENT, path: "/dev/input/no-such-event"))
  }

  @Test("A file that is not an input device ends the sequence with libevdev's error")
  func notADevice() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("not-a-device-\(getpid())").path
    try "E: 0.000000 0003 0035 100\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (events, error) = await collect(path)
    #expect(events.isEmpty)
    let evdev = try #require(error as? EvdevError)
    #expect(evdev.call == "libevdev_new_from_fd")
    #expect(evdev.path == path)
  }
}
