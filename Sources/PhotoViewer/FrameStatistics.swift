import CSDL2
import TextOutput
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// What the viewer benchmark (`viewer-bench`, Tools/ViewerBenchmark) reads from a run: set
/// `PHOTO_CAROUSEL_STATISTICS=FILE` and the viewer writes, at its end, one line per drawn
/// frame and the moments that matter, all in microseconds:
///
/// ```text
/// first-photo MONOTONIC          the current photo first drawn as a photo (CLOCK_MONOTONIC)
/// window-ready MONOTONIC         the current photo and its neighbours all prepared
/// frame WALL CPU photo|loading   one drawn frame: wall and thread CPU time, what it showed
/// peak-rss KIB                   VmHWM of /proc/self/status at the end
/// ```
///
/// With it, a `--replay` waits until the window is ready (a person looks at the first photo
/// before swiping) and is then paced at the recording's own speed, so background decoding
/// competes with the frames as it does in use. Without the variable nothing changes.
final class FrameStatistics {
  /// The file to write.
  let path: String
  /// The lines so far.
  private var lines: [String] = []
  /// Whether the first photo and the ready window were noted.
  private var sawPhoto = false
  private var sawReady = false
  /// The replay's pacing origin: wall time of its first tick, and that tick's recorded time.
  private var origin: (wall: Int64, recorded: Microseconds)?

  /// The statistics asked for by the environment, or `nil`.
  static func fromEnvironment() -> FrameStatistics? {
    guard let value = getenv("PHOTO_CAROUSEL_STATISTICS") else { return nil }
    let path = String(cString: value)
    return path.isEmpty ? nil : FrameStatistics(path: path)
  }

  private init(path: String) { self.path = path }

  /// A clock's time in µs.
  static func now(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
  }

  /// CLOCK_MONOTONIC in µs.
  static func monotonicNow() -> Int64 { now(CLOCK_MONOTONIC) }

  /// The start of a frame: wall and thread CPU time.
  func begin() -> (wall: Int64, cpu: Int64) {
    (Self.now(CLOCK_MONOTONIC), Self.now(CLOCK_THREAD_CPUTIME_ID))
  }

  /// The end of a frame that drew (`drew`), showing a photo or a placeholder.
  func end(_ start: (wall: Int64, cpu: Int64), drew: Bool, showsPhoto: Bool, ready: Bool) {
    let wall = Self.now(CLOCK_MONOTONIC)
    if drew {
      let cpu = Self.now(CLOCK_THREAD_CPUTIME_ID) - start.cpu
      lines.append("frame \(wall - start.wall) \(cpu) \(showsPhoto ? "photo" : "loading")")
    }
    if showsPhoto && !sawPhoto {
      sawPhoto = true
      lines.append("first-photo \(wall)")
    }
    if ready && !sawReady {
      sawReady = true
      lines.append("window-ready \(wall)")
    }
  }

  /// Whether the replay may start: the window is ready, or 30 s went by.
  func mayStartReplay(startedAt start: Int64) -> Bool {
    sawReady || Self.now(CLOCK_MONOTONIC) - start > 30_000_000
  }

  /// Sleeps until the wall clock reaches the replay tick at `recorded` µs.
  func pace(to recorded: Microseconds) {
    let wall = Self.now(CLOCK_MONOTONIC)
    guard let origin else {
      origin = (wall, recorded)
      return
    }
    let due = origin.wall + Int64(recorded - origin.recorded)
    if due > wall + 1000 { SDL_Delay(UInt32((due - wall) / 1000)) }
  }

  /// Writes the file, with the peak resident set size.
  func write() {
    var text = lines.joined(separator: "\n") + "\n"
    if let status = fopen("/proc/self/status", "r") {
      defer { fclose(status) }
      var buffer = [CChar](repeating: 0, count: 256)
      while fgets(&buffer, Int32(buffer.count), status) != nil {
        let line = String(cString: buffer)
        if line.hasPrefix("VmHWM:") {
          let digits = line.filter(\.isNumber)
          text += "peak-rss \(digits)\n"
        }
      }
    }
    guard let file = fopen(path, "w") else {
      writeErrorLine("error: \(path.escapingControlCharacters): cannot write the statistics")
      return
    }
    fputs(text, file)
    fclose(file)
  }
}

extension ViewerLoop {
  /// Whether the current photo is held as a photo (not loading, not a placeholder).
  var showsCurrentPhoto: Bool {
    if case .photo = photos.photo(at: scene.model.index) { return true }
    return false
  }
}
