import TouchInput

// UIKit's names, where a UIKit developer reaches for them: on the recognizer itself, as UIKit
// has them, each reading and writing the recognizer's `configuration` (validated as the
// configuration is: a count out of range is corrected and reported). Times are Swift
// `Duration`s here, as in the configurations: `longPress.minimumPressDuration =
// .milliseconds(500)` waits 500 ms, and a bare number does not compile.

extension Duration {
  /// The duration in whole microseconds, rounded toward zero (event time has no finer unit).
  var wholeMicroseconds: Microseconds {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}

/// A configuration with a range of fingers (the taps', the long press's, the swipe's): UIKit's
/// `numberOfTouchesRequired` sets both ends of it, through `requireExactly(touches:)`.
protocol TouchRangeConfiguration {
  /// The fewest fingers.
  var touchesRequired: Int { get set }
  /// The most fingers.
  var maximumTouches: Int { get set }
}

extension TouchRangeConfiguration {
  /// Exactly `count` fingers: the fewest and the most (UIKit's `numberOfTouchesRequired` is
  /// exact). Set on a recognizer's `configuration`, it is one assignment, validated once.
  mutating func requireExactly(touches count: Int) {
    touchesRequired = count
    maximumTouches = count
  }
}

extension TapGestureRecognizer.Configuration: TouchRangeConfiguration {}
extension LongPressGestureRecognizer.Configuration: TouchRangeConfiguration {}
extension SwipeGestureRecognizer.Configuration: TouchRangeConfiguration {}

extension TapGestureRecognizer {
  /// Taps in a row (UIKit's `numberOfTapsRequired`): `configuration.tapsRequired`.
  public var numberOfTapsRequired: Int {
    get { configuration.tapsRequired }
    set { configuration.tapsRequired = newValue }
  }

  /// Fingers in each tap (UIKit's `numberOfTouchesRequired`): sets the fewest and the most
  /// (`configuration.touchesRequired` and `maximumTouches`); reads the fewest.
  public var numberOfTouchesRequired: Int {
    get { configuration.touchesRequired }
    set { configuration.requireExactly(touches: newValue) }
  }

  /// How long one press may last, as a `Duration` (`configuration.maximumPressDuration`).
  public var maximumPressDuration: Duration {
    get { configuration.maximumPressDuration }
    set { configuration.maximumPressDuration = newValue }
  }

  /// The longest pause from a lift to the next landing, as a `Duration`
  /// (`configuration.maximumTapInterval`).
  public var maximumTapInterval: Duration {
    get { configuration.maximumTapInterval }
    set { configuration.maximumTapInterval = newValue }
  }
}

extension LongPressGestureRecognizer {
  /// How long the fingers must stay down, as a `Duration` (UIKit's `minimumPressDuration`;
  /// `configuration.minimumPressDuration`).
  public var minimumPressDuration: Duration {
    get { configuration.minimumPressDuration }
    set { configuration.minimumPressDuration = newValue }
  }

  /// Taps before the hold (UIKit's `numberOfTapsRequired`, 0 by default): with 1, tap then
  /// hold (`configuration.tapsRequired`).
  public var numberOfTapsRequired: Int {
    get { configuration.tapsRequired }
    set { configuration.tapsRequired = newValue }
  }

  /// Fingers held (UIKit's `numberOfTouchesRequired`): sets the fewest and the most; reads the
  /// fewest.
  public var numberOfTouchesRequired: Int {
    get { configuration.touchesRequired }
    set { configuration.requireExactly(touches: newValue) }
  }

  /// How far a finger may move before the press begins, in mm (UIKit's `allowableMovement`,
  /// there in points).
  public var allowableMovement: Millimeters {
    get { configuration.allowableMovement }
    set { configuration.allowableMovement = newValue }
  }
}

extension PanGestureRecognizer {
  /// Fewest fingers that pan (UIKit's `minimumNumberOfTouches`).
  public var minimumNumberOfTouches: Int {
    get { configuration.minimumTouches }
    set { configuration.minimumTouches = newValue }
  }

  /// Most fingers that may start a pan (UIKit's `maximumNumberOfTouches`).
  public var maximumNumberOfTouches: Int {
    get { configuration.maximumTouches }
    set { configuration.maximumTouches = newValue }
  }
}

extension SwipeGestureRecognizer {
  /// The directions recognized: the setting UIKit calls `direction`
  /// (`configuration.directions`). ``direction`` is the one recognized.
  public var directions: SwipeDirections {
    get { configuration.directions }
    set { configuration.directions = newValue }
  }

  /// Fingers that swipe together (UIKit's `numberOfTouchesRequired`): sets the fewest and the
  /// most; reads the fewest.
  public var numberOfTouchesRequired: Int {
    get { configuration.touchesRequired }
    set { configuration.requireExactly(touches: newValue) }
  }

  /// How long after the first landing the stroke may still qualify, as a `Duration`
  /// (`configuration.maximumDuration`).
  public var maximumDuration: Duration {
    get { configuration.maximumDuration }
    set { configuration.maximumDuration = newValue }
  }
}
