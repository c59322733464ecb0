import GesturePipeline
import GestureRecognition
import LiveGestures
import TouchInput

/// Replays a recording (evemu or `libinput record` YAML) into `engine` through the library's
/// input pipeline, in one call, and returns the gesture events in order.
///
/// - Throws: `TraceError` naming the file, the line and the reason of the first bad line.
public func pipelineEvents(replaying path: String, engine: GestureEngine) throws(TraceError)
  -> [GestureEvent]
{
  var events: [GestureEvent] = []
  let previous = engine.onEvent
  engine.onEvent = { event, recognizer in
    previous?(event, recognizer)
    events.append(event)
  }
  try TouchPipeline.replay(recording: path, engine: engine)
  engine.onEvent = previous
  return events
}

/// An application's own actor that receives gesture events: the engine runs in the
/// pipeline's task, and only `Sendable` events cross over to this actor.
public actor GestureInbox {
  /// The events received, in order, each with its recognizer's name and the input's origin.
  public private(set) var events: [GestureStreamEvent] = []

  /// Creates an empty inbox.
  public init() {}

  /// Receives every gesture event of a recording on this actor, recognized by the default
  /// set of recognizers.
  ///
  /// - Throws: The recording's `TraceError`, after the events before the bad line.
  public func receive(recording path: String) async throws {
    // The engine is made and used in the pipeline's task, never here.
    let stream = TouchPipeline.gestureEvents(recording: path) { _ in
      GestureEngine.makeDefault()
    }
    for try await event in stream {
      events.append(event)
    }
  }

  /// Receives the gesture events of a touchscreen on this actor, recognized by the default
  /// set, until `count` have come (ending the iteration stops the device's loop).
  ///
  /// - Parameter handle: Called on this actor with each event as it arrives.
  /// - Throws: The `EvdevError` of a device that cannot be opened or read.
  public func receive(
    device path: String, count: Int, handle: @Sendable (GestureStreamEvent) -> Void = { _ in }
  ) async throws {
    let stream = TouchPipeline.gestureEvents(device: path) { _ in
      GestureEngine.makeDefault()
    }
    for try await event in stream {
      events.append(event)
      handle(event)
      if events.count >= count { break }
    }
  }
}
