import Foundation
import GestureTestSupport
import Testing

/// `gesturectl check-config`: the built binary on real files.
@Suite struct CheckConfigTests {
  /// A fresh directory with `files` written in it.
  static func directory(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "daemon-tests-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    for (name, text) in files {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return url
  }

  @Test("a good file is printed normalized, -g bindings after it")
  func printsNormalized() throws {
    let directory = try Self.directory(["b": "# volume\nswipe direction=up fingers=2 run vol +\n"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("b").path
    let result = try runProduct("gesturectl", ["check-config", "-g", "3,UD,*,*,R,x", path])
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        swipe direction=up fingers=2 on=recognize run vol +
        lisgd 3,UD,*,*,R,x

        """)
  }

  @Test("a bad line is an error naming the file and line, exit status 1")
  func badLine() throws {
    let directory = try Self.directory(["b": "tap run a\n\ntap taps=4 run b\n"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("b").path
    let result = try runProduct("gesturectl", ["check-config", path])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr == "error: \(path):3: expected taps= a whole number from 1 to 3, not '4'\n")
  }

  @Test("without FILE the XDG default is read, then ~/.config")
  func defaultPath() throws {
    let directory = try Self.directory([
      "xdg/gesturectl/bindings": "tap run xdg\n",
      "home/.config/gesturectl/bindings": "tap run home\n",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let xdg = try runProduct(
      "gesturectl", ["check-config"],
      environment: [
        "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path,
        "HOME": directory.appendingPathComponent("home").path,
      ])
    #expect(xdg.stdout == "tap taps=1 fingers=1 on=recognize run xdg\n")
    let home = try runProduct(
      "gesturectl", ["check-config"],
      environment: ["XDG_CONFIG_HOME": "", "HOME": directory.appendingPathComponent("home").path])
    #expect(home.stdout == "tap taps=1 fingers=1 on=recognize run home\n")
    let missing = try runProduct(
      "gesturectl", ["check-config"],
      environment: ["XDG_CONFIG_HOME": "", "HOME": directory.appendingPathComponent("none").path])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.hasPrefix(
        "error: \(directory.path)/none/.config/gesturectl/bindings: cannot read the file: open("))
  }

  @Test("check-config accepts a device rule's own and prints it back")
  func ownRule() throws {
    let directory = try Self.directory([
      "b": "device name=\"Goodix*\" own\nswipe direction=up fingers=3 run a\n"
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try runProduct(
      "gesturectl", ["check-config", directory.appendingPathComponent("b").path])
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(
      result.stdout == "device name=Goodix* own\nswipe direction=up fingers=3 on=recognize run a\n")
  }
}
