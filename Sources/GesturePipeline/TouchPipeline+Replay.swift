import GestureRecognition
import TouchInput

extension TouchPipeline {
  /// Replays a recording: feeds every event of `reader`, then ends the input with
  /// ``finish()``.
  ///
  /// On a bad line (or a failed read), what was recognized before it has been delivered; then
  /// only the deadlines due by the last good event fire and everything still in flight is
  /// cancelled at that event's time (``cancelAll(at:)``), and the error is thrown. No
  /// end-of-input flush runs, so no timer fires after the input that was read: a finger still
  /// down at the error is not reported as a long press, and a tap still waiting for its
  /// double-tap interval is dropped, as the input cannot tell whether a second tap followed.
  ///
  /// - Parameters:
  ///   - reader: The recording, in any format (see `openRecording(path:)`).
  ///   - report: Called with the decoder's new warnings and the line of the event that raised
  ///     them, as they arise; without it they stay for ``takeWarnings()``.
  /// - Throws: `TraceError` naming the file, the line and the reason of the first bad line.
  public func replay(
    _ reader: any TraceReader, warnings report: (([DecoderWarning], Int) -> Void)? = nil
  ) throws(TraceError) {
    var batch = EventBatch()
    do {
      while try reader.read(into: &batch) {
        for index in batch.events.indices {
          feed(batch.events[index])
          if let report, hasWarnings { report(takeWarnings(), Int(batch.lines[index])) }
        }
      }
    } catch {
      cancelAll(at: lastTime)
      throw error
    }
    finish()
  }

  /// Replays the recording at `path` (evemu or `libinput record` YAML, told apart by content)
  /// into `engine`: one call from a file to gestures, delivered to the engine's `onEvent` and
  /// the recognizers' targets while the file is read.
  ///
  /// - Parameters:
  ///   - path: The recording.
  ///   - options: Screen rotation, calibration and size overrides for the decoder.
  ///   - engine: The recognizers to drive.
  /// - Returns: The pipeline after the end of the input (its warnings, first and last times).
  /// - Throws: `TraceError` naming the file, the line and the reason of the first bad line;
  ///   the gestures recognized before it have already been delivered.
  @discardableResult
  public static func replay(
    recording path: String, options: DecoderOptions = DecoderOptions(), engine: GestureEngine
  ) throws(TraceError) -> TouchPipeline {
    let reader = try openRecording(path: path)
    let pipeline = TouchPipeline(device: reader.device, options: options, engine: engine)
    try pipeline.replay(reader)
    return pipeline
  }
}
