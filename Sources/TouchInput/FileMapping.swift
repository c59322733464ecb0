#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file mapped into memory, private and copy-on-write, followed by at least one
/// page of zeros, and exposed window by window like chunks read into a buffer.
///
/// Reading a mapped file costs no copy from the kernel: its bytes are the page cache's own
/// pages, faulted in as the reader moves on (the kernel is told the access is sequential, so
/// it reads ahead). Pages the reader has left behind are released as it goes, so the process
/// holds about one window of the file at a time, however long the file is. The byte after the
/// exposed window is replaced by a sentinel newline (in the process's private copy of that
/// page) and restored when the window grows; the zero page after the file's last byte gives
/// room for the last one.
struct FileMapping {
  /// The first byte of the file.
  let base: UnsafeMutablePointer<UInt8>
  /// The file's length in bytes.
  let size: Int
  /// The number of bytes exposed so far; `base[exposed]` is the sentinel newline.
  private(set) var exposed = 0
  /// The length of the whole mapping: the file's pages and the zero page after them.
  private let length: Int
  /// The system's page size.
  private let page: Int
  /// The byte the sentinel hides.
  private var hidden: UInt8
  /// The bytes at the start already given back to the kernel, a whole number of pages.
  private var released = 0

  /// Maps the file open as `descriptor`, or `nil` if it is not a non-empty regular file or
  /// cannot be mapped (the caller then reads it instead).
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size > 0, let size = Int(exactly: status.st_size)
    else { return nil }
    let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
    let filePages = (size + page - 1) / page * page
    let length = filePages + page
    // Reserve the whole range as zeros, then lay the file over its start.
    guard
      let reserved = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      reserved != MAP_FAILED
    else { return nil }
    guard
      let mapped = mmap(
        reserved, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, descriptor, 0),
      mapped != MAP_FAILED
    else {
      munmap(reserved, length)
      return nil
    }
    _ = madvise(mapped, size, MADV_SEQUENTIAL)
    self.base = mapped.assumingMemoryBound(to: UInt8.self)
    self.size = size
    self.length = length
    self.page = page
    hidden = base[0]
    base[0] = 0x0a
  }

  /// Exposes up to `count` more bytes and moves the sentinel after them; gives back to the
  /// kernel the whole pages before `keep`, which the reader is done with.
  ///
  /// - Returns: the number of bytes added, 0 at the end of the file.
  mutating func expose(upTo count: Int, keepingFrom keep: Int) -> Int {
    let added = min(count, size - exposed)
    guard added > 0 else { return 0 }
    base[exposed] = hidden
    exposed += added
    hidden = base[exposed]
    base[exposed] = 0x0a
    let done = keep / page * page
    if done > released {
      _ = madvise(base + released, done - released, MADV_DONTNEED)
      released = done
    }
    return added
  }

  /// Unmaps the file; the mapping must not be used afterwards.
  func unmap() {
    munmap(base, length)
  }
}
