import CSDL2
import PhotoLibrary

#if canImport(Glibc)
  import Glibc
#endif

/// Prepares the photo at `path` for a box of `maximum` pixels (on the preparer's thread):
/// checks it is whole, reads its orientation, decodes and scales it.
///
/// - Throws: `PhotoError` naming the file: missing, unreadable, truncated or undecodable.
func preparePhoto(path: String, maximum: (width: Int, height: Int)) throws(PhotoError)
  -> PreparedPhoto
{
  _ = try PhotoKind.sniff(fileAt: path)
  if let failure = truncation(of: path) {
    throw PhotoError(path: path, kind: failure.kind, reason: failure.description)
  }
  let orientation = (try? PhotoOrientation.read(fromFileAt: path)) ?? .up
  // A sideways photo is stored with width and height swapped: fit the stored shape.
  let box = orientation.swapsDimensions ? (maximum.height, maximum.width) : maximum
  switch loadScaled(path: path, fitting: box) {
  case .success(let surface): return PreparedPhoto(surface: surface, orientation: orientation)
  case .failure(let failure):
    throw PhotoError(path: path, kind: failure.kind, reason: failure.description)
  }
}

/// Why the file at `path` cannot be read whole: gone, unreadable, or a JPEG whose last
/// bytes are not its end-of-image marker (libjpeg would show it with a grey lower part).
func truncation(of path: String) -> PhotoFailure? {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
  defer { close(fd) }
  var head: [UInt8] = [0, 0, 0]
  guard read(fd, &head, 3) == 3 else { return .truncated }
  guard head == [0xFF, 0xD8, 0xFF] else { return nil }
  let end = lseek(fd, -2, SEEK_END)
  var tail: [UInt8] = [0, 0]
  guard end > 0, read(fd, &tail, 2) == 2 else { return .truncated }
  // Padding after EOI is allowed; only a file that stops inside the data is refused.
  if tail == [0xFF, 0xD9] { return nil }
  return hasEndMarker(fd: fd) ? nil : .truncated
}

/// Whether the last 4 KiB of the file hold an end-of-image marker (some cameras pad).
private func hasEndMarker(fd: Int32) -> Bool {
  let size = lseek(fd, 0, SEEK_END)
  let start = max(0, size - 4096)
  guard lseek(fd, start, SEEK_SET) == start else { return false }
  var buffer = [UInt8](repeating: 0, count: Int(size - start))
  let got = read(fd, &buffer, buffer.count)
  guard got >= 2 else { return false }
  for index in 0..<(got - 1) where buffer[index] == 0xFF && buffer[index + 1] == 0xD9 {
    return true
  }
  return false
}
