import GestureAppKit
import GestureRecognition
import GestureTesting
import Testing
import TouchInput

/// The EmojiArt-style canvas: one pan and one pinch per emoji, by region and delegate.
@Suite struct EmojiArtTests {
  /// Plays `script` into the canvas's engine, then ends the input.
  func play(_ script: TouchScript, on canvas: EmojiCanvas) {
    for frame in script.frames { canvas.engine.process(frame) }
    canvas.engine.flush(after: script.endTime)
  }

  /// A canvas of two emojis 20 mm wide, far apart.
  func twoApart() -> EmojiCanvas {
    EmojiCanvas([
      Emoji("🍎", at: MillimeterPoint(x: 30, y: 30), size: 20),
      Emoji("🐟", at: MillimeterPoint(x: 100, y: 60), size: 20),
    ])
  }

  @Test("Dragging one emoji moves it alone, by the whole drag")
  func dragOne() {
    let canvas = twoApart()
    var s = TouchScript()
    s.land(1, x: 32, y: 28)
    s.move([1], by: 40, 15, over: 250)
    s.lift(1)
    play(s, on: canvas)
    let apple = canvas.emojis[0].center
    #expect(abs(apple.x - 70) < 1e-9 && abs(apple.y - 45) < 1e-9, "\(apple)")
    #expect(canvas.emojis[1] == twoApart().emojis[1])
  }

  @Test("Two pinches on two emojis at once resize each by its own fingers")
  func twoPinches() {
    let canvas = twoApart()
    var s = TouchScript()
    s.land(1, x: 25, y: 30)
    s.land(2, x: 35, y: 30)
    s.land(3, x: 92, y: 60)
    s.land(4, x: 108, y: 60)
    s.wait(20)
    // The apple's fingers spread to twice their distance while the fish's come to half, in
    // the same frames.
    s.spread([1, 2], by: 2, over: 200)
    s.now -= 200
    s.spread([3, 4], by: 0.5, over: 200)
    for finger in 1...4 { s.lift(finger) }
    play(s, on: canvas)
    #expect(abs(canvas.emojis[0].size - 40) < 1e-6, "\(canvas.emojis[0])")
    #expect(abs(canvas.emojis[1].size - 10) < 1e-6, "\(canvas.emojis[1])")
  }

  @Test("Where two emojis overlap, the topmost one gets the touch; a moved emoji's region follows")
  func topmostWinsAndRegionFollows() {
    let canvas = EmojiCanvas([
      Emoji("🍎", at: MillimeterPoint(x: 30, y: 30), size: 20),
      Emoji("🐟", at: MillimeterPoint(x: 38, y: 30), size: 20),
    ])
    var drag = TouchScript()
    drag.land(1, x: 34, y: 30)
    drag.move([1], by: 50, 0, over: 250)
    drag.lift(1)
    play(drag, on: canvas)
    #expect(canvas.emojis[0].center == MillimeterPoint(x: 30, y: 30), "the apple is below")
    #expect(abs(canvas.emojis[1].center.x - 88) < 1e-9)
    // The fish is now at 88 mm: a touch at its new place drags it again, at its old one the
    // apple (alone there now).
    var again = TouchScript()
    again.now = drag.now + 100
    again.land(1, x: 88, y: 30)
    again.move([1], by: 0, 20, over: 200)
    again.lift(1)
    again.land(2, x: 34, y: 30)
    again.move([2], by: 0, -10, over: 200)
    again.lift(2)
    play(again, on: canvas)
    #expect(abs(canvas.emojis[1].center.y - 50) < 1e-9, "\(canvas.emojis[1])")
    #expect(abs(canvas.emojis[0].center.y - 20) < 1e-9, "\(canvas.emojis[0])")
  }
}
