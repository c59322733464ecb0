// gesture-app: replays a touch recording through TouchGestures and prints what it recognized.
//
//   swift run --package-path Examples/GestureApp gesture-app [--carousel] [RECORDING]
//
//   swift run --package-path Examples/GestureApp gesture-app --live /dev/input/eventN
//
//   swift run --package-path Examples/GestureApp gesture-app --live-async /dev/input/eventN COUNT
//
// It prints every gesture event but the `changed` steps, then what the targets heard; with
// `--carousel`, the image carousel's changes. With no recording it replays one of the
// repository's own. With `--live`, it reads a device from its own poll loop through the
// library's non-blocking API and prints the events until the device is quiet for 1.5 s.
// With `--live-async`, an actor of the app iterates the library's asynchronous sequence of the
// device's gesture events until COUNT have come, then they are printed.
// Exit status 1 on bad input.
import EvdevDevice
import GestureAppKit
import GestureRecognition
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// The repository's `Recordings/` folder, found from this file's place in it.
let recordings: String = {
  var path = #filePath
  for _ in 0..<5 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
  return path + "/Recordings"
}()

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--live", arguments.count == 2 {
  do throws(EvdevError) {
    let input = try EvdevInput.open(path: arguments[1])
    var origin: Microseconds?
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      if origin == nil { origin = event.time }
      // Times from the first gesture: a device's clock has no recording origin.
      print(event.text(origin: origin ?? event.time))
    })
    try recognizeFromEventLoop(input: input, engine: engine, idle: 1500)
  } catch {
    print("error: \(error)")
    exit(1)
  }
  exit(0)
}
if arguments.first == "--live-async", arguments.count == 3, let count = Int(arguments[2]) {
  // The first COUNT events of the device, received on an actor of the app.
  let inbox = GestureInbox()
  do {
    try await inbox.receive(device: arguments[1], count: count)
  } catch {
    print("error: \(error)")
    exit(1)
  }
  // Times since the device's first event.
  for event in await inbox.events { print(event.text()) }
  exit(0)
}
let carousel = arguments.first == "--carousel"
if carousel { arguments.removeFirst() }
let path =
  arguments.first
  ?? recordings + "/synthetic/carousel-demo.evemu"

do throws(TraceError) {
  if carousel {
    for change in try carouselChanges(replaying: path) { print(change) }
  } else {
    let wiring = GestureWiring()
    let log = GestureLog()
    log.observe(wiring)
    var events: [(GestureEvent, String)] = []
    wiring.engine.onEvent = { event, recognizer in
      events.append((event, recognizer.name))
    }
    let summary = try replayRecording(at: path, through: wiring.engine)
    let origin = summary.firstEventTime ?? 0
    // Every event but the `changed` steps of continuous gestures, which are only counted.
    var steps = 0
    for (event, name) in events {
      if event.state == .changed {
        steps += 1
      } else {
        print(event.text(origin: origin) + "  [\(name)]")
      }
    }
    print("\(steps) changed steps; the targets heard \(log.lines.count) actions:")
    for line in log.lines { print("  " + line) }
    for warning in summary.warnings { print("warning: \(path): \(warning.message)") }
  }
} catch {
  print("error: \(error)")
  exit(1)
}
