import Foundation
import TouchInput

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// Sessions of the hard real-world cases of issue 9.
let hardScenarios: [Scenario] = [
  Scenario(
    name: "same-frame-retouch",
    summary:
      "a finger lifts and another lands in the same frame, three ways: a long press then a tap"
      + " 90 mm away (-1 then a new id), a pan then a tap 65 mm away (a new id, no -1), a long"
      + " press then a swipe down (another slot)"
  ) { builder in
    builder.press(at: mm(60, 60), hold: builder.random.uniform(800...850))
    builder.retouch(at: mm(150, 60), .releaseThenNewID) { $0.tap(at: $1) }
    builder.pause()
    builder.stroke(
      around: mm(50, 95), translation: mm(50, 0), duration: 900, holdBefore: 120, holdAfter: 80)
    builder.retouch(at: mm(100, 30), .replacement) { $0.tap(at: $1) }
    builder.pause()
    builder.press(at: mm(170, 30), hold: builder.random.uniform(800...850))
    builder.retouch(at: mm(200, 25), .newSlot) { builder, point in
      builder.move(
        [point], translation: mm(0, 75), duration: builder.random.uniform(150...200),
        holdBefore: 20, liftAt: builder.random.uniform(0.78...0.92))
    }
  },
  Scenario(
    name: "multi-finger-long-press",
    summary: "two fingers held 800 ms, then three fingers held 800 ms (landing 10-60 ms apart)"
  ) { builder in
    builder.press(at: mm(100, 60), fingers: 2, hold: builder.random.uniform(800...850))
    builder.pause()
    builder.press(at: mm(130, 70), fingers: 3, hold: builder.random.uniform(800...850))
  },
  Scenario(
    name: "edge-pans",
    summary:
      "drags inwards from the left and bottom edges, a flick in from the right edge, a tap in"
      + " the right band, a hold in the top band, a drag along the left edge"
  ) { builder in
    let r = builder.random.uniform(-1...1)
    builder.move(
      [mm(2 + r, 60)], translation: mm(60, 5), duration: 600, holdBefore: 60, holdAfter: 100)
    builder.pause()
    builder.move(
      [mm(120, 133 + r)], translation: mm(-5, -50), duration: 500, holdBefore: 60,
      holdAfter: 100)
    builder.pause()
    builder.move(
      [mm(238 + r, 80)], translation: mm(-70, 0), duration: builder.random.uniform(150...200),
      holdBefore: 20, liftAt: builder.random.uniform(0.78...0.92))
    builder.pause()
    builder.tap(at: mm(237, 40))
    builder.pause()
    builder.press(at: mm(100, 2.5), hold: builder.random.uniform(800...850))
    builder.pause()
    builder.move(
      [mm(3, 30)], translation: mm(0, 70), duration: 1300, holdBefore: 60, holdAfter: 100)
  },
  Scenario(
    name: "palm-tool-type",
    summary:
      "a panel with ABS_MT_TOOL_TYPE: a tap and a swipe while a palm rests, a palm brushing"
      + " across, a pan whose finger flattens into a palm, a pen stroke beside a tap",
    panel: .toolType
  ) { builder in
    let t0 = builder.now
    builder.press(at: mm(50, 100), hold: 1600)
    builder.setLast { $0.tool = 2 }
    builder.now = t0 + 300
    builder.tap(at: mm(150, 40))
    builder.now = t0 + 900
    builder.swipe(.left)
    builder.now = t0 + 1600
    builder.pause()
    builder.move(
      [mm(40, 70)], translation: mm(90, 10), duration: 500, holdBefore: 80, holdAfter: 80)
    builder.setLast { $0.tool = 2 }
    builder.pause()
    let t1 = builder.now
    builder.move(
      [mm(60, 60)], translation: mm(80, 0), duration: 1000, holdBefore: 100, holdAfter: 100)
    builder.setLast { $0.toolChange = (t1 + 700, 2) }
    builder.pause()
    let t2 = builder.now
    builder.move(
      [mm(40, 40)], translation: mm(70, 30), duration: 400, holdBefore: 50, holdAfter: 50)
    builder.setLast { $0.tool = 1 }
    builder.now = t2 + 150
    builder.tap(at: mm(180, 110))
    builder.now = max(builder.now, t2 + 500)
  },
  Scenario(
    name: "palm-touch-major",
    summary:
      "a panel with ABS_MT_TOUCH_MAJOR and no tool type: a resting palm (45 mm) with a tap, a"
      + " palm brushing across, a swipe while a palm rests, a finger (9 mm) held still",
    panel: .touchMajor
  ) { builder in
    let t0 = builder.now
    builder.press(at: mm(60, 100), hold: 1300)
    builder.setLast { $0.majorAxis = 45 }
    builder.now = t0 + 600
    builder.tap(at: mm(160, 40))
    builder.setLast { $0.majorAxis = 9 }
    builder.now = t0 + 1300
    builder.pause()
    builder.move(
      [mm(40, 70)], translation: mm(90, 10), duration: 450, holdBefore: 80, holdAfter: 80)
    builder.setLast { $0.majorAxis = 48 }
    builder.pause()
    let t1 = builder.now
    builder.press(at: mm(50, 110), hold: 1000)
    builder.setLast { $0.majorAxis = 44.8 }
    builder.now = t1 + 300
    builder.swipe(.up)
    builder.setLast { $0.majorAxis = 10 }
    builder.now = t1 + 1000
    builder.pause()
    builder.press(at: mm(120, 60), hold: 800)
    builder.setLast { $0.majorAxis = 9 }
  },
  Scenario(
    name: "syn-dropped",
    summary:
      "the kernel's buffer overflows (SYN_DROPPED, then the device's state) in the middle of a"
      + " one-finger pan and in the middle of a two-finger pinch"
  ) { builder in
    let t0 = builder.now
    builder.stroke(
      around: mm(60, 60), translation: mm(90, 10), duration: 1000, holdBefore: 100,
      holdAfter: 100)
    builder.drops.append(t0 + 600)
    builder.pause()
    let t1 = builder.now
    builder.pinch(from: 35, to: 85, duration: 800)
    builder.drops.append(t1 + 500)
  },
  Scenario(
    name: "finger-down-at-open",
    summary:
      "a finger lands in the first frame, rests 800 ms, drifts 20 mm and lifts; then a tap (live"
      + " tests open the device after the first frame, with that finger already down)"
  ) { builder in
    builder.move(
      [mm(100, 60)], translation: mm(20, 2), duration: 250, holdBefore: 800, holdAfter: 100)
    builder.pause()
    builder.tap(at: mm(40, 40))
  },
]

extension SessionBuilder {
  /// Changes the contact added last (a palm, a pen: what the panel reports about it).
  mutating func setLast(_ change: (inout Contact) -> Void) {
    guard !current.isEmpty else { return }
    change(&current[current.count - 1])
  }

  /// Adds the gesture `then` of a finger landing at `point` in the scan where the previous
  /// gesture's last finger lifts (at `now`), taking over that finger's slot as `handover` says.
  mutating func retouch(
    at point: MillimeterPoint, _ handover: Handover,
    then gesture: (inout SessionBuilder, MillimeterPoint) -> Void
  ) {
    let lifted = now
    let first = current.count
    gesture(&self, point)
    guard first < current.count else { return }
    let shift = lifted - current[first].land
    for index in first..<current.count {
      current[index].land += shift
      current[index].lift += shift
      current[index].moves = current[index].moves.map { move in
        var copy = move
        copy.begin += shift
        return copy
      }
    }
    current[first].handover = handover
    now += shift
  }
}
