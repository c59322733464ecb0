import ImageCarousel
import Testing

@Suite struct CarouselChangeTests {
  @Test(
    "Each change prints as one line of text",
    arguments: [
      (
        CarouselChange.image(index: 1, count: 3, name: "graduation.jpg"),
        #"image 2/3 "graduation.jpg""#
      ),
      (
        .zoom(scale: 1.8, focus: CarouselPoint(x: 120, y: 80.46), offset: .zero),
        "zoom 1.80x at (120.0, 80.5) mm"
      ),
      (.offset(CarouselPoint(x: 12, y: -4.5)), "pan to (12.0, -4.5) mm"),
      (.offset(CarouselPoint(x: -0.01, y: 0.04)), "pan to (0.0, 0.0) mm"),
      (.alert("Stop that! (rob-nose.jpg)"), #"alert "Stop that! (rob-nose.jpg)""#),
      (.alertDismissed, "alert dismissed"),
    ])
  func text(change: CarouselChange, expected: String) {
    #expect(change.description == expected)
  }

  @Test(
    "Each change prints as one JSON Lines object with the caller's time",
    arguments: [
      (
        CarouselChange.image(index: 2, count: 3, name: "tree.jpg"),
        #"{"t": 1.234567, "change": "image", "index": 2, "count": 3, "name": "tree.jpg"}"#
      ),
      (
        .zoom(
          scale: 1.8, focus: CarouselPoint(x: 120, y: 80.5), offset: CarouselPoint(x: -3, y: 1)),
        #"{"t": 1.234567, "change": "zoom", "scale": 1.800, "x": 120.00, "y": 80.50, "offset": [-3.00, 1.00]}"#
      ),
      (
        .offset(CarouselPoint(x: 12, y: -4.5)),
        #"{"t": 1.234567, "change": "pan", "offset": [12.00, -4.50]}"#
      ),
      (
        .alert("Say \"hi\"\n\\"),
        #"{"t": 1.234567, "change": "alert", "message": "Say \"hi\"\n\\"}"#
      ),
      (.alertDismissed, #"{"t": 1.234567, "change": "alert_dismissed"}"#),
    ])
  func json(change: CarouselChange, expected: String) {
    #expect(change.json(time: "1.234567") == expected)
    #expect(change.json(at: 11_234_567, origin: 10_000_000) == expected)
  }
}
