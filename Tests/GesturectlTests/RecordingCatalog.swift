import Foundation
import GestureTestSupport
import Testing

/// One recording of `Recordings/` with its options and golden files.
struct Recording: CustomTestStringConvertible, Sendable {
  /// The path relative to the package, e.g. `Recordings/public/wetab-taps.evemu`.
  var relativePath: String

  /// The absolute path of the recording.
  var url: URL { packageDirectory.appendingPathComponent(relativePath) }

  /// Extra command-line arguments from the sibling `.args` file, one per line.
  var arguments: [String] {
    let argsURL = url.deletingPathExtension().appendingPathExtension("args")
    guard let text = try? String(contentsOf: argsURL, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// The golden file with `suffix` (`touches`, `gestures`, `carousel`).
  func golden(_ suffix: String) -> URL {
    url.deletingPathExtension().appendingPathExtension(suffix)
  }

  var testDescription: String { relativePath }

  /// At least this many recordings are under `Recordings/` outside `originals/` (58 when this
  /// was written). Every suite parameterized over ``all`` checks it
  /// (``expectCatalogFound(sourceLocation:)``), so a missing or moved folder fails instead of
  /// running zero cases. Raise it when adding recordings.
  static let minimumCount = 58

  /// Records an issue unless ``all`` found the recordings: with `Recordings/` missing, a
  /// parameterized test would pass with zero cases.
  static func expectCatalogFound(sourceLocation: SourceLocation = #_sourceLocation) {
    let count = all.count
    let root = packageDirectory.path + "/Recordings"
    #expect(
      count >= minimumCount,
      "found \(count) recordings under \(root), expected at least \(minimumCount)",
      sourceLocation: sourceLocation)
  }

  /// Every `.evemu` file under `Recordings/`, sorted, except the unmodified originals (they
  /// have no golden files; `public/` holds their replayable copies) and `sxmo/` (the daemon's
  /// lisgd parity data, checked against lisgd's answers instead).
  static var all: [Recording] {
    let root = packageDirectory.appendingPathComponent("Recordings")
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var found: [Recording] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".evemu") && !path.hasPrefix("originals/") && !path.hasPrefix("sxmo/") {
        found.append(Recording(relativePath: "Recordings/" + path))
      }
    }
    return found.sorted { $0.relativePath < $1.relativePath }
  }
}
