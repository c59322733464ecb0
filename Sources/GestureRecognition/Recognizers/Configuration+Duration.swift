import TouchInput

// Durations as Swift `Duration` in the recognizers' configurations: the properties a UIKit
// developer reaches for (`configuration.minimumPressDuration = .milliseconds(500)` waits
// 500 ms; a bare number does not compile, so `500` cannot mean 0.5 ms). The configurations
// keep microseconds inside (the `…Microseconds` fields, in the unit of event time, compared on
// every frame): each property converts once, when set, rounding toward zero.

extension TapGestureRecognizer.Configuration {
  /// How long one press may last, as a `Duration`: 750 ms (`maximumPressDurationMicroseconds`).
  public var maximumPressDuration: Duration {
    get { .microseconds(maximumPressDurationMicroseconds) }
    set { maximumPressDurationMicroseconds = newValue.wholeMicroseconds }
  }

  /// The longest pause from one tap's lift to the next tap's landing, as a `Duration`: 300 ms
  /// (`maximumTapIntervalMicroseconds`).
  public var maximumTapInterval: Duration {
    get { .microseconds(maximumTapIntervalMicroseconds) }
    set { maximumTapIntervalMicroseconds = newValue.wholeMicroseconds }
  }

  /// Creates a configuration with the defaults, for `taps` taps of `touches` fingers, each
  /// press at most `maximumPressDuration` long and at most `maximumTapInterval` from one lift
  /// to the next landing.
  public init(
    taps: Int = 1, touches: Int = 1, maximumPressDuration: Duration, maximumTapInterval: Duration
  ) {
    self.init(taps: taps, touches: touches)
    self.maximumPressDuration = maximumPressDuration
    self.maximumTapInterval = maximumTapInterval
  }
}

extension LongPressGestureRecognizer.Configuration {
  /// How long the touches must stay down, as a `Duration` (UIKit's `minimumPressDuration`):
  /// 500 ms (`minimumPressDurationMicroseconds`).
  public var minimumPressDuration: Duration {
    get { .microseconds(minimumPressDurationMicroseconds) }
    set { minimumPressDurationMicroseconds = newValue.wholeMicroseconds }
  }

  /// Creates a configuration with the defaults, for `touches` fingers held at least
  /// `minimumPressDuration`.
  public init(touches: Int = 1, minimumPressDuration: Duration) {
    self.init(touches: touches)
    self.minimumPressDuration = minimumPressDuration
  }
}

extension SwipeGestureRecognizer.Configuration {
  /// How long after the first landing the stroke may still qualify, as a `Duration`: 500 ms
  /// (`maximumDurationMicroseconds`).
  public var maximumDuration: Duration {
    get { .microseconds(maximumDurationMicroseconds) }
    set { maximumDurationMicroseconds = newValue.wholeMicroseconds }
  }

  /// Creates a configuration with the defaults, for `touches` fingers whose stroke qualifies
  /// within `maximumDuration` of the first landing.
  public init(
    directions: SwipeDirections = .cardinals, touches: Int = 1, maximumDuration: Duration
  ) {
    self.init(directions: directions, touches: touches)
    self.maximumDuration = maximumDuration
  }
}
