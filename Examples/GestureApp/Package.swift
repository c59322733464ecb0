// swift-tools-version: 6.0
import PackageDescription

// An application that uses TouchGestures as a library, the way any other package would: a
// dependency by path, and only the library products (no internal module, no test support).
// The code samples of the DocC articles in `Sources/*/*.docc` are taken from these sources.
let package = Package(
  name: "GestureApp",
  dependencies: [
    // `name:` gives the dependency a fixed name whatever the checkout's folder is called.
    .package(name: "TouchGestures", path: "../..")
  ],
  targets: [
    .target(
      name: "GestureAppKit",
      dependencies: [
        .product(name: "TouchInput", package: "TouchGestures"),
        .product(name: "GestureRecognition", package: "TouchGestures"),
        .product(name: "GesturePipeline", package: "TouchGestures"),
        .product(name: "EvdevDevice", package: "TouchGestures"),
        .product(name: "LiveGestures", package: "TouchGestures"),
        .product(name: "ImageCarousel", package: "TouchGestures"),
        .product(name: "TextOutput", package: "TouchGestures"),
      ]
    ),
    .executableTarget(
      name: "gesture-app",
      dependencies: [
        "GestureAppKit",
        .product(name: "TouchInput", package: "TouchGestures"),
        .product(name: "GestureRecognition", package: "TouchGestures"),
        .product(name: "GesturePipeline", package: "TouchGestures"),
        .product(name: "ImageCarousel", package: "TouchGestures"),
        .product(name: "EvdevDevice", package: "TouchGestures"),
      ],
      path: "Sources/GestureApp"
    ),
    .testTarget(
      name: "GestureAppTests",
      dependencies: [
        "GestureAppKit",
        .product(name: "TouchInput", package: "TouchGestures"),
        .product(name: "GestureRecognition", package: "TouchGestures"),
        .product(name: "GesturePipeline", package: "TouchGestures"),
        .product(name: "GestureTesting", package: "TouchGestures"),
      ],
      // An emulated device for umockdev-run (read by path, not a bundled resource).
      exclude: ["Fixtures"]
    ),
  ]
)
