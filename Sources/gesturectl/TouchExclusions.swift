import TextOutput
import TouchInput

/// Explains, once per touch, why recognizers leave a touch out (`--explain`): a palm or a pen,
/// with the number that decided it.
final class TouchExclusions {
  /// Where the `# … explain …` lines go.
  private let out: ByteSink
  /// The decoder's palm threshold on the major axis, mm (nil: none).
  private let palmTouchMajor: Millimeters?
  /// Touches already explained and still down.
  private var explained: Set<TouchID> = []

  /// Creates the explainer.
  init(out: ByteSink, palmTouchMajor: Millimeters?) {
    self.out = out
    self.palmTouchMajor = palmTouchMajor
  }

  /// Prints a line for each touch of `frame` that turned into a palm or a pen, or whose start
  /// was not seen.
  func explain(_ frame: TouchFrame, origin: Microseconds) {
    for touch in frame.touches {
      if (touch.tool != .finger || !touch.startSeen) && !explained.contains(touch.id) {
        explained.insert(touch.id)
        let time = seconds(frame.time - origin)
        let pad = String(repeating: " ", count: max(0, 10 - time.utf8.count))
        out.line("# " + pad + time + "  explain  touch \(touch.id) excluded: " + reason(touch))
      }
      if touch.phase.isTerminal { explained.remove(touch.id) }
    }
  }

  /// "MT_TOOL_PALM", "MT_TOOL_PEN, not a finger", "touch major 44.8 mm > 30.0 mm".
  func reason(_ touch: Touch) -> String {
    if !touch.startSeen {
      return "already down when the device was opened (its landing was not seen)"
    }
    if let type = touch.toolType, TouchTool(kernelToolType: type) == touch.tool {
      return touch.tool == .palm ? "MT_TOOL_PALM (a palm)" : "MT_TOOL_PEN (a pen, not a finger)"
    }
    let major = touch.majorAxis.map { fixed($0, places: 1) } ?? "?"
    let limit = palmTouchMajor.map { fixed($0, places: 1) } ?? "?"
    return "touch major " + major + " mm > " + limit + " mm (a palm)"
  }
}
