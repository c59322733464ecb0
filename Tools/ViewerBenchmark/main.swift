// viewer-bench: the photo viewer's speed on 12-megapixel JPEGs (issue 18).
//
//   swift build -c release --product photo-carousel --product viewer-bench
//   .build/release/viewer-bench [--photos N] [--size WxH] [--resolution WxH] [--replay FILE]
//                               [--folder DIR]
//
// Writes N JPEGs of W×H pixels (default 6 of 4000×3000, quality 90, a gradient with noise so
// they compress like photos) with SDL_image's IMG_SaveJPG, then runs the built
// `photo-carousel` beside this binary on them with the software renderer in a window of SDL's
// offscreen driver, replaying a recording of swipes (default
// Recordings/synthetic/carousel-back-and-forth.evemu: five swipes in 4.2 s) once the first
// photo and its neighbours are ready, paced at the recording's speed. The viewer reports
// through PHOTO_CAROUSEL_STATISTICS (Sources/PhotoViewer/FrameStatistics.swift); this prints
// the time to the first photo, the drawn frames' wall and CPU time (median, p99, max) and the
// viewer's peak resident set size.
import CSDL2
import CSDL2Image
import Foundation
import PhotoLibrary

/// Prints `error: MESSAGE` and exits with status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("error: viewer-bench: " + message + "\n").utf8))
  exit(1)
}

/// `WxH` as two positive integers.
func size(_ text: String) -> (Int, Int)? {
  let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
  guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
  return (parts[0], parts[1])
}

var photoCount = 6
var photoSize = (4000, 3000)
var resolution = "1280x800"
var replay = "Recordings/synthetic/carousel-back-and-forth.evemu"
var folder: String?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let option = arguments.removeFirst()
  guard !arguments.isEmpty, option != "--help" else {
    print("usage: viewer-bench [--photos N] [--size WxH] [--resolution WxH] [--replay FILE]")
    print("                    [--folder DIR (reused when it holds bench-*.jpg)]")
    exit(option == "--help" ? 0 : 2)
  }
  let value = arguments.removeFirst()
  switch option {
  case "--photos": photoCount = Int(value).map { max($0, 1) } ?? photoCount
  case "--size": photoSize = size(value) ?? photoSize
  case "--resolution": resolution = value
  case "--replay": replay = value
  case "--folder": folder = value
  default: fail("unknown option \(option) (see --help)")
  }
}

/// A value's median, 99th percentile and maximum (nearest rank).
func percentiles(_ values: [Int64]) -> (median: Int64, p99: Int64, max: Int64) {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return (0, 0, 0) }
  func rank(_ p: Double) -> Int64 {
    sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
  }
  return (rank(0.5), rank(0.99), sorted[sorted.count - 1])
}

/// Milliseconds with one decimal.
func ms(_ microseconds: Int64) -> String {
  String(format: "%.1f ms", Double(microseconds) / 1000)
}

/// CLOCK_MONOTONIC in µs (the viewer's statistics use the same clock).
func monotonic() -> Int64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
}

// 0. Listing: a folder of 10,000 (empty) photos opened five times, the median kept.
let listing = FileManager.default.temporaryDirectory.appendingPathComponent(
  "viewer-bench-listing-\(getpid())"
).path
try? FileManager.default.createDirectory(atPath: listing, withIntermediateDirectories: true)
for index in 0..<10_000 {
  FileManager.default.createFile(atPath: listing + "/IMG_\(index).jpg", contents: nil)
}
var listingTimes: [Int64] = []
for _ in 0..<5 {
  let start = monotonic()
  let opened = try? PhotoFolder(path: listing)
  listingTimes.append(monotonic() - start)
  if opened?.count != 10_000 { fail("\(listing): listed \(opened?.count ?? 0) photos, not 10000") }
}
try? FileManager.default.removeItem(atPath: listing)
print(
  "listing: a folder of 10,000 photos opens in \(ms(percentiles(listingTimes).median)) (median of 5)"
)

// 1. The photos.
let directory =
  folder
  ?? FileManager.default.temporaryDirectory.appendingPathComponent("viewer-bench-\(getpid())")
  .path
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let (width, height) = photoSize
var bytes = 0
for number in 1...photoCount {
  let path = directory + "/bench-\(number).jpg"
  if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
    let fileSize = attributes[.size] as? Int, fileSize > 0
  {
    bytes += fileSize
    continue
  }
  // A diagonal gradient from the photo's colour, with noise of ±16 (a camera's grain).
  let hue = [(220, 60, 40), (40, 160, 70), (50, 80, 200), (230, 200, 40), (150, 60, 180)]
  let base = hue[(number - 1) % hue.count]
  var pixels = [UInt8](repeating: 0, count: width * height * 3)
  var seed: UInt32 = UInt32(number) &* 2_654_435_761
  for y in 0..<height {
    for x in 0..<width {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let noise = Int(seed >> 27) - 16
      let shade = (x + y) * 96 / (width + height)
      let at = (y * width + x) * 3
      pixels[at] = UInt8(clamping: base.0 - 48 + shade + noise)
      pixels[at + 1] = UInt8(clamping: base.1 - 48 + shade + noise)
      pixels[at + 2] = UInt8(clamping: base.2 - 48 + shade + noise)
    }
  }
  // The C boundary: `SDL_CreateRGBSurfaceWithFormatFrom` wraps the array's storage as the
  // surface's pixels, for `IMG_SaveJPG` to read while the closure runs.
  let saved = pixels.withUnsafeMutableBytes { buffer -> Int32 in
    guard
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(
        buffer.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3),
        SDL_PIXELFORMAT_RGB24.rawValue)
    else { return -1 }
    defer { SDL_FreeSurface(surface) }
    return IMG_SaveJPG(surface, path, 90)
  }
  guard saved == 0 else { fail("\(path): IMG_SaveJPG failed: " + String(cString: SDL_GetError())) }
  bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}
let megapixels = Double(width * height) / 1_000_000
print(
  String(
    format: "photos: %d JPEGs of %dx%d (%.1f MP), quality 90, %.1f MB each on average, in %@",
    photoCount, width, height, megapixels, Double(bytes) / Double(photoCount) / 1_000_000,
    directory))

// 2. The viewer, with its statistics.
let binDirectory =
  ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    .map { URL(fileURLWithPath: $0).deletingLastPathComponent() })
  ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let viewer = binDirectory.appendingPathComponent("photo-carousel").path
guard FileManager.default.isExecutableFile(atPath: viewer) else {
  fail("\(viewer): not built (swift build -c release --product photo-carousel)")
}
let statistics = directory + "/statistics.txt"
try? FileManager.default.removeItem(atPath: statistics)
let process = Process()
process.executableURL = URL(fileURLWithPath: viewer)
process.arguments = [
  directory, "--window", "--resolution", resolution, "--software", "--replay", replay,
  "--exit-after-replay",
]
var environment = ProcessInfo.processInfo.environment
environment["PHOTO_CAROUSEL_STATISTICS"] = statistics
if environment["SDL_VIDEODRIVER"] == nil { environment["SDL_VIDEODRIVER"] = "offscreen" }
process.environment = environment
let started = monotonic()
do { try process.run() } catch { fail("\(viewer): cannot start: \(error)") }
process.waitUntilExit()
let ended = monotonic()
guard process.terminationStatus == 0 else {
  fail("photo-carousel exited with status \(process.terminationStatus)")
}
var usage = rusage()
getrusage(RUSAGE_CHILDREN.rawValue, &usage)

// 3. The report.
guard let text = try? String(contentsOfFile: statistics, encoding: .utf8) else {
  fail("\(statistics): the viewer wrote no statistics")
}
var wall: [Int64] = []
var cpu: [Int64] = []
var loading = 0
var firstPhoto: Int64?
var windowReady: Int64?
var peak: Int64?
for line in text.split(separator: "\n") {
  let fields = line.split(separator: " ")
  switch fields.first {
  case "frame" where fields.count == 4:
    wall.append(Int64(fields[1]) ?? 0)
    cpu.append(Int64(fields[2]) ?? 0)
    if fields[3] == "loading" { loading += 1 }
  case "first-photo": firstPhoto = fields.count > 1 ? Int64(fields[1]) : nil
  case "window-ready": windowReady = fields.count > 1 ? Int64(fields[1]) : nil
  case "peak-rss": peak = fields.count > 1 ? Int64(fields[1]) : nil
  default: break
  }
}
print(
  "viewer: \(resolution) window, software renderer, SDL_VIDEODRIVER=\(environment["SDL_VIDEODRIVER"] ?? ""), replay \(replay)"
)
if let firstPhoto {
  print("time to first photo: \(ms(firstPhoto - started)) (from the process's start)")
}
if let windowReady {
  print("window ready (photo and both neighbours): \(ms(windowReady - started))")
}
let w = percentiles(wall)
let c = percentiles(cpu)
print("frames drawn: \(wall.count) (\(loading) showed the current photo still loading)")
print("frame wall time: median \(ms(w.median)), p99 \(ms(w.p99)), max \(ms(w.max))")
print("frame CPU time (render thread): median \(ms(c.median)), p99 \(ms(c.p99)), max \(ms(c.max))")
if let peak { print(String(format: "peak RSS: %.1f MB (VmHWM)", Double(peak) / 1024)) }
print(
  String(
    format: "peak RSS by getrusage: %.1f MB; run time %.2f s", Double(usage.ru_maxrss) / 1024,
    Double(ended - started) / 1e6))
