import GestureRecognition
import Testing

/// Configurations made with Swift `Duration`s keep the same microseconds inside.
@Suite("Configurations from Duration")
struct DurationConfigurationTests {
  @Test("A long press of 0.8 s waits 800 000 µs; sub-microsecond parts are dropped")
  func longPress() {
    let configuration = LongPressGestureRecognizer.Configuration(
      touches: 2, minimumPressDuration: .milliseconds(800) + .nanoseconds(999))
    #expect(configuration.minimumPressDuration == 800_000)
    #expect(configuration.touchesRequired == 2)
  }

  @Test("A double tap's press and interval, and a swipe's duration, in microseconds")
  func tapAndSwipe() {
    let tap = TapGestureRecognizer.Configuration(
      taps: 2, maximumPressDuration: .seconds(1), maximumTapInterval: .milliseconds(250))
    #expect(tap.tapsRequired == 2)
    #expect(tap.maximumPressDuration == 1_000_000 && tap.maximumTapInterval == 250_000)
    let swipe = SwipeGestureRecognizer.Configuration(
      directions: .cardinals, touches: 3, maximumDuration: .microseconds(1_234_567))
    #expect(swipe.maximumDuration == 1_234_567 && swipe.touchesRequired == 3)
  }
}
