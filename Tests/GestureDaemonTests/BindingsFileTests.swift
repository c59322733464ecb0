import Foundation
import GestureTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where the bindings file is looked for and which files are read at all: regular files of at
/// most 1 MiB that only their owner (the caller or root) can write.
@Suite struct BindingsFileTests {
  /// A fresh empty directory.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bindings-file-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a FIFO as check-config FILE or run --config FILE is refused at once, not waited on")
  func fifoRefused() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("bindings").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for arguments in [["check-config", fifo], ["run", "--config", fifo, "/dev/input/event99"]] {
      let result = try runProduct("gesturectl", arguments, timeout: 20)
      #expect(!result.timedOut)
      #expect(result.status == 1)
      #expect(
        result.stderr == "error: \(fifo): not a regular file (a FIFO, a device…)\n",
        "\(arguments)")
    }
  }

  @Test("/dev/zero as a bindings file is refused at once, not read for ever")
  func deviceRefused() throws {
    let result = try runProduct("gesturectl", ["check-config", "/dev/zero"], timeout: 20)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(result.stderr == "error: /dev/zero: not a regular file (a FIFO, a device…)\n")
  }

  @Test("/dev/null is an empty bindings file: the -g lines alone")
  func devNullIsEmpty() throws {
    let result = try runProduct(
      "gesturectl", ["check-config", "-g", "1,LR,*,*,R,echo right", "/dev/null"], timeout: 20)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "lisgd \"1,LR,*,*,R,echo right\"\n")
  }

  @Test("a bindings file beyond 1 MiB is an error naming the limit")
  func sizeLimit() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bindings").path
    let line = "# " + String(repeating: "x", count: 1021) + "\n"
    try String(repeating: line, count: 1024).write(toFile: path, atomically: true, encoding: .utf8)
    let fits = try runProduct("gesturectl", ["check-config", path])
    #expect(fits.status == 0, "\(fits.stderr)")
    try (String(repeating: line, count: 1024) + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try runProduct("gesturectl", ["check-config", path])
    #expect(result.status == 1)
    #expect(result.stderr == "error: \(path): larger than 1048576 bytes; not a bindings file\n")
  }

  @Test("a bindings file that others can write is refused, as ssh refuses such files")
  func othersCanWrite() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bindings").path
    try "tap run true\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o644) == 0)
    let fine = try runProduct("gesturectl", ["check-config", path])
    #expect(fine.status == 0, "\(fine.stderr)")
    #expect(chmod(path, 0o646) == 0)
    let result = try runProduct("gesturectl", ["check-config", path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(path): others could run commands through it (mode 646, owner uid "
        + "\(geteuid())); it must be yours or root's and not writable by others (chmod o-w)\n")
  }

  @Test("a relative XDG_CONFIG_HOME is ignored: the file under HOME is used")
  func relativeConfigHomeIgnored() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = directory.appendingPathComponent("home")
    let file = home.appendingPathComponent(".config/gesturectl/bindings")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "tap run home\n".write(to: file, atomically: true, encoding: .utf8)
    // The relative directory exists from the test's working directory too: it must not win.
    let relative = "bindings-relative-\(getpid())"
    let decoy = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(relative + "/gesturectl/bindings")
    try FileManager.default.createDirectory(
      at: decoy.deletingLastPathComponent(), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: relative) }
    try "tap run relative\n".write(to: decoy, atomically: true, encoding: .utf8)
    let result = try runProduct(
      "gesturectl", ["check-config"], environment: ["HOME": home.path, "XDG_CONFIG_HOME": relative])
    #expect(result.stderr == "")
    #expect(result.stdout == "tap taps=1 fingers=1 on=recognize run home\n")
  }

  @Test("with neither HOME nor an absolute XDG_CONFIG_HOME there is no default file: an error")
  func noHome() throws {
    let result = try runProduct(
      "gesturectl", ["check-config"], environment: ["HOME": "", "XDG_CONFIG_HOME": ""])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: gesturectl: no bindings file: neither HOME nor an absolute XDG_CONFIG_HOME is"
        + " set (name the file: check-config FILE, run --config FILE)\n")
  }
}
