import GestureRecognition
import TouchInput

// Isolation. The engine, its recognizers and the pipeline are not `Sendable` (declared so
// below): Swift 6's checker keeps each one in the isolation domain that made it (a thread, an
// actor, a task), and its targets and `onEvent` run there, synchronously, as it processes a
// frame. To hand gestures to another domain (the main actor, an actor of the application),
// send the `GestureEvent` values, which are `Sendable`: `gestureEvents(recording:engine:)`
// does that for a recording, running the pipeline in a task of its own (each event with its
// recognizer's name and the recording's origin, a `GestureStreamEvent`).

@available(*, unavailable, message: "a pipeline belongs to one isolation domain")
extension TouchPipeline: Sendable {}

@available(*, unavailable, message: "an engine belongs to one isolation domain")
extension GestureEngine: Sendable {}

extension TouchPipeline {
  /// The gesture events of a recording (evemu or `libinput record` YAML) as an asynchronous
  /// sequence, for Swift concurrency: iterate it from any actor, which then receives every
  /// event on its own executor.
  ///
  /// Each element is a ``GestureStreamEvent``: the event, the name of the recognizer that sent
  /// it and the recording's first event time (`element.text()` prints times since then). The
  /// engine is made by `makeEngine` inside the task that reads the recording, and used
  /// only there (its `onEvent`, if set, still runs there, first); each event it delivers is
  /// yielded to the stream in order, then the stream finishes after the end of the input
  /// (pending deadlines passed, touches still down cancelled) or throws the recording's
  /// `TraceError` (after the events recognized before the bad line, and the cancellation of
  /// what was in flight at the last good event, as `replay(_:warnings:)` does). Ending the iteration
  /// early cancels the task: it stops reading and cancels what is in flight.
  ///
  /// - Parameters:
  ///   - path: The recording.
  ///   - options: Screen rotation, calibration and size overrides for the decoder.
  ///   - makeEngine: Makes the recognizers for the surface's geometry (sizes in mm).
  /// - Returns: The events, in event-time order.
  public static func gestureEvents(
    recording path: String, options: DecoderOptions = DecoderOptions(),
    engine makeEngine: @escaping @Sendable (SurfaceGeometry) -> GestureEngine
  ) -> AsyncThrowingStream<GestureStreamEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: GestureStreamEvent.self)
    let task = Task.detached {
      do throws(TraceError) {
        let reader = try openRecording(path: path)
        let origin = StreamOrigin()
        let pipeline = TouchPipeline(device: reader.device, options: options) { geometry in
          makeEngine(geometry).yieldingEvents(to: continuation, origin: origin)
        }
        origin.pipeline = pipeline
        try pipeline.replayUnlessCancelled(reader)
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// `replay(_:)`, stopping between batches when the current task is cancelled: then what
  /// is in flight is cancelled at the last event's time.
  func replayUnlessCancelled(_ reader: any TraceReader) throws(TraceError) {
    var batch = EventBatch()
    do {
      while try reader.read(into: &batch) {
        if Task.isCancelled {
          cancelAll(at: lastTime)
          return
        }
        for index in batch.events.indices { feed(batch.events[index]) }
      }
    } catch {
      cancelAll(at: lastTime)
      throw error
    }
    finish()
  }
}

extension GestureEngine {
  /// Yields every event the engine delivers to `continuation`, with its recognizer's name and
  /// the input's first event time, after the `onEvent` it already had (which still runs
  /// first, in the engine's domain): the engine of an async sequence.
  package func yieldingEvents(
    to continuation: AsyncThrowingStream<GestureStreamEvent, any Error>.Continuation,
    origin: StreamOrigin
  ) -> GestureEngine {
    let previous = onEvent
    onEvent = { event, recognizer in
      previous?(event, recognizer)
      continuation.yield(
        GestureStreamEvent(
          event: event, recognizer: recognizer.name, origin: origin.time(or: event.time)))
    }
    return self
  }
}
