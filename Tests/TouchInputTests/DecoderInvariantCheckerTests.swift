import GestureTestSupport
import Testing
import TouchInput

@Suite("The touch invariant checker catches broken streams")
struct DecoderInvariantCheckerTests {
  static func frame(_ time: Microseconds, _ touches: [(Int, TouchPhase)]) -> TouchFrame {
    TouchFrame(
      time: time,
      touches: touches.map { Touch(id: TouchID($0.0), phase: $0.1, location: .init(x: 0, y: 0)) })
  }

  @Test("A well-formed stream has no violations")
  func wellFormed() {
    let frames = [
      Self.frame(1, [(1, .began)]), Self.frame(2, [(1, .moved), (2, .began)]),
      Self.frame(3, [(1, .ended), (2, .stationary)]), Self.frame(3, [(2, .cancelled)]),
    ]
    #expect(touchInvariantViolations(in: frames) == [])
  }

  @Test(
    "Each broken rule is reported",
    arguments: [
      ([frame(1, [(1, .began)]), frame(2, [(1, .began)])], "touch 1 began twice at 0.000002"),
      ([frame(1, [(1, .moved)])], "touch 1 is moved without having begun at 0.000001"),
      ([frame(1, [(1, .began)])], "touch 1 never ended or was cancelled"),
      (
        [frame(1, [(1, .began)]), frame(2, [(1, .ended)]), frame(3, [(1, .ended)])],
        "touch 1 appears after it ended at 0.000003"
      ),
      ([frame(2, [(1, .began)]), frame(1, [(1, .ended)])], "time went backwards at 0.000001"),
      (
        [frame(1, [(1, .began), (2, .began)]), frame(2, [(2, .ended)])],
        "active touch 1 missing from the frame at 0.000002"
      ),
      (
        [frame(1, [(2, .began)]), frame(2, [(2, .ended), (1, .began)])],
        "touches not ordered by id (2 before 1) at 0.000002"
      ),
    ] as [([TouchFrame], String)])
  func brokenRule(frames: [TouchFrame], violation: String) {
    #expect(touchInvariantViolations(in: frames).contains(violation))
  }
}
