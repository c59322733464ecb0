/// Turns one device's kernel events into touch frames: protocol B slots, protocol A contacts,
/// single-touch and semi-MT, with positions in millimetres.
///
/// Feed every event to `feed(_:)` (or `decode(_:)`); a frame completes at a `SYN_REPORT` when
/// a touch began, moved (its millimetre position changed), ended or was cancelled. A frame lists
/// every touch known at that moment, stationary ones included, ordered by id; an ended or
/// cancelled touch appears once with that phase and is gone from the next frame. Touches are
/// numbered 1, 2, 3, … in the order they began and ids are never reused. The frame time is the
/// `SYN_REPORT`'s timestamp, never earlier than the previous frame's.
///
/// Choices made for odd input (each one also noted in `warnings`):
/// - `SYN_DROPPED`: events up to the next `SYN_REPORT` are dropped, then decoding goes on with
///   the state that follows, as libevdev's sync does: a protocol-B touch whose tracking id is
///   unchanged moves, one whose slot gets -1 ends, a new id begins a touch; protocol-A
///   contacts are matched to the touches as in any frame; a single-touch contact goes on.
/// - A protocol-B slot with a tracking id becomes a touch only once it has a position.
/// - Semi-MT devices report one touch at the centre of the bounding box of their slots.
/// - Undeclared axes are ignored (one warning per code); positions are clamped to the surface.
///
/// A decoder is an ordinary class: keep it in a dictionary, a struct or an actor; every
/// reference reaches the same decoder. It is not `Sendable` (use it from one isolation domain).
/// The per-event path does not allocate: slot storage is allocated once and the frame's touch
/// array is reused (it is copied only if the caller still holds the previous frame). To feed
/// an engine from a recording or a device, `TouchPipeline` (in `GestureRecognition`) does it
/// all, in the right order.
public final class TouchDecoder {
  /// The largest protocol-B slot count stored; higher slots are treated as out of range.
  public static let maximumSlots = DecoderCore.maximumSlots
  /// The most protocol-A contacts kept per frame; more are dropped with a warning.
  public static let maximumContacts = DecoderCore.maximumContacts
  /// The farthest a protocol-A contact may move between frames and stay the same touch (mm).
  public static let maximumContactJump = DecoderCore.maximumContactJump

  /// The decoder's state.
  private var core: DecoderCore

  /// Creates a decoder for `device`, with screen mapping and size choices from `options`.
  ///
  /// Assumptions about the device (a guessed size, a semi-MT bounding box) are the first
  /// warnings, at time 0.
  public init(device: DeviceDescription, options: DecoderOptions = DecoderOptions()) {
    core = DecoderCore(device: device, options: options)
  }

  /// The surface size and the raw-to-millimetre mapping.
  public var geometry: SurfaceGeometry { core.geometry }
  /// How the device reports contacts.
  public var touchProtocol: TouchProtocol { core.touchProtocol }
  /// Warnings so far, oldest first; drain them with `takeWarnings()`.
  public var warnings: [DecoderWarning] { core.warnings }
  /// The latest frame completed by `feed(_:)`, `finish()` or `cancelAll(at:)`.
  public var frame: TouchFrame { core.frame }

  /// Feeds one event; returns a frame at `SYN_REPORT` when a touch began, moved, ended or was
  /// cancelled.
  public func decode(_ event: InputEvent) -> TouchFrame? {
    core.feed(event) ? core.frame : nil
  }

  /// Feeds one event; returns whether it completed a frame, which is then `frame`.
  public func feed(_ event: InputEvent) -> Bool {
    core.feed(event)
  }

  /// Returns the warnings so far and forgets them.
  public func takeWarnings() -> [DecoderWarning] {
    core.takeWarnings()
  }

  /// End of input: warns about an incomplete last frame (events after the last `SYN_REPORT`)
  /// and returns a frame that cancels every touch still down (nil if none).
  public func finish() -> TouchFrame? {
    core.finish()
  }

  /// `finish()`, with the frame (if any, when true) left in `frame`.
  public func finishFrame() -> Bool {
    core.finishFrame()
  }

  /// `cancelAll(at:)`, with the frame (if any, when true) left in `frame`.
  public func cancelTouches(at time: Microseconds) -> Bool {
    core.cancelTouches(at: time)
  }

  /// Cancels every active touch at `time` (device vanished, Ctrl-C); nil if none.
  ///
  /// Each touch is reported at its latest raw position; afterwards the decoder starts afresh.
  public func cancelAll(at time: Microseconds) -> TouchFrame? {
    core.cancelAll(at: time)
  }

  /// Feeds the state a live device was in when it was opened (its slots with a tracking id),
  /// stamped `time` and closed by a `SYN_REPORT`: the touches it begins are marked
  /// `startSeen == false`. Returns whether a frame completed (then in `frame`).
  public func feedState(_ events: [InputEvent], at time: Microseconds) -> Bool {
    core.feedState(events, at: time)
  }
}
