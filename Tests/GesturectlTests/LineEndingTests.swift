import Foundation
import GestureTestSupport
import Testing

/// libinput recordings with line ends other than LF: CRLF reads as LF does; CR-only and LF-CR
/// get the evemu reader's 'carriage return inside a line', not a misread value.
@Suite struct LineEndingTests {
  static let recording = packageDirectory.appendingPathComponent(
    "Recordings/libinput/synthetic/carousel-demo.yml"
  ).path

  /// Writes `bytes` to a fresh file and returns its path; the caller removes its directory.
  static func write(_ bytes: [UInt8], name: String) throws -> (path: String, directory: URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "line-endings-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (path, directory)
  }

  /// The recording with each LF replaced by `ending`, cut to its first `lines` lines if given.
  static func converted(_ ending: [UInt8], lines: Int? = nil) throws -> [UInt8] {
    var text = try Data(contentsOf: URL(fileURLWithPath: recording)).split(
      separator: 0x0A, omittingEmptySubsequences: false
    ).map(Array.init)
    if let lines { text = Array(text.prefix(lines)) }
    return Array(text.joined(separator: ending))
  }

  static let reason =
    "carriage return inside a line: CR-only (classic Mac OS) line endings are not read; "
    + "convert them to LF"

  @Test("a CR-only libinput header is refused at line 1 as 'carriage return inside a line'")
  func crOnly() throws {
    let file = try Self.write(try Self.converted([0x0D], lines: 40), name: "cr.yml")
    defer { try? FileManager.default.removeItem(at: file.directory) }
    let result = try runProduct("gesturectl", ["replay", file.path])
    #expect(result.status == 1)
    #expect(result.stderr == "error: \(file.path):1: \(Self.reason)\n")
  }

  @Test("an LF-CR libinput recording is refused at line 2 as 'carriage return inside a line'")
  func lfCr() throws {
    let file = try Self.write(try Self.converted([0x0A, 0x0D]), name: "lfcr.yml")
    defer { try? FileManager.default.removeItem(at: file.directory) }
    let result = try runProduct("gesturectl", ["replay", file.path])
    #expect(result.status == 1)
    #expect(result.stderr == "error: \(file.path):2: \(Self.reason)\n")
  }

  @Test("a CRLF libinput recording replays as the LF one does")
  func crlf() throws {
    let file = try Self.write(try Self.converted([0x0D, 0x0A]), name: "crlf.yml")
    defer { try? FileManager.default.removeItem(at: file.directory) }
    let result = try runProduct("gesturectl", ["replay", file.path])
    let original = try runProduct("gesturectl", ["replay", Self.recording])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.isEmpty)
    #expect(result.stdout == original.stdout)
  }
}
