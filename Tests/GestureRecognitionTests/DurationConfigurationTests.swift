import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// Configurations made with Swift `Duration`s keep the same microseconds inside.
@Suite("Configurations from Duration")
struct DurationConfigurationTests {
  @Test("A long press of 0.8 s waits 800 000 µs; sub-microsecond parts are dropped")
  func longPress() {
    let configuration = LongPressGestureRecognizer.Configuration(
      touches: 2, minimumPressDuration: .milliseconds(800) + .nanoseconds(999))
    #expect(configuration.minimumPressDurationMicroseconds == 800_000)
    #expect(configuration.touchesRequired == 2)
  }

  @Test("A double tap's press and interval, and a swipe's duration, in microseconds")
  func tapAndSwipe() {
    let tap = TapGestureRecognizer.Configuration(
      taps: 2, maximumPressDuration: .seconds(1), maximumTapInterval: .milliseconds(250))
    #expect(tap.tapsRequired == 2)
    #expect(
      tap.maximumPressDurationMicroseconds == 1_000_000
        && tap.maximumTapIntervalMicroseconds == 250_000)
    let swipe = SwipeGestureRecognizer.Configuration(
      directions: .cardinals, touches: 3, maximumDuration: .microseconds(1_234_567))
    #expect(swipe.maximumDurationMicroseconds == 1_234_567 && swipe.touchesRequired == 3)
  }

  @Test("configuration.minimumPressDuration = .milliseconds(500) waits 500 ms, not 0.5 ms")
  func configurationPressDuration() {
    var configuration = LongPressGestureRecognizer.Configuration()
    configuration.minimumPressDuration = .milliseconds(500)
    #expect(configuration.minimumPressDurationMicroseconds == 500_000)
    #expect(configuration.minimumPressDuration == .milliseconds(500))
    configuration.minimumPressDurationMicroseconds = 800_000
    #expect(configuration.minimumPressDuration == .milliseconds(800))
    configuration.minimumPressDuration = .milliseconds(500)
    var held = TouchScript()
    held.down(1, at: 0, x: 10, y: 10)
    held.up(1, at: 600)
    var times: [Microseconds] = []
    let engine = GestureEngine()
    engine.add(LongPressGestureRecognizer(configuration))
    engine.onEvent = { event, _ in times.append(event.time) }
    for frame in held.frames { engine.process(frame) }
    engine.flush(after: held.endTime)
    // Began at the deadline, 500 ms after landing; ended at the lift.
    #expect(times == [500_000, 600_000])
  }

  @Test("the taps' and the swipe's configuration times read and write as Durations")
  func configurationDurations() {
    var tap = TapGestureRecognizer.Configuration()
    #expect(tap.maximumPressDuration == .milliseconds(750))
    #expect(tap.maximumTapInterval == .milliseconds(300))
    tap.maximumPressDuration = .seconds(1)
    tap.maximumTapInterval = .milliseconds(250) + .nanoseconds(999)
    #expect(tap.maximumPressDurationMicroseconds == 1_000_000)
    #expect(tap.maximumTapIntervalMicroseconds == 250_000)
    var swipe = SwipeGestureRecognizer.Configuration()
    #expect(swipe.maximumDuration == .milliseconds(500))
    swipe.maximumDuration = .milliseconds(400)
    #expect(swipe.maximumDurationMicroseconds == 400_000)
    let recognizer = SwipeGestureRecognizer(swipe)
    #expect(recognizer.maximumDuration == .milliseconds(400))
  }
}
