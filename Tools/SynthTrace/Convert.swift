import Foundation
import TouchInput

/// Rewrites an evemu recording as `libinput record` YAML, streaming (so the benchmark's 1 M-event
/// trace exists in both formats): the same device and events, times shifted so that the first
/// event is at 0 as libinput record writes it.
///
/// - Returns: the number of events written.
func convertToLibinput(evemu path: String, output: String) throws -> Int {
  var reader = try EvemuReader(path: path)
  var writer = LibinputRecordWriter(device: reader.device)
  guard FileManager.default.createFile(atPath: output, contents: nil),
    let handle = FileHandle(forWritingAtPath: output)
  else { throw TraceError(file: output, line: 0, reason: "cannot write") }
  defer { try? handle.close() }
  var out = writer.header()
  var batch = EventBatch()
  var origin: Microseconds?
  var count = 0
  while try reader.read(into: &batch) {
    for var event in batch.events {
      let start = origin ?? event.time
      origin = start
      event.time -= start
      writer.append(event, to: &out)
    }
    count += batch.events.count
    if out.utf8.count > 1 << 20 {
      try handle.write(contentsOf: Data(out.utf8))
      out.removeAll(keepingCapacity: true)
    }
  }
  try handle.write(contentsOf: Data(out.utf8))
  return count
}
