#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Plain POSIX file access for the few files gesturectl reads and writes besides recordings, so
// the tool does not load Foundation (about 4 ms of start-up on every run).

/// Writes `text` to `path` atomically: a temporary file in the same directory, then a rename,
/// so a reader never sees half a file. The file gets the usual mode (0666 less the umask).
///
/// - Throws: `CommandFailure` naming the path and the reason.
func writeFileAtomically(_ text: String, to path: String) throws(CommandFailure) {
  func failure() -> CommandFailure {
    CommandFailure(message: "\(path): cannot write: " + String(cString: strerror(errno)))
  }
  var template = Array((path + ".tmp-XXXXXX").utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.map { mkstemp($0) } ?? -1
  }
  guard descriptor >= 0 else { throw failure() }
  let temporary = String(
    decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let mask = umask(0)
  umask(mask)
  var written = fchmod(descriptor, 0o666 & ~mask) == 0
  let bytes = Array(text.utf8)
  var offset = 0
  while written && offset < bytes.count {
    let count = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { write(descriptor, $0 + offset, raw.count - offset) } ?? -1
    }
    if count < 0 && errno == EINTR { continue }
    written = count > 0
    if written { offset += count }
  }
  let closed = close(descriptor) == 0
  guard written && closed && rename(temporary, path) == 0 else {
    let error = failure()
    unlink(temporary)
    throw error
  }
}

/// The bytes of the file at `path`, or `nil` if it cannot be opened or read.
func readWholeFile(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count >= 0 else { return nil }
    if count == 0 { return bytes }
    bytes.append(contentsOf: chunk[0..<count])
  }
}

/// Whether something exists at `path`.
func fileExists(_ path: String) -> Bool {
  access(path, F_OK) == 0
}

/// Whether `path` is a regular file (a recording, say, rather than a device node).
func isRegularFile(_ path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

/// The names in the directory at `path`, without `.` and `..`, in no particular order.
///
/// - Throws: `CommandFailure` naming the directory and the reason.
func directoryEntries(_ path: String) throws(CommandFailure) -> [String] {
  guard let directory = opendir(path) else {
    throw CommandFailure(
      message: "\(path): cannot list images: " + String(cString: strerror(errno)))
  }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names
}
