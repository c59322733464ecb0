import Foundation
import GestureTestSupport
import Testing

/// The Swift code samples of the DocC catalogs and the README: compiled from `Examples/`, and
/// calling the library, not a helper only the example package has.
@Suite struct DocSampleTests {
  /// Every `*.md` of the catalogs, and the README.
  static let pages: [URL] = {
    var pages = [packageDirectory.appendingPathComponent("README.md")]
    let sources = packageDirectory.appendingPathComponent("Sources")
    let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "md" && url.path.contains(".docc/") { pages.append(url) }
    }
    return pages.sorted { $0.path < $1.path }
  }()

  /// The example package's Swift sources (not its build directory).
  static let exampleSources: [String] = {
    let root = packageDirectory.appendingPathComponent("Examples")
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var texts: [String] = []
    while let url = walker?.nextObject() as? URL {
      if url.path.contains("/.build/") { continue }
      if url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) {
        texts.append(text)
      }
    }
    return texts
  }()

  /// Trimmed, non-blank lines.
  static func lines(_ text: some StringProtocol) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The ```swift blocks of a page, with the line each starts on.
  static func samples(_ page: URL) throws -> [(line: Int, code: [String])] {
    let text = try String(contentsOf: page, encoding: .utf8)
    var samples: [(Int, [String])] = []
    var current: (Int, [String])?
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if current == nil, line == "```swift" {
        current = (number + 1, [])
      } else if let block = current, line == "```" {
        samples.append(block)
        current = nil
      } else if current != nil, !line.isEmpty {
        current?.1.append(line)
      }
    }
    return samples
  }

  /// Functions the example package declares at the top level of its library (helpers a
  /// reader of the documentation does not have).
  static let exampleHelpers: Set<String> = {
    var names: Set<String> = []
    for text in exampleSources {
      for line in text.split(separator: "\n") where line.hasPrefix("public func ") {
        let name = line.dropFirst("public func ".count).prefix { $0.isLetter || $0.isNumber }
        names.insert(String(name))
      }
    }
    return names
  }()

  @Test("every Swift sample of the catalogs and the README is, line for line, in Examples/")
  func samplesAreInExamples() throws {
    let examples = Self.exampleSources.map(Self.lines).joined(separator: [""]).map { $0 }
    let haystack = "\n" + examples.joined(separator: "\n") + "\n"
    var count = 0
    for page in Self.pages {
      for sample in try Self.samples(page) where !sample.code.isEmpty {
        count += 1
        let needle = "\n" + sample.code.joined(separator: "\n") + "\n"
        #expect(haystack.contains(needle), "\(page.lastPathComponent):\(sample.line)")
      }
    }
    #expect(count > 20, "the pages' samples were found")
  }

  @Test("no sample calls a helper that only the example package declares")
  func samplesCallTheLibrary() throws {
    #expect(Self.exampleHelpers.contains("carouselChanges"), "the helpers were found")
    for page in Self.pages {
      for sample in try Self.samples(page) {
        let code = sample.code.joined(separator: "\n")
        for helper in Self.exampleHelpers
        where code.contains(helper + "(") && !code.contains("func " + helper + "(") {
          Issue.record("\(page.lastPathComponent):\(sample.line): calls the example's \(helper)")
        }
      }
    }
  }
}
