import GesturePipeline
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

/// Replays an evemu recording through the library's input pipeline into `engine`, as a live
/// device would have fed it: every frame in event time, then the end of the input.
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
  let pipeline = TouchPipeline(device: reader.device, options: options, engine: engine)
  // Every event, then the end of the input: pending timers run out (a trailing tap or long
  // press is reported), then the touches still down are cancelled.
  try pipeline.replay(reader)
  return ReplaySummary(
    firstEventTime: pipeline.firstEventTime, lastEventTime: pipeline.lastTime,
    warnings: pipeline.takeWarnings())
}
