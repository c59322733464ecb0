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
// and the peak resident memory of the process.

import GestureRecognition
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
do {
  var reader = try EvemuReader(bytes: bytes, name: path)
  device = reader.device
  var batch = EventBatch()
  while try reader.read(into: &batch) { events.append(contentsOf: batch.events) }
  for _ in 0..<repeats {
    var reader = try EvemuReader(bytes: bytes, name: path)
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
for _ in 0..<repeats {
  var decoder = TouchDecoder(device: device)
  var frames = 0
  let start = now()
  for event in events where decoder.decode(event) != nil { frames &+= 1 }
  best = min(best, now() - start)
  frameCount = frames
}
report("decode", events: events.count, nanoseconds: best)
print("frames    \(frameCount)")

// Decode + recognize with the default set (frames decoded once, outside the timing).
var frames: [TouchFrame] = []
frames.reserveCapacity(frameCount)
do {
  var decoder = TouchDecoder(device: device)
  for event in events { if let frame = decoder.decode(event) { frames.append(frame) } }
}
best = UInt64.max
var actions = 0
for _ in 0..<repeats {
  var count = 0
  let engine = GestureEngine.makeDefault { _, _ in count &+= 1 }
  let start = now()
  for frame in frames { engine.process(frame) }
  if let last = frames.last { engine.flush(after: last.time) }
  best = min(best, now() - start)
  actions = count
}
print(
  "recognize " + fixed(Double(best) / Double(max(frames.count, 1)), places: 1)
    + " ns/frame (default set, \(actions) actions)")

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak RSS  \(usage.ru_maxrss / 1024) MiB")
