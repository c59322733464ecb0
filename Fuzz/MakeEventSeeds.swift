// Writes seeds for the event-stream target: the events of each recording given, in the
// target's layout, one file per device kind (see Docs/Fuzzing.md). Run by Tools/fuzz.sh.
import FuzzTargets
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
  fputs("usage: make-event-seeds DIRECTORY RECORDING…\n", stderr)
  exit(2)
}
for (number, path) in arguments.dropFirst().enumerated() {
  guard let reader = try? EvemuReader(path: path) else { continue }
  var events: [InputEvent] = []
  var batch = EventBatch()
  while (try? reader.read(into: &batch)) == true && events.count < 4000 {
    events += batch.events
  }
  for device in UInt8(0)..<4 {
    let bytes = FuzzEventStream.encode(Array(events.prefix(4000)), device: device)
    guard let file = fopen("\(directory)/seed-\(number)-\(device)", "wb") else { continue }
    // The C boundary: `fwrite(3)` reads the array's storage.
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}
