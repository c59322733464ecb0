import GestureRecognition
import TouchInput

/// What a replay saw besides the gestures: the time span of the events and the decoder's
/// warnings.
public struct ReplaySummary: Sendable {
  /// The time of the recording's first event, the natural origin for printed times.
  public var firstEventTime: Microseconds?
  /// The time of the recording's last event.
  public var lastEventTime: Microseconds
  /// The decoder's warnings: a guessed surface size, an incomplete last frame, lost events.
  public var warnings: [DecoderWarning]
}

/// Replays an evemu recording through a touch decoder into `engine`, as a live device would
/// have fed them: every frame in event time, then the end of the input.
///
/// The engine's `onEvent` closure and the recognizers' targets receive the gestures while the
/// file is read.
///
/// - Parameters:
///   - path: The recording, header and events in one file.
///   - engine: The recognizers to drive.
///   - options: Screen rotation, calibration and size overrides for the decoder.
/// - Returns: The first and last event times and the decoder's warnings.
/// - Throws: `TraceError` naming the file, the line and the reason of the first bad line; the
///   gestures recognized before it have already been delivered.
public func replayRecording(
  at path: String, through engine: GestureEngine, options: DecoderOptions = DecoderOptions()
) throws(TraceError) -> ReplaySummary {
  let reader = try EvemuReader(path: path)
  let decoder = TouchDecoder(device: reader.device, options: options)

  var batch = EventBatch()
  var firstTime: Microseconds?
  var lastTime: Microseconds = 0
  while try reader.read(into: &batch) {
    for event in batch.events {
      if firstTime == nil { firstTime = event.time }
      lastTime = max(lastTime, event.time)
      if let frame = decoder.decode(event) {
        engine.process(frame)
      }
    }
  }

  // The end of the input: let pending timers run out (a trailing tap or long press is
  // reported), then cancel the touches still down, never going back in time.
  engine.flush(after: lastTime)
  if var frame = decoder.finish() {
    frame.time = max(frame.time, lastTime + engine.longestTimeout)
    engine.process(frame)
  }

  return ReplaySummary(
    firstEventTime: firstTime, lastEventTime: lastTime, warnings: decoder.takeWarnings())
}
