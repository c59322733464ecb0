import Foundation
import GestureTestSupport
import Testing

@testable import TouchInput

/// The public recordings of real devices, as published, in `Recordings/originals`.
let recordingsRoot = packageDirectory.appendingPathComponent("Recordings/originals").path

/// The path of a public recording, from its folder-relative name.
func recording(_ name: String) -> String {
  recordingsRoot + "/" + name
}

/// Everything a reader gives, read to the end in batches.
struct ReadResult: Equatable {
  var events: [InputEvent] = []
  var lines: [Int32] = []
}

/// Reads every remaining event of `reader` in batches of `batchSize`.
func readAll(_ reader: inout EvemuReader, batchSize: Int = 4096) throws(TraceError) -> ReadResult {
  var batch = EventBatch(capacity: batchSize)
  var result = ReadResult()
  while try reader.read(into: &batch) {
    #expect(batch.events.count == batch.lines.count)
    #expect(batch.events.count <= batchSize)
    result.events += batch.events
    result.lines += batch.lines
  }
  return result
}

/// The error a throwing closure throws, or `nil`.
func traceError(_ body: () throws(TraceError) -> Void) -> TraceError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// A fresh temporary directory for one test's files.
func makeTemporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "/evemu-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Deletes a directory made by `makeTemporaryDirectory()`.
func removeDirectory(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// Writes `bytes` to `path`.
func write(bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes `text` to `path`.
func write(_ text: String, to path: String) throws {
  try write(bytes: Array(text.utf8), to: path)
}

/// The number of lines of `path` that start with `E:` (what `grep -c '^E:'` says).
func eventLineCount(_ path: String) throws -> Int {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  var count = 0
  var column = 0
  var startsWithE = false
  for byte in data {
    if byte == 0x0a {
      column = 0
      continue
    }
    if column == 0 {
      startsWithE = byte == UInt8(ascii: "E")
    } else if column == 1 && startsWithE && byte == UInt8(ascii: ":") {
      count += 1
    }
    column += 1
  }
  return count
}

/// Forty zero bytes in hex, so that the next `B: 01` line continues at byte 40.
private let fortyZeroBytes = Array(repeating: "00", count: 40).joined(separator: " ")

/// A small evemu 1.2 header of a 2-slot touchscreen (14 lines), for synthetic files.
let smallHeader = """
  # EVEMU 1.2
  N: Test Screen
  I: 0003 1234 5678 0001
  P: 02 00 00 00 00 00 00 00
  B: 00 0b 00 00 00 00 00 00 00
  B: 01 \(fortyZeroBytes)
  B: 01 00 04 00 00 00 00 00 00
  B: 03 03 00 00 00 00 80 60 02
  A: 00 0 1000 0 0 10
  A: 01 0 500 0 0 10
  A: 2f 0 1 0 0 0
  A: 35 0 1000 0 0 10
  A: 36 0 500 0 0 10
  A: 39 0 65535 0 0 0

  """
