import Glibc
import Testing
import TextOutput

@Suite struct ErrorLineTests {
  @Test("writeErrorLine writes the line and a newline, whole, to the descriptor")
  func wholeLine() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let long = String(repeating: "x", count: 3_000)
    writeErrorLine("warning: libevdev: é", descriptor: ends[1])
    writeErrorLine(long, descriptor: ends[1])
    close(ends[1])
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = read(ends[0], &chunk, chunk.count)
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "warning: libevdev: é\n" + long + "\n")
  }
}
