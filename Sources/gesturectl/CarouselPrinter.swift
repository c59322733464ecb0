import ImageCarousel
import TextOutput
import TouchInput

/// Prints the carousel's changes: as JSON Lines every change, unchanged; as text, what a person
/// follows. A change outside a pinch or pan (image, alert, alert dismissed, a double tap's zoom)
/// prints at once. During a pinch or pan the first zoom or pan change prints, then one each time
/// the zoom moved on by `ReadableSteps.scaleFactor` or its focus or the offset by
/// `ReadableSteps.distance` (at most one per `ReadableSteps.interval`), and the last one when
/// the gesture ends. `--every-frame` prints every change.
final class CarouselPrinter {
  private let out: ByteSink
  private let json: Bool
  private let everyFrame: Bool
  /// `"file": "…", ` put first in every JSON object, while several files are replayed.
  var jsonFilePrefix: String?
  /// The last zoom or pan change printed during the current pinch or pan, by kind.
  private var shownZoom: (change: CarouselChange, time: Microseconds)?
  private var shownOffset: (change: CarouselChange, time: Microseconds)?
  /// The newest zoom or pan change not printed yet.
  private var pending: (change: CarouselChange, time: Microseconds)?

  /// Creates a printer writing to `out` as `settings` ask.
  init(out: ByteSink, settings: PipelineSettings) {
    self.out = out
    json = settings.json
    everyFrame = settings.everyFrame
  }

  /// Prints `change` (time already relative to the file's first event), or holds it back when
  /// the readable view skips it; `inGesture` says whether a pinch or pan is in progress.
  func print(_ change: CarouselChange, at time: Microseconds, inGesture: Bool) {
    guard !json && !everyFrame else {
      write(change, at: time)
      return
    }
    guard inGesture, change.isStep else {
      // A final step supersedes the held one of its kind; any other change follows it.
      if let held = pending, held.change.isZoom != change.isZoom || !change.isStep {
        write(held.change, at: held.time)
      }
      pending = nil
      write(change, at: time)
      return
    }
    if let held = pending, held.change.isZoom != change.isZoom {
      write(held.change, at: held.time)
      pending = nil
    }
    let shown = change.isZoom ? shownZoom : shownOffset
    if let shown, !movedOn(change, at: time, since: shown) {
      pending = (change, time)
      return
    }
    pending = nil
    if change.isZoom { shownZoom = (change, time) } else { shownOffset = (change, time) }
    write(change, at: time)
  }

  /// A pinch or pan ended or was cancelled: prints the change held back, if any, and starts
  /// the next gesture afresh.
  func gestureEnded() {
    if let held = pending { write(held.change, at: held.time) }
    pending = nil
    shownZoom = nil
    shownOffset = nil
  }

  /// Whether a step moved on enough since the last one printed.
  private func movedOn(
    _ change: CarouselChange, at time: Microseconds,
    since shown: (change: CarouselChange, time: Microseconds)
  ) -> Bool {
    guard time - shown.time >= ReadableSteps.interval else { return false }
    switch (change, shown.change) {
    case (.zoom(let scale, let focus, _), .zoom(let previous, let previousFocus, _)):
      let factor = max(scale / previous, previous / scale)
      return factor >= ReadableSteps.scaleFactor
        || distance(focus, previousFocus) >= ReadableSteps.distance
    case (.offset(let offset), .offset(let previous)):
      return distance(offset, previous) >= ReadableSteps.distance
    default:
      return true
    }
  }

  private func write(_ change: CarouselChange, at time: Microseconds) {
    if json {
      let object = change.json(at: time, origin: 0)
      if let jsonFilePrefix {
        out.line("{" + jsonFilePrefix + object.dropFirst())
      } else {
        out.line(object)
      }
    } else {
      out.put(seconds: time, width: 11)
      out.line("  " + change.description)
    }
  }
}

/// The distance between two view points, in mm.
private func distance(_ a: CarouselPoint, _ b: CarouselPoint) -> Double {
  let dx = a.x - b.x
  let dy = a.y - b.y
  return (dx * dx + dy * dy).squareRoot()
}

extension CarouselChange {
  /// Whether this is a step of a continuous gesture (zoom or pan).
  fileprivate var isStep: Bool {
    switch self {
    case .zoom, .offset: true
    default: false
    }
  }

  /// Whether this is a zoom.
  fileprivate var isZoom: Bool {
    if case .zoom = self { return true }
    return false
  }
}
