import Foundation
import TouchInput

/// The report rate when `--rate` is not given, in Hz (within the 60–240 Hz of real panels).
let defaultRate = 120.0
/// The seed when `--seed` is not given.
let defaultSeed: UInt64 = 1

/// The two random streams of one recording, both derived from the user's seed and the
/// scenario's name, so each scenario has its own numbers and `all` equals one-by-one runs.
func randomStreams(seed: UInt64, name: String) -> (builder: SplitMix64, emitter: SplitMix64) {
  var mixer = SplitMix64(seed: seed ^ stableHash(name))
  return (SplitMix64(seed: mixer.next()), SplitMix64(seed: mixer.next()))
}

/// The whole evemu text of one scenario.
func generate(_ scenario: Scenario, seed: UInt64, rate: Double) -> String {
  let streams = randomStreams(seed: seed, name: scenario.name)
  var builder = SessionBuilder(random: streams.builder)
  scenario.build(&builder)
  var emitter = Emitter(
    rate: rate, random: streams.emitter, device: scenario.model.description(with: scenario.panel),
    model: scenario.model)
  emitter.out = emitter.writer.header()
  emitter.drops = builder.drops.sorted()
  for group in builder.finish() { emitter.emit(group) }
  return emitter.out
}

/// Writes `text` to `path`, replacing the file.
func writeFile(_ text: String, to path: String) throws {
  guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
    throw ToolError("cannot write \(path)")
  }
}

/// Writes a stress recording (or, with `session`, a phone session: `PhoneSession`) of at least
/// `events` events to `path`; returns the counts.
func generateStress(
  events: Int, seed: UInt64, rate: Double, path: String, session: Bool = false
) throws -> (events: Int, frames: Int, bytes: Int) {
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let handle = FileHandle(forWritingAtPath: path)
  else { throw ToolError("cannot write \(path)") }
  defer { try? handle.close() }
  let streams = randomStreams(seed: seed, name: session ? "session" : "stress")
  var builder = SessionBuilder(random: streams.builder)
  var emitter = Emitter(rate: rate, random: streams.emitter)
  emitter.out = emitter.writer.header()
  var bytes = 0
  let add = session ? PhoneSession.addGesture(to:) : Stress.addRandomGesture(to:)
  try Stress.run(events: events, builder: &builder, emitter: &emitter, add: add) { text in
    let data = Data(text.utf8)
    bytes += data.count
    try handle.write(contentsOf: data)
    text.removeAll(keepingCapacity: true)
  }
  return (emitter.eventCount, emitter.frameCount, bytes)
}

/// A failure the tool reports as one `error:` line.
struct ToolError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String

  /// Creates an error.
  init(_ description: String) {
    self.description = description
  }
}
