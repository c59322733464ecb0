import Foundation
import GestureDaemon
import Testing

/// The daemon's log never blocks: a reader that stops costs lines (counted), never time,
/// and lines are never torn.
@Suite struct DaemonLogTests {
  /// Reads what the pipe holds now, without waiting.
  func readAvailable(_ descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("a megabyte of lines into a pipe nobody reads returns at once; the drop is counted")
  func unreadPipe() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    let log = DaemonLog(descriptor: ends[1], capacity: 8192)
    let line = String(repeating: "x", count: 99)
    let start = Date()
    for index in 0..<10_000 { log.line("\(index) \(line)") }
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(log.droppedCount > 9000)
    let first = readAvailable(ends[0])
    log.line("after")
    let second = readAvailable(ends[0])
    let lines = (first + second).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let body = lines.dropLast()
    let dropped = body.filter { $0.hasPrefix("warning: log: ") }
    #expect(dropped.count == 1)
    #expect(dropped.first?.hasSuffix(" lines dropped (the log's reader was too slow)") == true)
    #expect(body.last == "after")
    let kept = body.filter { !$0.hasPrefix("warning: ") && $0 != "after" }
    #expect(kept.allSatisfy { $0.hasSuffix(" " + line) && Int($0.split(separator: " ")[0]) != nil })
    let count = Int(dropped.first?.split(separator: " ")[2] ?? "") ?? -1
    #expect(kept.count + count == 10_000)
  }
}
