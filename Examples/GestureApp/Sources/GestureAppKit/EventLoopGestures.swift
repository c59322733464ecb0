import EvdevDevice
import GesturePipeline
import GestureRecognition
import LiveGestures
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// Recognizes gestures on an opened device from the application's own event loop, here a
/// `poll` of the device's descriptor: the library never blocks and installs no signal handler.
///
/// Each turn fires the deadlines that are due and learns how long the loop may sleep
/// (`fireDueDeadlines`), sleeps in `poll` on `input.descriptor` (where an application would
/// add it to epoll, a GLib main loop or a Dispatch source), then reads what is ready
/// (`readReady`). It stops when the device vanishes or after `idle` milliseconds without an
/// event, then ends the input as a recording's end does.
///
/// - Parameters:
///   - input: The opened device.
///   - engine: The recognizers to drive.
///   - idle: Milliseconds without an event (and no timer due) after which it stops.
/// - Throws: `EvdevError` when reading fails.
public func recognizeFromEventLoop(input: EvdevInput, engine: GestureEngine, idle: Int32)
  throws(EvdevError)
{
  let pipeline = TouchPipeline(input: input, engine: engine)
  var sink = pipeline
  var loop = LiveLoop(input: input, exitAfterIdle: nil, maxEvents: nil)
  while true {
    var timeout = idle
    if let wait = loop.fireDueDeadlines(&sink) {
      timeout = Int32(clamping: (wait + 999) / 1000)
    }
    var ready = pollfd(fd: input.descriptor, events: Int16(POLLIN), revents: 0)
    let count = poll(&ready, 1, timeout)
    if count == 0 && pipeline.nextDeadline == nil {
      pipeline.finish()  // Quiet for `idle` ms: end the input as at a recording's end.
      return
    }
    if ready.revents & Int16(POLLHUP | POLLERR) != 0 {
      _ = try loop.hangUp(&sink)
      return
    }
    if ready.revents & Int16(POLLIN) != 0, try loop.readReady(&sink) != nil { return }
  }
}
