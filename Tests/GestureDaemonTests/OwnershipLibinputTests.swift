import Foundation
import GestureTestSupport
import Testing

/// What a compositor would see of an owned device: the clone's captured stream played into the
/// real libinput (Tools/libinput-events.sh), and the delay ownership adds at real pace.
@Suite(
  "gesturectl run: an owned device's clone, seen by libinput",
  .enabled(
    if: OwnershipHarness.hasLibinput,
    "needs umockdev, gir1.2-umockdev-1.0, python3-gi, libinput-tools, unshare and cc"))
struct OwnershipLibinputTests {
  static let own = "device name=\"TouchGestures *\" own\n"

  @Test("libinput turns the cancelled 3-finger swipe into three touch cancels and no touch up")
  func swipeCancels() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try OwnershipHarness.run(
      "three-finger-swipe-up",
      bindings: Self.own + "swipe direction=up fingers=3 shell \"echo swiped >> OUT\"\n",
      expected: 1, keepIn: directory)
    let clone = try #require(run.clone, "\(run.result.stderr)")
    let events = try OwnershipHarness.libinputTouches(clone.path)
    #expect(events.filter { $0.contains("TOUCH_DOWN") }.count == 3, "\(events)")
    #expect(events.filter { $0.contains("TOUCH_CANCEL") }.count == 3, "\(events)")
    #expect(!events.contains { $0.contains("TOUCH_UP") }, "\(events)")
  }

  @Test(
    "libinput never sees the held left-edge pan; the other touches, one cancelled by a tap binding, arrive"
  )
  func edgePanNeverArrives() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try OwnershipHarness.run(
      "edge-pans",
      bindings: Self.own + "edge-pan edge=left shell \"echo left >> OUT\"\ntap shell \"true\"\n",
      expected: 1, keepIn: directory)
    let clone = try #require(run.clone, "\(run.result.stderr)")
    let events = try OwnershipHarness.libinputTouches(clone.path)
    let downs = events.filter { $0.contains("TOUCH_DOWN") }
    // Six touches, less the drag in from the left edge (it lands at 1.1 mm, 60.0 mm).
    #expect(downs.count == 5, "\(events)")
    #expect(!downs.contains { $0.contains("60.00mm)") }, "\(downs)")
    // The tap in the right band is claimed by the tap binding: cancelled. The hold after it,
    // in the same slot, is a finger again (its tool type is reset before it lands).
    #expect(events.filter { $0.contains("TOUCH_CANCEL") }.count == 1, "\(events)")
    #expect(events.filter { $0.contains("TOUCH_UP") }.count == 4, "\(events)")
    #expect(downs.contains { $0.contains("( 3.00/30.00mm)") }, "the drag along the edge: \(downs)")
  }

  /// Whether this test binary (and so the daemon it runs) is built with AddressSanitizer,
  /// whose checks slow every frame several times: the latency bound is for plain builds.
  static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

  /// The daemon's own work per forwarded frame (the median: read to the start of the clone's
  /// write) stays far under a frame interval. The p99 figure asked for (<= 1 ms) is measured by
  /// a benchmark on an idle machine, not asserted here: on a loaded 2-core CI machine the tail
  /// is the process waiting for a core, not work (Docs/Ownership.md, "Latency").
  @Test(
    "passing touches through adds well under 1 ms of work per frame (the median) at real pace",
    .enabled(if: !underAddressSanitizer, "AddressSanitizer's checks slow every frame"))
  func latency() throws {
    let run = try OwnershipHarness.run(
      "edge-pans",
      bindings: Self.own + "edge-pan edge=left shell \"true\"\n"
        + "swipe direction=up fingers=3 shell \"true\"\ntap shell \"true\"\n",
      speed: 1)
    let sample = try #require(OwnershipHarness.latency(run.result.stderr), "\(run.result.stderr)")
    print("added latency at real pace: p50 \(sample.p50) µs, p99 \(sample.p99) µs")
    #expect(sample.p50 <= 1000, "p50 \(sample.p50) µs, p99 \(sample.p99) µs")
  }
}
