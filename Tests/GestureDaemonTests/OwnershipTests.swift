import Foundation
import GestureTestSupport
import Testing

/// `device … own`: the daemon grabs the touchscreen and the compositor sees a uinput clone
/// that gets the touches no binding claims (umockdev device, emulated /dev/uinput).
@Suite(
  "gesturectl run: owned devices (grab and uinput clone)",
  .enabled(
    if: OwnershipHarness.isAvailable,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct OwnershipTests {
  static let own = "device name=\"TouchGestures *\" own\n"

  @Test("a bound 3-finger swipe reaches the clone as touches, then a palm and a lift of all three")
  func swipeIsCancelled() throws {
    let run = try OwnershipHarness.run(
      "three-finger-swipe-up",
      bindings: Self.own + "swipe direction=up fingers=3 shell \"echo swiped >> OUT\"\n",
      expected: 1)
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(run.lines == ["swiped"])
    let clone = try #require(run.clone, "\(run.result.stderr)")
    #expect(clone.name == "TouchGestures Synthetic Touchscreen (gesturectl)")
    #expect(clone.destroyed)
    let source = try OwnershipHarness.sourceLines("three-finger-swipe-up")
    let lines = clone.eventLines
    // Up to the swipe, the clone got exactly the device's frames.
    let palm = try #require(lines.firstIndex(of: "0003 0037 2"), "no palm in \(lines)")
    let frameStart = try #require(lines[..<palm].lastIndex(of: "0000 0000 0")) + 1
    #expect(Array(lines[..<frameStart]) == Array(source[..<frameStart]))
    // Then the cancel: one frame turning the three into palms, one lifting them.
    #expect(
      Array(lines[frameStart...]) == [
        "0003 002f 0", "0003 0037 2", "0003 002f 1", "0003 0037 2", "0003 002f 2",
        "0003 0037 2", "0000 0000 0", "0003 002f 0", "0003 0039 -1", "0003 002f 1",
        "0003 0039 -1", "0003 002f 2", "0003 0039 -1", "0001 014a 0", "0000 0000 0",
      ])
    #expect(frameStart < source.count - 20, "the swipe was cancelled before its end")
    #expect(
      run.result.stderr.contains("3 cancelled, 0 held back (touches)"), "\(run.result.stderr)")
  }

  @Test("a bound left-edge pan never reaches the clone; the other touches, even in its band, do")
  func edgePanIsHeld() throws {
    let run = try OwnershipHarness.run(
      "edge-pans", bindings: Self.own + "edge-pan edge=left shell \"echo left >> OUT\"\n",
      expected: 1)
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(run.lines == ["left"])
    let clone = try #require(run.clone, "\(run.result.stderr)")
    let source = OwnershipHarness.touches(try OwnershipHarness.sourceLines("edge-pans"))
    let written = OwnershipHarness.touches(clone.eventLines)
    // The first touch is the drag in from the left edge: never written.
    let first = try #require(source.keys.min())
    #expect(source.count == 6)
    #expect(written[first] == nil)
    // Every other touch arrives whole, unchanged: the drag along the left edge (held in the
    // band until the edge pan failed, then written at once), the bottom and right ones.
    for (id, events) in source where id != first {
      #expect(written[id] == events, "touch \(id)")
    }
    #expect(written.count == source.count - 1)
    #expect(OwnershipHarness.nothingDown(clone.eventLines))
    #expect(
      run.result.stderr.contains("0 cancelled, 2 held back (touches)"), "\(run.result.stderr)")
  }

  @Test("an unbound tap reaches the clone with its frames unchanged")
  func unboundTapPasses() throws {
    let run = try OwnershipHarness.run(
      "tap", bindings: Self.own + "swipe direction=up fingers=3 shell \"echo no >> OUT\"\n")
    #expect(run.result.status == 0, "\(run.result.stderr)")
    let clone = try #require(run.clone, "\(run.result.stderr)")
    let source = try OwnershipHarness.sourceLines("tap")
    #expect(!source.isEmpty)
    #expect(clone.eventLines == source)
    #expect(clone.destroyed)
    #expect(run.lines.isEmpty)
  }

  @Test("without own nothing is grabbed and no clone is made")
  func withoutOwnNoClone() throws {
    let run = try OwnershipHarness.run(
      "tap", bindings: "tap shell \"echo tapped >> OUT\"\n", expected: 1)
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(run.devices.map(\.name) == [])
    #expect(run.lines == ["tapped"])
    #expect(!run.result.stderr.contains("owned"))
  }

  @Test("own on a device that is not multi-touch with slots: refused with the reason, watched")
  func ownNeedsSlots() throws {
    let run = try OwnershipHarness.run(
      "Recordings/public/ntrig-xt2-2-finger-tap",
      bindings: Self.own.replacingOccurrences(
        of: "TouchGestures *", with: "*") + "tap shell \"echo tapped >> OUT\"\n")
    #expect(
      run.result.stderr.contains(
        "cannot own: it is not a multi-touch device with slots; watching only"),
      "\(run.result.stderr)")
    #expect(run.devices.map(\.name) == [])
  }

  @Test("a tap claimed by a tap binding is cancelled; the next touch in its slot is a finger again")
  func slotAfterPalmIsFinger() throws {
    let run = try OwnershipHarness.run(
      "edge-pans", bindings: Self.own + "tap shell \"echo tapped >> OUT\"\n", expected: 1)
    #expect(run.lines == ["tapped"])
    let clone = try #require(run.clone, "\(run.result.stderr)")
    let lines = clone.eventLines
    let palm = try #require(lines.firstIndex(of: "0003 0037 2"), "\(run.result.stderr)")
    // The next landing after the cancel resets the tool type first, then gives the id.
    let landing = try #require(
      lines[palm...].firstIndex { $0.hasPrefix("0003 0039 ") && !$0.hasSuffix(" -1") })
    #expect(lines[landing - 1] == "0003 0037 0")
    #expect(lines.filter { $0 == "0003 0037 0" }.count == 1)
    #expect(OwnershipHarness.nothingDown(lines))
  }

  @Test(
    "without /dev/uinput the device is watched, not owned, and the log names the fix",
    .enabled(
      if: !FileManager.default.fileExists(atPath: "/dev/uinput"),
      "this machine has /dev/uinput (plain umockdev-run would pass it through)"))
  func noUinputWatches() throws {
    // Plain umockdev-run: its /dev has the touchscreen and no uinput node.
    let outcome = try DaemonUmockdev.run(
      "tap", bindings: Self.own + "tap shell \"echo tapped >> OUT\"\n", expected: 1)
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(outcome.lines == ["tapped"])
    #expect(
      outcome.result.stderr.contains(
        "warning: /dev/input/event5 (\"TouchGestures Synthetic Touchscreen\"): cannot own: "
          + "/dev/uinput: no such device (load the uinput module: modprobe uinput); watching only"),
      "\(outcome.result.stderr)")
    #expect(!outcome.result.stderr.contains("owned"))
  }
}
