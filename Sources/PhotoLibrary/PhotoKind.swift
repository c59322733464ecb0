/// An image file format, told from a file's first bytes (its signature), not its name.
public enum PhotoKind: String, Sendable, Hashable, CaseIterable {
  /// JPEG: `FF D8 FF`.
  case jpeg
  /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
  case png
  /// WebP: `RIFF`, a size, `WEBP`.
  case webp
  /// TIFF: `II*\0` (little-endian) or `MM\0*` (big-endian).
  case tiff
  /// Windows bitmap: `BM`, a file size, then four reserved zero bytes.
  case bmp
  /// GIF: `GIF87a` or `GIF89a`.
  case gif

  /// How many leading bytes ``init(signature:)`` looks at.
  public static let signatureLength = 12

  /// The kind whose signature `bytes` starts with, or `nil` when none does.
  public init?(signature bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(Self.signatureLength))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + prefix.count
        && head[offset..<offset + prefix.count].elementsEqual(prefix)
    }
    if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
      self = .tiff
    } else if starts(Array("BM".utf8)) && starts([0, 0, 0, 0], at: 6) {
      self = .bmp
    } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      self = .gif
    } else {
      return nil
    }
  }

  /// Reads the first bytes of the file at `path` and tells its kind.
  ///
  /// - Throws: ``PhotoError`` of kind ``PhotoError/Kind/notAnImage`` when the bytes are no
  ///   image's signature (the reason shows them: `not an image: starts with 3C 21 44 4F
  ///   ("<!DO")`, or `not an image: empty file`), or ``PhotoError/Kind/missing`` /
  ///   ``PhotoError/Kind/unreadable`` when it cannot be read.
  public static func sniff(fileAt path: String) throws(PhotoError) -> PhotoKind {
    try sniff(fileAt: path, files: SystemFiles())
  }

  /// ``sniff(fileAt:)`` through `files`.
  static func sniff(fileAt path: String, files: some FileAccess) throws(PhotoError) -> PhotoKind {
    let head = try files.open(path).read(at: 0, count: signatureLength)
    if let kind = PhotoKind(signature: head) { return kind }
    throw PhotoError(path: path, kind: .notAnImage, reason: notAnImageReason(head))
  }

  /// `not an image: starts with XX XX XX XX ("text")`, or `not an image: empty file`.
  static func notAnImageReason(_ head: [UInt8]) -> String {
    guard !head.isEmpty else { return "not an image: empty file" }
    let shown = head.prefix(4)
    let hex = shown.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + digits : digits
    }
    let text = String(
      shown.map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "." })
    return "not an image: starts with " + hex.joined(separator: " ") + " (\"" + text + "\")"
  }
}
