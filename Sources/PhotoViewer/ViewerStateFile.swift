import FoundationEssentials
import ImageCarousel
import TextOutput

/// `--state FILE`: the carousel's state restored at the start and saved after each change,
/// in the format `gesturectl carousel --state` uses (`CarouselState`'s JSON, keys sorted).
struct ViewerStateFile {
  let path: String?
  /// Whether a save failed already (warned once).
  private var failed = false

  init(path: String?) {
    self.path = path
  }

  /// The saved state, or `nil` (with a warning when the file exists but is unusable).
  func load() -> CarouselState? {
    guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20,
      let state = try? JSONDecoder().decode(CarouselState.self, from: data)
    else {
      warn("\(path.escapingControlCharacters): not a carousel state (corrupt JSON); ignoring it")
      return nil
    }
    return state
  }

  /// Saves `state` atomically; warns once when that fails.
  mutating func save(_ state: CarouselState) {
    guard let path else { return }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var data = try encoder.encode(state)
      data.append(0x0A)
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      if !failed {
        warn("\(path.escapingControlCharacters): cannot save the carousel state (warned once)")
      }
      failed = true
    }
  }
}
