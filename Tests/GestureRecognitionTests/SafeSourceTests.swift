import Foundation
import GestureTestSupport
import Testing

/// The engine's module is plain, safe Swift (issue 15): none of the constructs the project's
/// rule makes exceptions appears in its sources, except the one measured exception left (each
/// built-in recognizer's `machine`, Docs/Gestures.md "Speed").
@Suite struct SafeSourceTests {
  /// The constructs, as they are spelled in source.
  static let forbidden = [
    "@exclusivity(unchecked)", "Unmanaged", "_withUnsafeGuaranteedRef", "unowned(unsafe)",
    "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer", "UnsafeMutableBufferPointer",
    "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeRawBufferPointer",
    "UnsafeMutableRawBufferPointer", "withUnsafe", "@inline(__always)",
  ]

  /// The exceptions left, as whole lines: one per built-in recognizer's state machine.
  static let allowed: Set<String> = [
    "@exclusivity(unchecked) private var machine = TapMachine()",
    "@exclusivity(unchecked) private var machine = LongPressMachine()",
    "@exclusivity(unchecked) private var machine = SwipeMachine()",
    "@exclusivity(unchecked) private var machine = DragMachine(rule: PanRule())",
    "@exclusivity(unchecked) private var machine = SimilarityMachine<ScaleMeasure>()",
    "@exclusivity(unchecked) private var machine = SimilarityMachine<AngleMeasure>()",
  ]

  /// Every Swift file under Sources/GestureRecognition, with its text.
  static func sources() throws -> [(path: String, text: String)] {
    let root = packageDirectory.appendingPathComponent("Sources/GestureRecognition")
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var files: [(String, String)] = []
    for case let path as String in walker where path.hasSuffix(".swift") {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      files.append((path, text))
    }
    return files
  }

  /// The lines of `text` that hold a forbidden construct and are not an allowed exception.
  static func violations(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !allowed.contains(code), forbidden.contains(where: { code.contains($0) }) else {
        return nil
      }
      return code
    }
  }

  @Test("GestureRecognition's sources hold no unchecked, unmanaged, unsafe or forced-inline code")
  func noUnsafeConstructs() throws {
    let files = try Self.sources()
    // The walk found the module (it has more than 30 files), so an empty result means something.
    #expect(files.count > 30)
    var found: [String] = []
    var exceptions: [String: Int] = [:]
    for (path, text) in files {
      found += Self.violations(in: text).map { path + ": " + $0 }
      for line in text.split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        if Self.allowed.contains(code) { exceptions[code, default: 0] += 1 }
      }
    }
    #expect(found == [])
    // Each exception left appears at most once (a copy of one would need its own measurement;
    // Tools/exclusivity-check.sh removes them all).
    #expect(exceptions.values.allSatisfy { $0 == 1 })
  }

  @Test("the check finds a construct when one is there (positive control)")
  func checkFindsConstructs() {
    let sample = """
        @exclusivity(unchecked) var count = 0
        let p: UnsafeMutablePointer<Int>
        @exclusivity(unchecked) private var machine = TapMachine()
      """
    #expect(
      Self.violations(in: sample) == [
        "@exclusivity(unchecked) var count = 0", "let p: UnsafeMutablePointer<Int>",
      ])
  }
}
