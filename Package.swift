// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "TouchGestures",
  products: [
    .library(name: "TouchInput", targets: ["TouchInput"]),
    .library(name: "GestureRecognition", targets: ["GestureRecognition"]),
    .library(name: "GesturePipeline", targets: ["GesturePipeline"]),
    .library(name: "GestureTesting", targets: ["GestureTesting"]),
    .library(name: "TextOutput", targets: ["TextOutput"]),
    .library(name: "ImageCarousel", targets: ["ImageCarousel"]),
    .library(name: "EvdevDevice", targets: ["EvdevDevice"]),
    .library(name: "LiveGestures", targets: ["LiveGestures"]),
    .library(name: "PhotoLibrary", targets: ["PhotoLibrary"]),
    .executable(name: "gesturectl", targets: ["gesturectl"]),
    .library(name: "PhotoViewer", targets: ["PhotoViewer"]),
    .executable(name: "photo-carousel", targets: ["photo-carousel"]),
  ],
  targets: [
    // MARK: The C boundary
    .systemLibrary(
      name: "CLibevdev",
      pkgConfig: "libevdev",
      providers: [.apt(["libevdev-dev"])]
    ),
    .systemLibrary(
      name: "CLibudev",
      pkgConfig: "libudev",
      providers: [.apt(["libudev-dev"])]
    ),
    // The photo viewer's window, renderer and decoders (issue 18).
    .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(
      name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),

    // MARK: Libraries
    // libm: `squareRoot()` lowers to `sqrt`, which Linux keeps outside the C library.
    // Output formatting for terminals, logs and files: byte sinks, escaping, decimals.
    .target(name: "TextOutput"),
    .target(
      name: "TouchInput", dependencies: ["TextOutput"], linkerSettings: [.linkedLibrary("m")]),
    .target(
      name: "EvdevDevice",
      dependencies: ["CLibevdev", "CLibudev", "TouchInput", "TextOutput", "SystemDirectory"]),
    // A live device driving the engine: the one module that joins the two sides.
    .target(
      name: "LiveGestures",
      dependencies: ["EvdevDevice", "GesturePipeline", "GestureRecognition", "TouchInput"]),
    // The daemon (`gesturectl run`): bindings grammar, matching, actions, devices and hotplug.
    .target(
      name: "GestureDaemon",
      dependencies: [
        "GestureRecognition", "GesturePipeline", "TouchInput", "TextOutput", "EvdevDevice",
      ]),
    .target(name: "GestureRecognition", dependencies: ["TouchInput", "TextOutput"]),
    // The one join of a touch source (decoder or toolkit touches), the engine and time.
    .target(
      name: "GesturePipeline", dependencies: ["GestureRecognition", "TouchInput", "TextOutput"]),
    .target(
      name: "ImageCarousel", dependencies: ["GestureRecognition", "TouchInput", "TextOutput"]),
    // Directory listing through readdir(3): the one reader of gesturectl, EvdevDevice and
    // PhotoLibrary.
    .target(name: "SystemDirectory"),
    // The photo viewer's folder, file sniffing, EXIF orientation and prepare-ahead (no SDL).
    .target(name: "PhotoLibrary", dependencies: ["TextOutput", "SystemDirectory"]),

    // The touchscreen photo viewer (`photo-carousel`): SDL rendering driven by the carousel.
    .target(
      name: "PhotoViewer",
      dependencies: [
        "CSDL2", "CSDL2Image", "PhotoLibrary", "ImageCarousel", "GesturePipeline",
        "GestureRecognition", "TouchInput", "TextOutput", "EvdevDevice",
      ]),
    .executableTarget(name: "photo-carousel", dependencies: ["PhotoViewer"]),

    // MARK: The command-line tool
    .executableTarget(
      name: "gesturectl",
      dependencies: [
        "TouchInput", "TextOutput", "EvdevDevice", "GestureRecognition", "GesturePipeline",
        "ImageCarousel", "GestureDaemon", "SystemDirectory",
      ]
    ),

    // MARK: Tools
    .executableTarget(name: "synth-trace", dependencies: ["TouchInput"], path: "Tools/SynthTrace"),
    .executableTarget(
      name: "umockdev-script", dependencies: ["TouchInput"], path: "Tools/UmockdevScript"),
    .executableTarget(
      name: "uinput-probe", dependencies: ["EvdevDevice", "TouchInput", "TextOutput"],
      path: "Tools/UinputProbe"),
    .executableTarget(
      name: "gesture-bench",
      dependencies: ["TouchInput", "GestureRecognition", "ImageCarousel"],
      path: "Tools/Benchmark"
    ),

    .executableTarget(
      name: "sample-photos", dependencies: ["PhotoLibrary"], path: "Tools/SamplePhotos"),
    .executableTarget(
      name: "viewer-bench", dependencies: ["CSDL2", "CSDL2Image", "PhotoLibrary"],
      path: "Tools/ViewerBenchmark"),

    // MARK: Test support and tests
    // The public test kit: touch scripts, a manual clock, the recognizer contract checker.
    .target(name: "GestureTesting", dependencies: ["TouchInput", "GestureRecognition"]),
    .target(
      name: "GestureTestSupport",
      dependencies: ["TouchInput", "TextOutput", "GestureRecognition", "GestureTesting"]
    ),
    // Property checks for libFuzzer (entry points in Fuzz/, built by Tools/fuzz.sh); the
    // tests run them over the recordings and seeded random inputs.
    .target(
      name: "FuzzTargets",
      dependencies: ["TouchInput", "GestureRecognition", "GesturePipeline", "GestureTestSupport"]
    ),
    .testTarget(name: "SystemDirectoryTests", dependencies: ["SystemDirectory"]),
    .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TouchInput"]),
    .testTarget(name: "TouchInputTests", dependencies: ["TouchInput", "GestureTestSupport"]),
    .testTarget(
      name: "GestureRecognitionTests",
      dependencies: ["GestureRecognition", "TouchInput", "GestureTestSupport"]
    ),
    .testTarget(
      name: "GesturePipelineTests",
      dependencies: ["GesturePipeline", "GestureRecognition", "TouchInput", "GestureTestSupport"]
    ),
    .testTarget(name: "ImageCarouselTests", dependencies: ["ImageCarousel", "GestureTestSupport"]),
    .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "GestureTestSupport"]),
    .testTarget(
      name: "EvdevDeviceTests", dependencies: ["EvdevDevice", "TouchInput", "GestureTestSupport"]),
    .testTarget(
      name: "LiveGesturesTests",
      dependencies: ["LiveGestures", "EvdevDevice", "GestureRecognition"]),
    .testTarget(name: "GesturectlTests", dependencies: ["TouchInput", "GestureTestSupport"]),
    .testTarget(
      name: "PhotoViewerTests",
      dependencies: [
        "PhotoViewer", "PhotoLibrary", "ImageCarousel", "TouchInput", "GestureTestSupport",
      ],
      // The viewer's own recordings, read from the package directory at run time.
      exclude: ["Recordings"]),
    .testTarget(
      name: "GestureDaemonTests",
      dependencies: [
        "GestureDaemon", "GesturePipeline", "GestureRecognition", "TouchInput",
        "GestureTestSupport",
      ]
    ),
  ]
)
