import Foundation
import TouchInput

/// A named session of gestures, as a person would perform it; times in ms, distances in mm.
struct Scenario: Sendable {
  /// The name used on the command line and as the file name.
  var name: String
  /// One line saying what the person does.
  var summary: String
  /// The optional axes of the panel the session is recorded on.
  var panel: PanelAxes = []
  /// The panel: the kiosk's, or the phone's (`phoneScenarios`).
  var model: PanelModel = .kiosk
  /// Adds the session's gestures to a builder.
  var build: @Sendable (inout SessionBuilder) -> Void
}

/// Degrees to radians.
private func degrees(_ value: Double) -> Double { value * Double.pi / 180 }

/// A point in mm.
private func mm(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }

/// Every scenario, in the order `synth-trace list` prints them.
let scenarios: [Scenario] =
  basicScenarios + multiFingerScenarios + carouselScenarios + hardScenarios + daemonScenarios
  + viewerScenarios

/// One-finger taps, presses and swipes.
private let basicScenarios: [Scenario] = [
  Scenario(name: "tap", summary: "one tap in the middle") { $0.tap() },
  Scenario(name: "double-tap", summary: "two taps 100-180 ms apart") { $0.taps(2) },
  Scenario(name: "triple-tap", summary: "three taps 100-180 ms apart") { $0.taps(3) },
  Scenario(name: "long-press", summary: "one finger held 800 ms, with tremor") {
    $0.press(hold: $0.random.uniform(800...850))
  },
  Scenario(name: "long-press-then-drag", summary: "held 700 ms, then dragged 50 mm in 600 ms") {
    $0.stroke(
      around: mm(90, 70), translation: mm(50, 8), duration: 600,
      holdBefore: $0.random.uniform(700...750), holdAfter: 120)
  },
  Scenario(name: "swipe-left", summary: "a fast 60-100 mm flick to the left") { $0.swipe(.left) },
  Scenario(name: "swipe-right", summary: "a fast 60-100 mm flick to the right") {
    $0.swipe(.right)
  },
  Scenario(name: "swipe-up", summary: "a fast 60-85 mm flick upwards") { $0.swipe(.up) },
  Scenario(name: "swipe-down", summary: "a fast 60-85 mm flick downwards") { $0.swipe(.down) },
  Scenario(name: "slow-pan", summary: "one finger moved 80 mm in 1.2 s") {
    $0.stroke(
      around: mm(80, 60), translation: mm(80, 10), duration: 1200, holdBefore: 150,
      holdAfter: 150)
  },
  Scenario(name: "tap-then-long-press", summary: "a tap, quiet, then an 800 ms press") {
    $0.tap()
    $0.pause()
    $0.press(at: mm(124, 70), hold: 800)
  },
]

/// Gestures of two or more fingers.
private let multiFingerScenarios: [Scenario] = [
  Scenario(name: "two-finger-tap", summary: "two fingers tap together") { $0.tap(fingers: 2) },
  Scenario(name: "three-finger-tap", summary: "three fingers tap together") {
    $0.tap(fingers: 3)
  },
  Scenario(name: "two-finger-swipe-left", summary: "two fingers flick to the left") {
    $0.swipe(.left, fingers: 2)
  },
  Scenario(name: "three-finger-swipe-up", summary: "three fingers flick upwards") {
    $0.swipe(.up, fingers: 3)
  },
  Scenario(name: "two-finger-pan", summary: "two fingers move 60 mm diagonally in 900 ms") {
    $0.stroke(
      around: mm(95, 50), fingers: 2, translation: mm(45, 40), duration: 900, holdBefore: 120,
      holdAfter: 120)
  },
  Scenario(name: "pinch-out", summary: "two fingers spread from 30 to 90 mm in 700 ms") {
    $0.pinch(from: 30, to: 90, duration: 700)
  },
  Scenario(name: "pinch-in", summary: "two fingers close from 90 to 30 mm in 700 ms") {
    $0.pinch(from: 90, to: 30, duration: 700)
  },
  Scenario(name: "rotate-cw", summary: "two fingers 50 mm apart turn 90 degrees clockwise") {
    $0.pinch(from: 50, to: 50, duration: 900, rotation: degrees(90))
  },
  Scenario(name: "rotate-ccw", summary: "two fingers 50 mm apart turn 90 degrees counter-clockwise")
  {
    $0.pinch(from: 50, to: 50, duration: 900, rotation: degrees(-90))
  },
  Scenario(
    name: "pinch-rotate-pan", summary: "spread 35 to 70 mm, turn 45 degrees and move 33 mm at once"
  ) {
    $0.pinch(
      around: mm(105, 72), from: 35, to: 70, duration: 1000, rotation: degrees(45),
      translation: mm(30, -14))
  },
  Scenario(
    name: "finger-added-during-pan", summary: "a one-finger pan; a second finger joins midway"
  ) { builder in
    let t0 = builder.now
    let start = mm(70, 55)
    var pan = Move(
      begin: 150, duration: 1200, translation: mm(90, 15), pivot: start,
      bow: builder.random.uniform(-0.03...0.03))
    builder.hand([start], moves: [pan], lift: 1500)
    pan.begin += t0
    let joined = pan.begin + builder.random.uniform(450...550)
    let landing = pan.apply(mm(start.x + 4, start.y + 24), from: 0, to: pan.progress(at: joined))
    let second = Contact(
      land: joined, lift: t0 + 1500 + builder.stagger(), start: landing, moves: [pan],
      tremor: Tremor(random: &builder.random))
    builder.current.append(second)
    builder.now = max(builder.now, second.lift)
  },
]
