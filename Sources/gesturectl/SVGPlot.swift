import GestureRecognition
import TextOutput
import TouchInput

/// Renders a `TraceRecording` as a standalone SVG document, in millimetres.
struct SVGPlot: ~Copyable {
  let recording: TraceRecording
  let title: String

  /// Colours by gesture kind; grey for touches that took part in no gesture.
  static func colour(_ kind: GestureKind?) -> String {
    guard let kind else { return "#999999" }
    switch kind {
    case .tap: return "#1f77b4"
    case .longPress: return "#9467bd"
    case .swipe: return "#d62728"
    case .pan: return "#2ca02c"
    case .pinch: return "#ff7f0e"
    case .rotation: return "#8c564b"
    case .edgePan: return "#17becf"
    default: return "#e377c2"
    }
  }

  /// The gesture each touch belongs to: the first one that began or was recognized while the
  /// touch was down, or within 0.5 s after it lifted.
  func gestureOfTouches() -> [TouchID: GestureKind] {
    var result: [TouchID: GestureKind] = [:]
    let starts = recording.gestures.filter { $0.state == .began || $0.state == .recognized }
    for id in recording.order {
      guard let path = recording.paths[id], let first = path.points.first?.time,
        let last = path.points.last?.time
      else { continue }
      if let event = starts.first(where: { $0.time >= first && $0.time <= last + 500_000 }) {
        result[id] = event.kind
      }
    }
    return result
  }

  func render() -> String {
    let (width, height) = recording.size
    let legendWidth = max(70.0, width * 0.45)
    let margin = 6.0
    let totalWidth = width + legendWidth + 3 * margin
    let lineHeight = max(3.5, min(width, height) / 40)
    let legendLines = Double(recording.gestures.count { $0.state != .changed } + 12)
    let totalHeight = max(height + 2 * margin + lineHeight * 2, legendLines * lineHeight + margin)
    let origin = recording.origin ?? 0
    let owners = gestureOfTouches()
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(totalWidth))mm" \
      height="\(n(totalHeight))mm" viewBox="0 0 \(n(totalWidth)) \(n(totalHeight))" \
      font-family="sans-serif" font-size="\(n(lineHeight * 0.8))">
      <title>\(escape(title))</title>

      """
    svg += "<text x=\"\(n(margin))\" y=\"\(n(margin + lineHeight * 0.8))\">"
    svg += "\(escape(title)): \(n(width)) × \(n(height)) mm</text>\n"
    let top = margin + lineHeight * 1.5
    svg += "<g transform=\"translate(\(n(margin)) \(n(top)))\">\n"
    svg += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#fafafa\""
    svg += " stroke=\"#333\" stroke-width=\"0.3\"/>\n"
    let stroke = max(0.4, min(width, height) / 200)
    for id in recording.order {
      guard let path = recording.paths[id], let first = path.points.first,
        let last = path.points.last
      else { continue }
      let colour = Self.colour(owners[id])
      svg += "<g class=\"touch\" id=\"touch-\(id.rawValue)\">\n"
      svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(n(stroke))\" points=\""
      for point in path.points { svg += "\(n(point.location.x)),\(n(point.location.y)) " }
      svg += "\"/>\n"
      svg += "<circle cx=\"\(n(first.location.x))\" cy=\"\(n(first.location.y))\""
      svg += " r=\"\(n(stroke * 2.5))\" fill=\"\(colour)\"/>\n"
      let side = stroke * 4
      svg += "<rect x=\"\(n(last.location.x - side / 2))\" y=\"\(n(last.location.y - side / 2))\""
      svg +=
        " width=\"\(n(side))\" height=\"\(n(side))\" fill=\"\(path.cancelled ? "#fff" : colour)\""
      svg += " stroke=\"\(colour)\" stroke-width=\"\(n(stroke / 2))\"/>\n"
      svg += ticks(path, origin: origin, colour: colour, size: stroke, font: lineHeight * 0.6)
      svg +=
        "<text x=\"\(n(first.location.x + stroke * 3))\" y=\"\(n(first.location.y - stroke * 3))\""
      svg += " fill=\"\(colour)\">\(id.rawValue)</text>\n"
      svg += "</g>\n"
    }
    svg += "</g>\n"
    svg += legend(x: width + 2 * margin, y: top, lineHeight: lineHeight, origin: origin)
    svg += "</svg>\n"
    return svg
  }

  /// A dot every 100 ms along a path, with the time written at each whole second.
  private func ticks(
    _ path: TraceRecording.Path, origin: Microseconds, colour: String, size: Double,
    font: Double
  ) -> String {
    var out = ""
    var next = ((path.points[0].time - origin) / 100_000 + 1) * 100_000 + origin
    for point in path.points where point.time >= next {
      out += "<circle cx=\"\(n(point.location.x))\" cy=\"\(n(point.location.y))\""
      out +=
        " r=\"\(n(size * 0.9))\" fill=\"#fff\" stroke=\"\(colour)\" stroke-width=\"\(n(size / 3))\"/>\n"
      if (next - origin) % 1_000_000 == 0 {
        out +=
          "<text x=\"\(n(point.location.x + size * 2))\" y=\"\(n(point.location.y + size * 2))\""
        out += " font-size=\"\(n(font))\" fill=\"#555\">\((next - origin) / 1_000_000) s</text>\n"
      }
      next = ((point.time - origin) / 100_000 + 1) * 100_000 + origin
    }
    return out
  }

  /// The colour key and the recognized gestures, in order.
  private func legend(x: Double, y: Double, lineHeight: Double, origin: Microseconds) -> String {
    var out = "<g class=\"legend\" transform=\"translate(\(n(x)) \(n(y)))\">\n"
    var row = 1.0
    let kinds: [GestureKind?] = [.tap, .longPress, .swipe, .pan, .pinch, .rotation, .edgePan, nil]
    for kind in kinds {
      out += "<rect x=\"0\" y=\"\(n((row - 0.8) * lineHeight))\" width=\"\(n(lineHeight * 0.8))\""
      out += " height=\"\(n(lineHeight * 0.8))\" fill=\"\(Self.colour(kind))\"/>"
      out += "<text x=\"\(n(lineHeight * 1.2))\" y=\"\(n(row * lineHeight))\">"
      out += "\(kind.map { $0.displayName.description } ?? "no gesture")</text>\n"
      row += 1
    }
    row += 0.5
    out += "<text x=\"0\" y=\"\(n(row * lineHeight))\" font-weight=\"bold\">Gestures</text>\n"
    row += 1
    for event in recording.gestures where event.state != .changed {
      out += "<text x=\"0\" y=\"\(n(row * lineHeight))\" fill=\"\(Self.colour(event.kind))\">"
      out += escape(
        "\(seconds(event.time - origin)) s  \(event.kind.displayName) \(event.state)"
          + (event.direction.map { " \($0)" } ?? "") + (event.taps.map { " ×\($0)" } ?? "")
          + " (\(event.touches) touch\(event.touches == 1 ? "" : "es"))")
      out += "</text>\n"
      row += 1
    }
    out += "</g>\n"
    return out
  }

  private func n(_ value: Double) -> String { fixed(value, places: 2) }
}

/// `text` with XML's special characters escaped.
func escape(_ text: String) -> String {
  var out = ""
  for character in text {
    switch character {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    default: out.append(character)
    }
  }
  return out
}
