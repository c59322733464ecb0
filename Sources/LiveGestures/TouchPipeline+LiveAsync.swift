import Dispatch
import EvdevDevice
import GesturePipeline
import GestureRecognition
import Synchronization
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

extension TouchPipeline {
  /// The gesture events of a touchscreen as an asynchronous sequence, for Swift concurrency:
  /// iterate it from any actor, which then receives every event on its own executor.
  ///
  /// Each element is a `GestureStreamEvent`: the event, the name of the recognizer that sent
  /// it and the time of the first event read from the device (`element.text()` prints times
  /// since then).
  ///
  /// The device is opened, read and decoded, and the engine made by `makeEngine` and run, on
  /// a dispatch queue of its own (the poll loop blocks a thread of that queue, never one of
  /// the concurrency pool); only the `Sendable` events cross over. The engine's timers fire
  /// from the poll timeout, so a long press begins while the finger rests. The stream finishes
  /// when the device vanishes (what was in flight is cancelled first, and those events come
  /// through) or throws the `EvdevError` of a device that cannot be opened or read. Ending
  /// the iteration early stops the loop; what is in flight is then cancelled.
  ///
  /// - Parameters:
  ///   - path: The device node, such as `/dev/input/event5`.
  ///   - options: Screen rotation, calibration and size overrides for the decoder.
  ///   - grab: Take exclusive access (`EVIOCGRAB`): no other program gets the events.
  ///   - makeEngine: Makes the recognizers for the surface's geometry (sizes in mm).
  /// - Returns: The events, in event-time order.
  public static func gestureEvents(
    device path: String, options: DecoderOptions = DecoderOptions(), grab: Bool = false,
    engine makeEngine: @escaping @Sendable (SurfaceGeometry) -> GestureEngine
  ) -> AsyncThrowingStream<GestureStreamEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: GestureStreamEvent.self)
    guard let stop = StopSignal() else {
      continuation.finish(throwing: EvdevError(call: "pipe", errno: errno, path: path))
      return stream
    }
    continuation.onTermination = { _ in stop.signal() }
    DispatchQueue(label: "LiveGestures \(path)").async {
      do throws(EvdevError) {
        let input = try EvdevInput.open(path: path, grab: grab)
        let origin = StreamOrigin()
        var pipeline = TouchPipeline(device: input.device, options: options) { geometry in
          makeEngine(geometry).yieldingEvents(to: continuation, origin: origin)
        }
        origin.pipeline = pipeline
        pipeline.resume(fingersDown: input.fingersDownAtOpen)
        var loop = LiveLoop(input: input, exitAfterIdle: nil, maxEvents: nil)
        loop.stopDescriptor = stop.descriptor
        _ = try loop.run(&pipeline)
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
      stop.close()
    }
    return stream
  }
}

/// A pipe that stops a live loop from another thread: `signal()` makes its read end readable,
/// `close()` releases both ends, and a signal after the close does nothing (the descriptors'
/// numbers may belong to other files by then).
private final class StopSignal: Sendable {
  /// The read end, for `LiveLoop.stopDescriptor`.
  let descriptor: Int32
  private let writeEnd: Int32
  private let closed = Mutex(false)

  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    // Not inherited by the programs the application starts.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  func signal() {
    closed.withLock { closed in
      guard !closed else { return }
      let byte: [UInt8] = [1]
      _ = write(writeEnd, byte, 1)
    }
  }

  func close() {
    closed.withLock { closed in
      guard !closed else { return }
      closed = true
      _ = Glibc.close(descriptor)
      _ = Glibc.close(writeEnd)
    }
  }
}
