import TouchInput

// Durations as Swift `Duration` in the recognizers' configurations. The configurations keep
// microseconds inside (`Microseconds`, the unit of event time, compared on every frame); these
// initializers only convert once, when a configuration is made.

extension TapGestureRecognizer.Configuration {
  /// Creates a configuration with the defaults, for `taps` taps of `touches` fingers, each
  /// press at most `maximumPressDuration` long and at most `maximumTapInterval` from one lift
  /// to the next landing (kept in microseconds).
  public init(
    taps: Int = 1, touches: Int = 1, maximumPressDuration: Duration, maximumTapInterval: Duration
  ) {
    self.init(taps: taps, touches: touches)
    self.maximumPressDuration = maximumPressDuration.wholeMicroseconds
    self.maximumTapInterval = maximumTapInterval.wholeMicroseconds
  }
}

extension LongPressGestureRecognizer.Configuration {
  /// Creates a configuration with the defaults, for `touches` fingers held at least
  /// `minimumPressDuration` (kept in microseconds).
  public init(touches: Int = 1, minimumPressDuration: Duration) {
    self.init(touches: touches)
    self.minimumPressDuration = minimumPressDuration.wholeMicroseconds
  }
}

extension SwipeGestureRecognizer.Configuration {
  /// Creates a configuration with the defaults, for `touches` fingers whose stroke qualifies
  /// within `maximumDuration` of the first landing (kept in microseconds).
  public init(
    directions: SwipeDirections = .cardinals, touches: Int = 1, maximumDuration: Duration
  ) {
    self.init(directions: directions, touches: touches)
    self.maximumDuration = maximumDuration.wholeMicroseconds
  }
}
