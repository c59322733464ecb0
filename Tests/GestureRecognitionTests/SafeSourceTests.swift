import Foundation
import GestureTestSupport
import Testing

/// The engine's module is plain, safe Swift (issue 15): none of the constructs the project's
/// rule makes exceptions appears in its sources (Docs/Gestures.md, "The safe core").
@Suite struct SafeSourceTests {
  /// The constructs, as they are spelled in source.
  static let forbidden = [
    "@exclusivity(unchecked)", "Unmanaged", "_withUnsafeGuaranteedRef", "unowned(unsafe)",
    "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer", "UnsafeMutableBufferPointer",
    "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeRawBufferPointer",
    "UnsafeMutableRawBufferPointer", "withUnsafe", "@inline(__always)",
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

  /// The lines of `text` that hold a forbidden construct.
  static func violations(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let code = line.trimmingCharacters(in: .whitespaces)
      return forbidden.contains(where: { code.contains($0) }) ? code : nil
    }
  }

  @Test("GestureRecognition's sources hold no unchecked, unmanaged, unsafe or forced-inline code")
  func noUnsafeConstructs() throws {
    let files = try Self.sources()
    // The walk found the module (it has more than 30 files), so an empty result means something.
    #expect(files.count > 30)
    var found: [String] = []
    for (path, text) in files {
      found += Self.violations(in: text).map { path + ": " + $0 }
    }
    #expect(found == [])
  }

  @Test("the check finds a construct when one is there (positive control)")
  func checkFindsConstructs() {
    let sample = """
        @exclusivity(unchecked) var count = 0
        let p: UnsafeMutablePointer<Int>
        @inline(__always) func f() {}
        let plain = 1
      """
    #expect(
      Self.violations(in: sample) == [
        "@exclusivity(unchecked) var count = 0", "let p: UnsafeMutablePointer<Int>",
        "@inline(__always) func f() {}",
      ])
  }
}
