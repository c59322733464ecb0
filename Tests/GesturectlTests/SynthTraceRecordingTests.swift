import Foundation
import Testing

/// Checks the kernel's protocol-B rules on a recording: only changed values, `ABS_MT_SLOT` only
/// on a slot switch followed by that slot's event, `BTN_TOUCH` toggling, no empty frame, every
/// value within its axis range, and one time per frame.
///
/// With `allowingReplacement`, a new tracking id may replace an active one (a finger handed
/// another's slot in one frame, with no -1 in between).
func checkKernelRules(
  _ recording: SynthRecording, label: String, allowingReplacement: Bool = false
) {
  var slot: Int32 = 0
  var slots = [[UInt16: Int32]](repeating: [:], count: 10)
  var pointer: [UInt16: Int32] = [:]
  var touching: Int32 = 0
  var frameStart = true
  var frameTime: Int64 = -1
  var previousFrameTime: Int64 = -1
  var replacements = 0
  for (index, event) in recording.events.enumerated() {
    if frameStart {
      frameTime = event.time
      #expect(frameTime > previousFrameTime, "\(label): time goes back at event \(index)")
    }
    #expect(event.time == frameTime, "\(label): event \(index) outside its frame's time")
    frameStart = false
    switch (event.type, event.code) {
    case (0, 0):
      #expect(index > 0 && recording.events[index - 1].type != 0, "\(label): empty frame")
      frameStart = true
      previousFrameTime = frameTime
    case (1, 0x14a):
      #expect(event.value != touching, "\(label): BTN_TOUCH repeated at \(index)")
      touching = event.value
    case (3, 0x2f):
      #expect(event.value != slot, "\(label): ABS_MT_SLOT repeated at \(index)")
      let next = recording.events[min(index + 1, recording.events.count - 1)]
      #expect(next.type == 3 && (0x35...0x39).contains(next.code), "\(label): idle slot switch")
      slot = event.value
    case (3, 0x30), (3, 0x35), (3, 0x36), (3, 0x37), (3, 0x39):
      let old = slots[Int(slot)][event.code] ?? (event.code == 0x39 ? -1 : 0)
      #expect(event.value != old, "\(label): unchanged value at event \(index)")
      if event.code == 0x39 && event.value >= 0 && old >= 0 {
        #expect(allowingReplacement, "\(label): new tracking id on an active slot at \(index)")
        replacements += 1
      }
      slots[Int(slot)][event.code] = event.value
    case (3, 0x00), (3, 0x01):
      #expect(event.value != pointer[event.code] ?? 0, "\(label): unchanged ABS_X/Y at \(index)")
      pointer[event.code] = event.value
    default:
      Issue.record("\(label): unexpected event \(event.type) \(event.code)")
    }
    if event.type == 3, let axis = recording.axes[event.code], event.code != 0x39 {
      #expect((axis.minimum...axis.maximum).contains(event.value), "\(label): out of range")
    }
  }
  #expect(recording.events.last.map { $0.type == 0 && $0.code == 0 } ?? false)
  #expect(touching == 0, "\(label): ends with a finger down")
  #expect(
    recording.landings.count == recording.lifts.count + replacements,
    "\(label): unbalanced contacts")
}

/// What the generated recordings look like: kernel rules, timing and human motion.
@Suite struct SynthTraceRecordingTests {
  /// Generates one scenario and parses it.
  private func record(_ name: String, _ extra: [String] = []) throws -> SynthRecording? {
    guard let run = try runSynthTrace([name] + extra), run.status == 0 else {
      Issue.record("synth-trace \(name) failed")
      return nil
    }
    return SynthRecording(String(decoding: run.stdout, as: UTF8.self))
  }

  @Test(
    "Every scenario follows the kernel's protocol-B rules",
    arguments: [
      "tap", "double-tap", "triple-tap", "two-finger-tap", "three-finger-tap", "long-press",
      "long-press-then-drag", "swipe-left", "swipe-down", "two-finger-swipe-left",
      "three-finger-swipe-up", "slow-pan", "two-finger-pan", "pinch-out", "pinch-in", "rotate-cw",
      "rotate-ccw", "pinch-rotate-pan", "finger-added-during-pan", "carousel-pinch-clamps",
      "multi-finger-long-press", "edge-pans", "palm-tool-type", "palm-touch-major",
      "finger-down-at-open",
    ])
  func kernelRules(name: String) throws {
    guard let recording = try record(name) else { return }
    #expect(recording.events.first?.time == 1)
    checkKernelRules(recording, label: name)
  }

  @Test("A finger landing as another lifts: the three ways a panel reports it, in one frame each")
  func retouch() throws {
    guard let recording = try record("same-frame-retouch") else { return }
    checkKernelRules(recording, label: "same-frame-retouch", allowingReplacement: true)
    // Per frame: the tracking-id values written, with the slot each was written to.
    var frames: [[(slot: Int32, id: Int32)]] = [[]]
    var slot: Int32 = 0
    for event in recording.events {
      if event.type == 3 && event.code == 0x2f { slot = event.value }
      if event.type == 3 && event.code == 0x39 {
        frames[frames.count - 1].append((slot, event.value))
      }
      if event.type == 0 && event.code == 0 { frames.append([]) }
    }
    let handovers = frames.filter { ids in
      ids.contains { $0.id < 0 } && ids.contains { $0.id >= 0 }
    }
    // -1 then a new id in one slot, and -1 in one slot with a new id in another.
    #expect(handovers.count == 2)
    #expect(handovers.first.map { $0.count == 2 && $0[0].slot == $0[1].slot } == true)
    #expect(handovers.last.map { $0.count == 2 && $0[0].slot != $0[1].slot } == true)
    // A new id with no -1: the slot's id changes from one value to another.
    var current: [Int32: Int32] = [:]
    var replacements = 0
    for ids in frames {
      for (slot, id) in ids {
        if id >= 0, let old = current[slot], old >= 0 { replacements += 1 }
        current[slot] = id
      }
    }
    #expect(replacements == 1)
  }

  @Test("Frames come at the report rate with up to 10 % jitter", arguments: [60.0, 120, 240])
  func frameRate(rate: Double) throws {
    guard let recording = try record("slow-pan", ["--rate", String(Int(rate))]) else { return }
    let period = 1_000_000 / rate
    let gaps = zip(recording.frameTimes.dropFirst(), recording.frameTimes).map { Double($0 - $1) }
    let regular = gaps.filter { $0 < 1.5 * period }
    #expect(gaps.allSatisfy { $0 >= 0.9 * period - 1 })
    #expect(regular.allSatisfy { $0 <= 1.1 * period + 1 })
    #expect(Double(regular.count) > 0.8 * Double(gaps.count))
    let spread = (regular.max() ?? 0) - (regular.min() ?? 0)
    #expect(spread > 0.1 * period, "no visible jitter")
  }

  @Test(
    "Fingers of one hand land and lift 10-60 ms apart",
    arguments: [
      ("two-finger-tap", 2), ("three-finger-tap", 3), ("two-finger-swipe-left", 2),
      ("three-finger-swipe-up", 3), ("pinch-out", 2), ("rotate-cw", 2), ("two-finger-pan", 2),
    ])
  func stagger(name: String, fingers: Int) throws {
    guard let recording = try record(name) else { return }
    let period: Int64 = 9_167  // 1.1 × 1/120 s, the most a scan can add, in µs
    for times in [recording.landings, recording.lifts] {
      #expect(times.count == fingers)
      for (later, earlier) in zip(times.dropFirst(), times) {
        #expect(later - earlier > 10_000 - period && later - earlier <= 60_000 + period)
      }
    }
  }

  @Test(
    "Sessions leave at least 600 ms of quiet between gestures",
    arguments: [
      ("carousel-tour", 4), ("carousel-back-and-forth", 5), ("carousel-long-press-twice", 2),
      ("tap-then-long-press", 2), ("carousel-pinch-clamps", 2), ("carousel-tap-dismiss", 2),
    ])
  func quietBetweenGestures(name: String, gestures: Int) throws {
    guard let recording = try record(name) else { return }
    let touch = recording.events.filter { $0.type == 1 && $0.code == 0x14a }
    #expect(touch.filter { $0.value == 1 }.count == gestures)
    for (down, up) in zip(touch.dropFirst(), touch) where down.value == 1 {
      #expect(down.time - up.time >= 600_000)
    }
  }

  @Test("A held finger trembles by a fraction of a millimetre")
  func tremor() throws {
    guard let recording = try record("long-press") else { return }
    let xs = recording.events.filter { $0.type == 3 && $0.code == 0x35 }.map(\.value)
    let ys = recording.events.filter { $0.type == 3 && $0.code == 0x36 }.map(\.value)
    let rangeX = (xs.max() ?? 0) - (xs.min() ?? 0)
    let rangeY = (ys.max() ?? 0) - (ys.min() ?? 0)
    #expect(rangeX + rangeY >= 1, "no tremor")
    #expect(rangeX <= 8 && rangeY <= 8, "more than 1 mm of tremor")
    let duration = (recording.frameTimes.last ?? 0) - (recording.frameTimes.first ?? 0)
    #expect(duration >= 800_000 && duration < 870_000)
  }

  @Test("A slow pan follows a minimum-jerk profile: 80 mm, fastest mid-way")
  func minimumJerkPan() throws {
    guard let recording = try record("slow-pan") else { return }
    let xs = recording.events.filter { $0.type == 3 && $0.code == 0x35 }
    guard let first = xs.first, let last = xs.last else { return }
    #expect(abs(Int(last.value - first.value) - 640) < 40)
    var fastest = (speed: 0.0, time: Int64(0))
    for (later, earlier) in zip(xs.dropFirst(), xs) {
      let speed = Double(later.value - earlier.value) / Double(later.time - earlier.time)
      if speed > fastest.speed { fastest = (speed, later.time) }
    }
    // The movement runs from 150 to 1350 ms after landing; its peak is at 750 ms.
    #expect(fastest.time > 600_000 && fastest.time < 900_000)
    // Peak speed of 80 mm in 1.2 s: 1.875 × 80 / 1.2 = 125 mm/s = 1.0 unit/ms.
    #expect(fastest.speed > 0.8e-3 && fastest.speed < 1.6e-3)
  }
}
