import Foundation
import TouchInput

/// Physiological tremor of one finger: a sum of slow and fast sines per axis with random
/// phases (drift below 2 Hz, a 3–6 Hz wobble and the 8–12 Hz physiological tremor), so that
/// a held finger wanders by 0.1–0.3 mm as real ones do; the sensor's white noise is added by
/// the emitter.
struct Tremor {
  /// Frequencies in cycles per ms, three per axis.
  private var frequencies: (Double, Double, Double, Double, Double, Double)
  /// Phases in radians.
  private var phases: (Double, Double, Double, Double, Double, Double)
  /// Amplitudes in mm.
  private var amplitudes: (Double, Double, Double)

  /// Draws a tremor whose peak amplitude is 0.1–0.3 mm.
  init(random: inout SplitMix64) {
    let total = random.uniform(0.1...0.3)
    amplitudes = (total * 0.5, total * 0.3, total * 0.2)
    func hertz(_ range: ClosedRange<Double>, _ random: inout SplitMix64) -> Double {
      random.uniform(range) / 1000
    }
    frequencies = (
      hertz(0.3...2, &random), hertz(3...6, &random), hertz(8...12, &random),
      hertz(0.3...2, &random), hertz(3...6, &random), hertz(8...12, &random)
    )
    let tau = 2 * Double.pi
    phases = (
      random.uniform(0...tau), random.uniform(0...tau), random.uniform(0...tau),
      random.uniform(0...tau), random.uniform(0...tau), random.uniform(0...tau)
    )
  }

  /// The tremor's offset at `t` ms after the finger landed, in mm. It starts at zero.
  func offset(at t: Milliseconds) -> MillimeterPoint {
    let w = 2 * Double.pi * t
    let x =
      amplitudes.0 * (sin(w * frequencies.0 + phases.0) - sin(phases.0))
      + amplitudes.1 * (sin(w * frequencies.1 + phases.1) - sin(phases.1))
      + amplitudes.2 * (sin(w * frequencies.2 + phases.2) - sin(phases.2))
    let y =
      amplitudes.0 * (sin(w * frequencies.3 + phases.3) - sin(phases.3))
      + amplitudes.1 * (sin(w * frequencies.4 + phases.4) - sin(phases.4))
      + amplitudes.2 * (sin(w * frequencies.5 + phases.5) - sin(phases.5))
    return MillimeterPoint(x: x, y: y)
  }
}

/// One finger's life on the surface: where and when it lands, the movements it takes part in,
/// and when it lifts.
struct Contact {
  /// When the finger lands, in ms.
  var land: Milliseconds
  /// When the finger lifts, in ms.
  var lift: Milliseconds
  /// Where the finger lands, in mm.
  var start: MillimeterPoint
  /// The movements of the hand while this finger is down, in time order, not overlapping.
  var moves: [Move]
  /// The finger's own tremor.
  var tremor: Tremor
  /// How the finger takes over a slot whose finger lifts in the scan where it lands.
  var handover = Handover.newSlot
  /// The `ABS_MT_TOOL_TYPE` the panel reports (0 finger, 1 pen, 2 palm), on panels with it.
  var tool: Int32 = 0
  /// A change of tool type at a time (a finger flattening into a palm), in ms.
  var toolChange: (at: Milliseconds, to: Int32)?
  /// The contact's major axis in mm, on panels reporting `ABS_MT_TOUCH_MAJOR`.
  var majorAxis: Double?

  /// The tool type reported at `t` ms.
  func toolType(at t: Milliseconds) -> Int32 {
    if let change = toolChange, t >= change.at { return change.to }
    return tool
  }

  /// Where the finger is at `t` (land ≤ t ≤ lift), tremor included, in mm.
  func position(at t: Milliseconds) -> MillimeterPoint {
    var point = start
    for move in moves {
      guard move.begin < t else { break }
      guard move.end > land else { continue }
      let from = land > move.begin ? move.progress(at: land) : 0
      point = move.apply(point, from: from, to: move.progress(at: t))
    }
    let shake = tremor.offset(at: t - land)
    return MillimeterPoint(x: point.x + shake.x, y: point.y + shake.y)
  }
}

/// How a panel reports a finger landing in the same scan as another lifts.
enum Handover {
  /// A free slot begins while the other is released (the usual case, and the only one for
  /// fingers that land while no other lifts).
  case newSlot
  /// The lifting finger's slot gets `ABS_MT_TRACKING_ID -1` and then the new id.
  case releaseThenNewID
  /// The lifting finger's slot gets the new id with no -1 in between (a replacement, as
  /// devices that set the tracking id themselves send it).
  case replacement
}
