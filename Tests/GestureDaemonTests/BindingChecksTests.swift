import Foundation
import GestureDaemon
import GestureTestSupport
import Testing

/// Bindings that can never fire, or whose parameters would be ignored, are refused with the
/// reason (`check-config` and `run` alike).
@Suite struct BindingChecksTests {
  @Test(
    "a binding that cannot fire or ignores a parameter is an error with its reason",
    arguments: [
      (
        "pan direction=up distance=30mm every=5mm run a",
        "distance= does not apply with every=: the steps count from where the gesture starts "
          + "(the first fires after every=5mm); remove distance= or use on=recognize"
      ),
      (
        "pinch direction=out scale=2 every=1.1 run a",
        "scale= does not apply with every=: the steps count from where the gesture starts "
          + "(the first fires after every=1.1); remove scale= or use on=recognize"
      ),
      (
        "rotation direction=cw angle=30 every=10deg run a",
        "angle= does not apply with every=: the steps count from where the gesture starts "
          + "(the first fires after every=10deg); remove angle= or use on=recognize"
      ),
      (
        "pan direction=right distance=30mm..10mm on=end run a",
        "distance=30mm..10mm can never fire: the stroke must end below 10 and cover at least "
          + "30; give the shorter length first"
      ),
      (
        "edge-pan edge=bottom distance=200% run a",
        "distance=200% can never fire: a stroke up covers at most the surface's height (100%)"
      ),
    ])
  func refused(line: String, reason: String) throws {
    #expect(throws: BindingsError(file: "b", line: 2, reason: reason)) {
      try BindingsParser.parse("tap run ok\n" + line + "\n", file: "b")
    }
  }

  @Test("the same parameters without the conflict are accepted")
  func accepted() throws {
    let configuration = try BindingsParser.parse(
      """
      pan direction=up every=5mm run a
      pan direction=right distance=10mm..30mm on=end run b
      edge-pan edge=bottom distance=50% run c
      pan direction=up-right distance=120% run d
      pinch direction=out scale=2 run e
      """, file: "b")
    #expect(configuration.bindings.count == 5)
  }

  @Test("check-config names the file, line and reason, and exits 1")
  func checkConfig() throws {
    let directory = try CheckConfigTests.directory([
      "b": "edge-pan edge=bottom distance=200% run x\n"
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("b").path
    let result = try runProduct("gesturectl", ["check-config", path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(path):1: distance=200% can never fire: a stroke up covers at most the "
        + "surface's height (100%)\n")
  }
}
