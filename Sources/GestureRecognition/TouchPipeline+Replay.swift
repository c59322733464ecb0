import TouchInput

extension TouchPipeline {
  /// Replays a recording: feeds every event of `reader`, then ends the input with
  /// ``finish()``.
  ///
  /// On a bad line, what was recognized before it has been delivered; the input is then ended
  /// with ``finish()`` at the last good event, as at a recording's end, and the error thrown.
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
      finish()
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
