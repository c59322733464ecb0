/// A reusable block of events read from a trace, with the line each event came from.
///
/// A reader fills it again and again, so reading a long file allocates nothing per event.
public struct EventBatch {
  /// The events, in file order.
  public var events: [InputEvent]
  /// The 1-based line number of each event in `events`.
  public var lines: [Int32]
  /// The most events one fill adds.
  public let capacity: Int

  /// Creates an empty batch that holds up to `capacity` events (at least 1).
  public init(capacity: Int = 4096) {
    self.capacity = max(1, capacity)
    events = []
    lines = []
    events.reserveCapacity(self.capacity)
    lines.reserveCapacity(self.capacity)
  }

  /// Empties the batch, keeping its storage.
  public mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
  }

  /// The number of events.
  public var count: Int { events.count }

  /// Whether the batch holds no events.
  public var isEmpty: Bool { events.isEmpty }
}
