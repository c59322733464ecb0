import GestureRecognition
import TouchInput

/// One element of an asynchronous sequence of gestures (``TouchPipeline/gestureEvents(recording:options:engine:)``,
/// LiveGestures' `gestureEvents(device:options:grab:engine:)`): the ``/GestureRecognition/GestureEvent`` with the
/// name of the recognizer that sent it and the input's first event time.
///
/// The name tells apart recognizers of one kind (a "tap" and a "double tap" differ only in
/// `taps` otherwise); ``origin`` is the time of the recording's (or the device's) first event,
/// so ``text()`` prints times since the recording began, as `gesturectl replay` does, whatever
/// clock a real recording's kernel times count from. The event's own values read through this
/// element (`element.kind`, `element.state`, `element.taps`…).
@dynamicMemberLookup
public struct GestureStreamEvent: Sendable, Hashable {
  /// The event, as the engine delivered it.
  public var event: GestureEvent
  /// The name of the recognizer that sent it (``/GestureRecognition/GestureRecognizer/name``).
  public var recognizer: String
  /// The time of the input's first event: a recording's origin.
  public var origin: Microseconds

  /// Creates an element.
  public init(event: GestureEvent, recognizer: String, origin: Microseconds) {
    self.event = event
    self.recognizer = recognizer
    self.origin = origin
  }

  /// A value of the event: `element.kind`, `element.time`, `element.taps`….
  public subscript<Value>(dynamicMember value: KeyPath<GestureEvent, Value>) -> Value {
    event[keyPath: value]
  }

  /// The event as a line of text, its time in seconds since ``origin``
  /// (``/GestureRecognition/GestureEvent/text(origin:)``).
  public func text() -> String { event.text(origin: origin) }

  /// The event as a JSON Lines object, its time in seconds since ``origin``
  /// (``/GestureRecognition/GestureEvent/json(origin:)``).
  public func json() -> String { event.json(origin: origin) }

  /// The event as a line of text, its time in seconds since `origin`.
  public func text(origin: Microseconds) -> String { event.text(origin: origin) }

  /// The event as a JSON Lines object, its time in seconds since `origin`.
  public func json(origin: Microseconds) -> String { event.json(origin: origin) }
}

/// Where an engine of an asynchronous sequence reads its input's first event time: the
/// pipeline, once it is made (the engine is made inside its initializer).
package final class StreamOrigin {
  /// The pipeline feeding the engine.
  package weak var pipeline: TouchPipeline?

  /// Creates an origin with no pipeline yet.
  package init() {}

  /// The first event's time, or `time` before any (a deadline cannot come first).
  func time(or time: Microseconds) -> Microseconds { pipeline?.firstEventTime ?? time }
}
