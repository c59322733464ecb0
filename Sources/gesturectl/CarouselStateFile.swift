import FoundationEssentials
import ImageCarousel

/// The carousel's state file: `CarouselState`'s `Codable` conformance (in `ImageCarousel`,
/// standard library only) through the toolchain's `FoundationEssentials` JSON coders. The CLI
/// owns the coders because the model's modules do not import Foundation.
enum CarouselStateFile {
  /// The state as the file's text: one JSON object, keys sorted, and a newline.
  static func text(of state: CarouselState) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(state)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The state in `bytes`, or `nil` when they are not one valid state object.
  static func state(from bytes: [UInt8]) -> CarouselState? {
    try? JSONDecoder().decode(CarouselState.self, from: Data(bytes))
  }
}
