import Foundation
import GestureDaemon
import GestureTestSupport
import Testing

/// The bindings shown in the README and Docs/gesturectl-run.md are valid, and the systemd
/// unit runs the daemon and reloads it with SIGHUP.
@Suite struct DocumentationTests {
  /// The first fenced block after `heading` in the file at `path` (relative to the package).
  func block(after heading: String, in path: String) throws -> String {
    let text = try String(
      contentsOf: packageDirectory.appendingPathComponent(path), encoding: .utf8)
    let start = try #require(text.range(of: heading), "no \(heading) in \(path)")
    let open = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
    let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
    return String(text[open.upperBound..<close.lowerBound])
  }

  @Test(
    "the example bindings parse",
    arguments: [
      ("### Gestures that run commands (`run`)", "README.md"),
      ("## EXAMPLES", "Docs/gesturectl-run.md"),
    ])
  func examplesParse(heading: String, path: String) throws {
    let example = try block(after: heading, in: path)
    let configuration = try BindingsParser.parse(example, file: path)
    #expect(configuration.bindings.count >= 8)
    #expect(configuration.devices.count == 1)
  }

  @Test("the systemd user unit runs gesturectl run and reloads it with SIGHUP")
  func unit() throws {
    let text = try String(
      contentsOf: packageDirectory.appendingPathComponent("Packaging/gesturectl.service"),
      encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("ExecStart=%h/.local/bin/gesturectl run"))
    #expect(lines.contains("ExecReload=/bin/kill -HUP $MAINPID"))
    #expect(lines.contains("WantedBy=graphical-session.target"))
    #expect(!text.contains("User=root"))
  }
}
