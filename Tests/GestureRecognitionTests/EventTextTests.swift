import Testing
import TouchInput

@testable import GestureRecognition

extension GestureKind {
  /// A custom kind whose human name is longer than the text line's 11-column field.
  fileprivate static let holdDrag = GestureKind(
    name: "twoFingerHoldDrag", displayName: "two-finger hold drag")
  /// One with a multi-byte character in a short name.
  fileprivate static let accented = GestureKind(name: "glisser", displayName: "glissé")
}

@Suite struct EventTextTests {
  /// The column (in characters) where `word` starts in `line`.
  func column(of word: String, in line: String) -> Int? {
    line.range(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
  }

  /// A began event of `kind` with 2 touches at 1.5 s.
  func line(_ kind: GestureKind) -> String {
    GestureEvent(
      time: 1_500_000, kind: kind, state: .began, touches: 2,
      location: MillimeterPoint(x: 10, y: 20)
    ).text(origin: 0)
  }

  @Test("a display name longer than 11 characters keeps the state and touches in their columns")
  func longNameKeepsColumns() {
    let pan = line(.pan)
    let long = line(.holdDrag)
    let accented = line(.accented)
    #expect(column(of: "began", in: pan) == 25)
    for text in [long, accented] {
      #expect(column(of: "began", in: text) == 25, "\(text)")
      #expect(column(of: "2 touches", in: text) == column(of: "2 touches", in: pan), "\(text)")
    }
    #expect(long.hasPrefix("   1.500000  two-finger… began       2 touches at (10.00, 20.00)"))
    #expect(accented.hasPrefix("   1.500000  glissé      began"))
  }
}
