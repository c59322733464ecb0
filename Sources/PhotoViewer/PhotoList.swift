import FoundationEssentials
import TextOutput

#if canImport(Glibc)
  import Glibc
#endif

/// The photos of a folder, sorted by name; files that are not images are skipped with a
/// warning.
struct PhotoList {
  let path: String
  private var names: [String]

  init(path: String) throws(ViewerError) {
    self.path = path
    let shown = path.escapingControlCharacters
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .io("\(shown): no such folder (photo-carousel DIR expects a folder of photos)")
    }
    guard isDirectory else { throw .io("\(shown): not a folder (give the folder of photos)") }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .io("\(shown): cannot list the folder")
    }
    var kept: [String] = []
    for name in entries.sorted() where !name.hasPrefix(".") {
      let file = Self.join(path, name)
      switch sniffImage(atPath: file) {
      case .image: kept.append(name)
      case .notImage: warn("\(file.escapingControlCharacters): not an image; skipping it")
      case .notFile: continue
      }
    }
    guard !kept.isEmpty else {
      throw .io("\(shown): no photos (JPEG, PNG, WebP, TIFF, GIF or BMP files) in the folder")
    }
    names = kept
  }

  var count: Int { names.count }
  func name(at index: Int) -> String { names[index] }
  func path(at index: Int) -> String { Self.join(path, names[index]) }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}

enum SniffResult { case image, notImage, notFile }

/// Whether the file starts like an image SDL_image reads.
func sniffImage(atPath path: String) -> SniffResult {
  var status = stat()
  guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .notFile }
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return .notImage }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 12)
  let got = read(fd, &buffer, 12)
  let bytes = Array(buffer.prefix(max(0, got)))
  func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
  if starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47]) || starts(Array("GIF8".utf8))
    || starts(Array("BM".utf8)) || starts([0x49, 0x49, 0x2A, 0]) || starts([0x4D, 0x4D, 0, 0x2A])
    || (starts(Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
  {
    return .image
  }
  return .notImage
}
