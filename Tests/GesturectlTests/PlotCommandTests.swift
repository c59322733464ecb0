import Foundation
import GestureTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `gesturectl plot` writes a valid SVG picture of a recording.
@Suite("gesturectl plot")
struct PlotCommandTests {
  @Test(
    "The SVG parses as XML and has one path per touch and a legend entry per gesture",
    arguments: [
      "Recordings/synthetic/pinch-rotate-pan.evemu", "Recordings/public/wetab-taps.evemu",
    ])
  func validSVG(path: String) throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plot-\(getpid())-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try runProduct(
      "gesturectl", ["plot", packageDirectory.appendingPathComponent(path).path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try Data(contentsOf: output)
    let counter = ElementCounter()
    let parser = XMLParser(data: data)
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.counts["svg"] == 1)
    let touches = try runProduct(
      "gesturectl",
      ["replay", "--touches", "--no-gestures", packageDirectory.appendingPathComponent(path).path])
    let began = touches.stdout.split(separator: "\n").count { $0.contains(" began ") }
    #expect(counter.counts["polyline"] == began)
    #expect((counter.counts["text"] ?? 0) > began)
  }

  @Test("plot without -o is a usage error")
  func missingOutput() throws {
    let result = try runProduct("gesturectl", ["plot", "x.evemu"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: no output file given; use -o OUT.svg"))
  }
}

/// Counts the elements of an XML document by name.
final class ElementCounter: NSObject, XMLParserDelegate {
  var counts: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    counts[elementName, default: 0] += 1
  }
}
