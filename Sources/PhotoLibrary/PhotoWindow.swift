/// The photos held at screen size around the current one: the current photo and its two
/// neighbours, with wrap-around as the carousel has it, so a swipe either way finds its photo
/// ready and memory stays bounded whatever the folder's size.
///
/// For 1 photo the window is that photo; for 2 it is both (the next and the previous
/// neighbour are the same photo, held once).
public struct PhotoWindow: Sendable, Hashable {
  /// Which way the user is moving through the photos.
  public enum Direction: Sendable, Hashable {
    /// Toward higher indices (a swipe left, to the next photo).
    case next
    /// Toward lower indices (a swipe right, to the previous photo).
    case previous
  }

  /// The most photos a window holds.
  public static let capacity = 3

  /// The current photo's index, in `0..<count` (`0` when `count` is `0`).
  public let current: Int
  /// The number of photos in the folder.
  public let count: Int

  /// The window around `current` in a folder of `count` photos. An index outside
  /// `0..<count` wraps around (`-1` is the last photo); a count of 0 or less gives an empty
  /// window.
  public init(current: Int, count: Int) {
    self.count = max(count, 0)
    self.current = count > 0 ? ((current % count) + count) % count : 0
  }

  /// The index after ``current``, wrapping to 0 after the last photo.
  public var next: Int { count > 0 ? (current + 1) % count : 0 }

  /// The index before ``current``, wrapping to the last photo before 0.
  public var previous: Int { count > 0 ? (current + count - 1) % count : 0 }

  /// The indices the window holds, in the order to prepare them when the direction is not
  /// known: the current photo, the next, the previous (each once).
  public var indices: [Int] { preparationOrder(toward: .next) }

  /// The indices in the order to prepare them: the current photo first (it is on screen),
  /// then the neighbour the user is moving toward, then the other one (each once).
  public func preparationOrder(toward direction: Direction) -> [Int] {
    guard count > 0 else { return [] }
    let order =
      switch direction {
      case .next: [current, next, previous]
      case .previous: [current, previous, next]
      }
    var seen: [Int] = []
    for index in order where !seen.contains(index) { seen.append(index) }
    return seen
  }

  /// Whether the window holds the photo at `index`.
  public func contains(_ index: Int) -> Bool {
    count > 0 && (index == current || index == next || index == previous)
  }

  /// The indices of `held` that this window no longer holds, in increasing order (each
  /// once): what to free after moving.
  public func evicted(from held: some Sequence<Int>) -> [Int] {
    Array(Set(held.filter { !contains($0) })).sorted()
  }

  /// The window after moving one photo in `direction`.
  public func moved(_ direction: Direction) -> PhotoWindow {
    PhotoWindow(current: direction == .next ? current + 1 : current - 1, count: count)
  }
}
