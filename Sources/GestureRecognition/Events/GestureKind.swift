/// The kind of gesture a recognizer reports: the name its events carry in JSON (`longPress`)
/// and in text (`long press`).
///
/// An open set: the built-in recognizers use the static members (`.tap`, `.longPress`…), and a
/// recognizer of your own declares its kind once, as a static member of an extension:
///
/// ```swift
/// extension GestureKind {
///   public static let twoFingerHoldDrag = GestureKind(
///     name: "twoFingerHoldDrag", displayName: "two-finger hold drag")
/// }
/// ```
///
/// The names are string literals (`StaticString`): an event stays a plain value that printers
/// write with no `String` in between. Two kinds are equal when their names are.
public struct GestureKind: Sendable, Hashable, CustomStringConvertible {
  /// The identifier printed in JSON and used in APIs (`longPress`).
  public let name: StaticString
  /// The name people read in text output (`long press`, where JSON says `longPress`). Text
  /// lines give it 11 columns: a longer name shows as its first 10 characters and `…`.
  public let displayName: StaticString

  /// Creates a kind from its JSON identifier and its human name (the identifier when nil).
  ///
  /// - Parameters:
  ///   - name: The identifier printed in JSON, e.g. `"twoFingerHoldDrag"`.
  ///   - displayName: The name printed in text output, e.g. `"two-finger hold drag"`.
  public init(name: StaticString, displayName: StaticString? = nil) {
    self.name = name
    self.displayName = displayName ?? name
  }

  /// One or more taps of one or more fingers (discrete).
  public static let tap = GestureKind(name: "tap")
  /// Fingers held still for a while (continuous).
  public static let longPress = GestureKind(name: "longPress", displayName: "long press")
  /// A quick stroke in one direction (discrete).
  public static let swipe = GestureKind(name: "swipe")
  /// Fingers dragged across the surface (continuous).
  public static let pan = GestureKind(name: "pan")
  /// Fingers moving apart or together (continuous).
  public static let pinch = GestureKind(name: "pinch")
  /// Fingers turning around their centre (continuous).
  public static let rotation = GestureKind(name: "rotation")
  /// Fingers dragged inwards from an edge of the surface (continuous).
  public static let edgePan = GestureKind(name: "edgePan", displayName: "edge pan")

  /// The kinds of the built-in recognizers, in the order of their introduction.
  public static let builtIn: [GestureKind] = [
    .tap, .longPress, .swipe, .pan, .pinch, .rotation, .edgePan,
  ]

  /// The kind's identifier as printed in JSON: `tap`, `longPress`, `swipe`, `pan`, `pinch`,
  /// `rotation`, `edgePan`, or a custom kind's name.
  public var description: String { name.description }

  /// Whether two kinds have the same identifier.
  public static func == (a: GestureKind, b: GestureKind) -> Bool {
    a.name.withUTF8Buffer { x in b.name.withUTF8Buffer { y in x.elementsEqual(y) } }
  }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) {
    name.withUTF8Buffer { for byte in $0 { hasher.combine(byte) } }
  }
}
