// gesture-bench: throughput of the replay path on a large recording, in a release build.
//
//   swift run -c release gesture-bench [FILE] [--repeat N]
//
// Without FILE it generates nothing itself: pass a ≥ 1 M-event trace, e.g. one written by
// `synth-trace stress -o /tmp/stress.evemu --events 1000000`.
// Reports, each as the best of N runs:
//   parse      evemu text → InputEvent (bytes in memory)
//   decode     InputEvent → TouchFrame
//   recognize  decode + the default recognizer set (gesturectl replay's), and the p50/p99/max
//              time per frame
//   engine     recognize − decode, per frame: the recognizers' own cost
// `--decode-only` stops after the decode pass (for timing the decoder alone).
// `--engine-only` skips the per-frame pass and the peak memory, for profiling the recognizers.
// and the peak resident memory of the process.

import GestureRecognition
import Synchronization
import TextOutput
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 5
if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count {
  repeats = max(1, Int(arguments[index + 1]) ?? 5)
  arguments.removeSubrange(index...(index + 1))
}
var engineOnly = false
var decodeOnly = false
if let index = arguments.firstIndex(of: "--decode-only") {
  decodeOnly = true
  arguments.remove(at: index)
}
if let index = arguments.firstIndex(of: "--engine-only") {
  engineOnly = true
  arguments.remove(at: index)
}
guard let path = arguments.first else {
  print("usage: gesture-bench FILE [--repeat N]")
  exit(2)
}

/// Monotonic time in nanoseconds (benchmark only; the engine never reads a clock).
func now() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The whole file in memory.
func readAll(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else {
    print("gesture-bench: cannot open \(path)")
    exit(1)
  }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

/// Counts the gesture events: the cheapest consumer the engine can have. An atomic, not a
/// `var` (a captured local or a class's `var` costs a dynamic exclusivity check, a
/// `swift_beginAccess` call, per event): a relaxed add is one instruction and needs no
/// exclusivity check, in plain safe Swift.
final class Counter {
  /// The events counted so far.
  let events = Atomic<Int>(0)

  /// The count.
  var count: Int { events.load(ordering: .relaxed) }

  /// Counts one event.
  func add() { events.wrappingAdd(1, ordering: .relaxed) }
}

func report(_ name: String, events: Int, nanoseconds: UInt64) {
  let secondsTaken = Double(nanoseconds) / 1e9
  let rate = Double(events) / secondsTaken / 1e6
  print(
    pad(name, 10) + fixed(secondsTaken * 1000, places: 1) + " ms  "
      + fixed(rate, places: 1) + " M events/s")
}

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(1, width - text.count))
}

let bytes = readAll(path)

// Parse.
var events: [InputEvent] = []
var device: DeviceDescription
var best = UInt64.max
/// A reader of the benchmark file in the format its content has (evemu or libinput YAML).
func makeReader() throws(TraceError) -> any TraceReader {
  switch RecordingFormat.detect(prefix: bytes.prefix(64 * 1024)) {
  case .evemu: return try EvemuReader(bytes: bytes, name: path)
  case .libinput: return try LibinputRecordReader(bytes: bytes, name: path)
  }
}
do {
  let reader = try makeReader()
  device = reader.device
  var batch = EventBatch()
  while try reader.read(into: &batch) { events.append(contentsOf: batch.events) }
  for _ in 0..<repeats {
    let reader = try makeReader()
    var count = 0
    let start = now()
    while try reader.read(into: &batch) { count &+= batch.events.count }
    best = min(best, now() - start)
    precondition(count == events.count)
  }
} catch {
  print("gesture-bench: \(error)")
  exit(1)
}
print("file      \(path): \(bytes.count) bytes, \(events.count) events")
report("parse", events: events.count, nanoseconds: best)

// Decode.
best = UInt64.max
var frameCount = 0
let decodeBest: UInt64
for _ in 0..<repeats {
  var decoder = DecoderCore(device: device)
  var frames = 0
  let start = now()
  for event in events where decoder.feed(event) { frames &+= 1 }
  best = min(best, now() - start)
  frameCount = frames
}
report("decode", events: events.count, nanoseconds: best)
decodeBest = best
print("frames    \(frameCount)")
if decodeOnly { exit(0) }

// Decode and recognize.
best = UInt64.max
var gestureCount = 0
for _ in 0..<repeats {
  var decoder = DecoderCore(device: device)
  let gestures = Counter()
  let engine = GestureEngine.makeDefault(onEvent: { _, _ in gestures.add() })
  let start = now()
  for event in events where decoder.feed(event) { engine.process(decoder.frame) }
  best = min(best, now() - start)
  gestureCount = gestures.count
}
report("recognize", events: events.count, nanoseconds: best)
let engineTime = best > decodeBest ? best - decodeBest : 0
print(
  pad("engine", 10) + fixed(Double(engineTime) / 1e6, places: 1) + " ms  "
    + fixed(Double(engineTime) / Double(max(frameCount, 1)), places: 0) + " ns/frame")
print("gestures  \(gestureCount) events")

if engineOnly { exit(0) }

// Time per frame, measured on its own pass (the clock reads would distort the totals).
var perFrame: [UInt64] = []
perFrame.reserveCapacity(frameCount)
do {
  var decoder = DecoderCore(device: device)
  let engine = GestureEngine.makeDefault(onEvent: { _, _ in })
  for event in events where decoder.feed(event) {
    let start = now()
    engine.process(decoder.frame)
    perFrame.append(now() - start)
  }
}
perFrame.sort()
if !perFrame.isEmpty {
  let p = { (q: Double) -> String in
    fixed(Double(perFrame[min(perFrame.count - 1, Int(Double(perFrame.count) * q))]), places: 0)
  }
  print("per frame p50 \(p(0.50)) ns  p99 \(p(0.99)) ns  max \(p(1.0)) ns")
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak RSS  \(usage.ru_maxrss / 1024) MiB")
