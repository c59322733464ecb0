import EvdevDevice
import GesturePipeline
import GestureRecognition
import TouchInput

/// A pipeline is what `LiveLoop` drives for gestures: each event is fed, the engine's timers
/// become the loop's timeouts, and a vanished device or a stop cancels what is in flight at the
/// latest event time (no deadline after it fires).
extension TouchPipeline: LiveEventSink {
  /// Feeds one event read from the device.
  public func handle(_ event: InputEvent) { feed(event) }

  /// Cancels every touch and gesture in flight: the device was unplugged.
  public func deviceVanished(at time: Microseconds) { cancelAll(at: time) }

  /// Cancels every touch and gesture in flight: the caller stopped the loop.
  public func interrupted(at time: Microseconds) { cancelAll(at: time) }
}

extension TouchPipeline {
  /// Makes a pipeline for an opened device: its description, and the fingers already down
  /// when it was opened (decoded before its first event as touches whose start was not seen).
  ///
  /// - Parameters:
  ///   - input: The opened device.
  ///   - options: Screen mapping and size choices for the decoder.
  ///   - engine: The recognizers to drive.
  public convenience init(
    input: EvdevInput, options: DecoderOptions = DecoderOptions(), engine: GestureEngine
  ) {
    self.init(device: input.device, options: options, engine: engine)
    resume(fingersDown: input.fingersDownAtOpen)
  }
}
