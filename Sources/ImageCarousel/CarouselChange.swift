import TextOutput
import TouchInput

/// One change of the carousel's state, as a view would show it.
///
/// Every mutation of `ImageCarousel` returns one (or `nil` when nothing changed). Print it with
/// `description` (text) or `json(time:)` (one JSON Lines object).
public enum CarouselChange: Sendable, Hashable, CustomStringConvertible {
  /// The image shown changed (zoom reset to the smallest scale, offset to zero).
  /// `index` counts from 0; `count` is the number of images.
  case image(index: Int, count: Int, name: String)
  /// The zoom changed around `focus` (view millimetres); `offset` is the image's new offset.
  case zoom(scale: Double, focus: CarouselPoint, offset: CarouselPoint)
  /// The image was panned: its centre now sits `offset` millimetres from the view's centre.
  case offset(CarouselPoint)
  /// An alert with this message appeared.
  case alert(String)
  /// The alert was dismissed.
  case alertDismissed

  /// The change as one line of text.
  ///
  /// `image 2/3 "graduation.jpg"` (position counted from 1), `zoom 1.80x at (120.0, 80.5) mm`,
  /// `pan to (12.0, -4.5) mm`, `alert "Stop that! (rob-nose.jpg)"`, `alert dismissed`.
  public var description: String {
    switch self {
    case .image(let index, let count, let name):
      return "image \(index + 1)/\(count) " + quoted(name)
    case .zoom(let scale, let focus, _):
      return "zoom " + fixed(scale, places: 2) + "x at " + pointText(focus) + " mm"
    case .offset(let offset):
      return "pan to " + pointText(offset) + " mm"
    case .alert(let message):
      return "alert " + quoted(message)
    case .alertDismissed:
      return "alert dismissed"
    }
  }

  /// The change as one JSON Lines object (no trailing newline).
  ///
  /// Keys, in this order:
  /// - `t`: the event time, copied verbatim from `time` (a JSON number such as `1.234567`);
  /// - `change`: `"image"`, `"zoom"`, `"pan"`, `"alert"` or `"alert_dismissed"`;
  /// - image: `index` (from 0), `count`, `name`;
  /// - zoom: `scale` (3 decimals), `x` and `y` (focal point, mm, 2 decimals), `offset` (`[x, y]`,
  ///   mm, 2 decimals: the image centre's displacement from the view's centre);
  /// - pan: `offset` (`[x, y]`, mm, 2 decimals);
  /// - alert: `message`.
  ///
  /// For example `{"t": 1.234567, "change": "image", "index": 1, "count": 3, "name":
  /// "rob-nose.jpg"}`.
  /// - Parameter time: The event time as a JSON number, e.g. TouchInput's `seconds(_:)`.
  public func json(time: String) -> String {
    var out = "{\"t\": " + time + ", \"change\": "
    switch self {
    case .image(let index, let count, let name):
      out += "\"image\", \"index\": \(index), \"count\": \(count), \"name\": " + quoted(name)
    case .zoom(let scale, let focus, let offset):
      out += "\"zoom\", \"scale\": " + fixed(scale, places: 3)
      out += ", \"x\": " + fixed(focus.x, places: 2) + ", \"y\": " + fixed(focus.y, places: 2)
      out += ", " + offsetFields(offset)
    case .offset(let offset):
      out += "\"pan\", " + offsetFields(offset)
    case .alert(let message):
      out += "\"alert\", \"message\": " + quoted(message)
    case .alertDismissed:
      out += "\"alert_dismissed\""
    }
    return out + "}"
  }

  /// The change as one JSON Lines object whose `t` is `time − origin` in seconds with six
  /// decimals, as `GestureEvent.json(origin:)` prints it.
  public func json(at time: Microseconds, origin: Microseconds) -> String {
    json(time: seconds(time - origin))
  }
}

/// `(x, y)` with one decimal each.
private func pointText(_ point: CarouselPoint) -> String {
  "(" + fixed(point.x, places: 1) + ", " + fixed(point.y, places: 1) + ")"
}

/// `"offset": [X, Y]` with two decimals each.
private func offsetFields(_ offset: CarouselPoint) -> String {
  "\"offset\": [" + fixed(offset.x, places: 2) + ", " + fixed(offset.y, places: 2) + "]"
}
