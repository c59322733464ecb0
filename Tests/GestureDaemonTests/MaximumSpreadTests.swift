import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

@testable import GestureDaemon

/// `device … max-spread=`: touches farther apart are separate gestures (two kiosk visitors).
@Suite struct MaximumSpreadTests {
  /// The firings' `line KIND` for `script` on a 500 × 300 mm kiosk, with the device rule's
  /// `max-spread=` (if any) filled into the bindings as `run` does.
  func firings(_ text: String, spread: String?, _ script: TouchScript) throws -> [String] {
    let rule = spread.map { "device name=* max-spread=\($0)\n" } ?? ""
    let configuration = try BindingsParser.parse(rule + text, file: "b")
    let tunables = configuration.devices.first?.tunables ?? Tunables()
    let bindings = Daemon.bindings(configuration.bindings, tunedBy: tunables)
    let device = MatchedDevice(name: "Kiosk", node: "/dev/input/event5", width: 500, height: 300)
    let matcher = BindingMatcher(bindings: bindings, device: device)
    // The frames split as `TouchPipeline(device:options:groups:engine:)` splits them.
    let spread = bindings.lazy.compactMap(\.tunables.maximumSpread).first
    var groups = spread.map { TouchGroups(maximumSpread: $0) }
    let engines = (0..<(groups?.count ?? 1)).map { _ in
      RecognizerPlan.makeEngine(for: matcher.deviceBindings, width: 500, height: 300)
    }
    var log: [String] = []
    for engine in engines {
      engine.onEvent = { event, recognizer in
        for firing in matcher.handle(event, from: ObjectIdentifier(recognizer)) {
          log.append("\(firing.binding.line) \(firing.binding.gesture.keyword)")
        }
      }
    }
    for frame in script.frames {
      for engine in engines { engine.advance(to: frame.time) }
      let parts = groups?.split(frame) ?? [frame]
      for (engine, part) in zip(engines, parts) {
        if let part { engine.process(part) }
      }
    }
    for engine in engines { engine.advance(to: script.endTime + 2_000_000) }
    return log
  }

  /// Two fingers `apart` mm apart at the same height, each moving by (dx, dy) (the second
  /// by (-dx, dy) when `mirrored`), in 300 ms.
  func twoVisitors(apart: Double, dx: Double, dy: Double, mirrored: Bool = false) -> TouchScript {
    var script = TouchScript()
    script.down(1, at: 0, x: 100, y: 200)
    script.down(2, at: 20, x: 100 + apart, y: 200)
    script.drag(1, to: 100 + dx, 200 + dy, from: 20, to: 320, every: 10)
    script.drag(2, to: 100 + apart + (mirrored ? -dx : dx), 200 + dy, from: 20, to: 320, every: 10)
    script.up(1, at: 330)
    script.up(2, at: 340)
    return script
  }

  let swipes = """
    swipe direction=up run one
    swipe direction=up fingers=2 run two

    """

  @Test("two visitors' swipes 300 mm apart are two one-finger swipes with max-spread=150mm")
  func twoSwipes() throws {
    let script = twoVisitors(apart: 300, dx: 0, dy: -60)
    #expect(try firings(swipes, spread: nil, script) == ["2 swipe"])
    #expect(try firings(swipes, spread: "150mm", script) == ["2 swipe", "2 swipe"])
  }

  @Test("two visitors' strokes toward each other are not a pinch with max-spread=150mm")
  func noPinch() throws {
    let text = "pinch direction=in run pinch\n"
    let script = twoVisitors(apart: 300, dx: 80, dy: 0, mirrored: true)
    #expect(try firings(text, spread: nil, script) == ["1 pinch"])
    #expect(try firings(text, spread: "150mm", script) == [])
  }

  @Test("fingers within the spread are still one gesture")
  func oneGesture() throws {
    let script = twoVisitors(apart: 40, dx: 0, dy: -60)
    #expect(try firings(swipes, spread: "150mm", script) == ["3 swipe"])
  }
}
