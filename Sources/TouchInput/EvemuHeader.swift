/// What an evemu recording says about itself in its comment lines before the first event.
///
/// Only the comments that evemu writes in a known form are kept: the format version
/// (`# EVEMU 1.3`), the kernel release (`# Kernel: …`), the machine's DMI string (`# DMI: …`)
/// and the surface size (`# Size in mm: 595x334`). Files of the oldest format have none.
public struct EvemuHeader: Sendable, Hashable {
  /// The width and height of the touch surface as the recording states them.
  public struct Size: Sendable, Hashable {
    /// The width, in millimetres.
    public var width: Millimeters
    /// The height, in millimetres.
    public var height: Millimeters

    /// Creates a size.
    public init(width: Millimeters, height: Millimeters) {
      self.width = width
      self.height = height
    }
  }

  /// The format version (`"1.3"`), or `nil` for files without a version line (evemu 1.0).
  public var version: String?
  /// The kernel release the recording was made on, from `# Kernel:`.
  public var kernel: String?
  /// The machine's DMI modalias, from `# DMI:`.
  public var dmi: String?
  /// The surface size, from `# Size in mm:`.
  public var size: Size?

  /// Creates a header.
  public init(version: String? = nil, kernel: String? = nil, dmi: String? = nil, size: Size? = nil)
  {
    self.version = version
    self.kernel = kernel
    self.dmi = dmi
    self.size = size
  }

  /// Takes what it knows from one comment line (`comment` stands after the `#`); ignores the rest.
  mutating func absorb(comment: ByteScanner) {
    var scanner = comment
    let text = scanner.rest()
    if let rest = text.strip(prefix: "EVEMU ") {
      version = rest
    } else if let rest = text.strip(prefix: "Kernel:") {
      kernel = rest.trimmingBlanks()
    } else if let rest = text.strip(prefix: "DMI:") {
      dmi = rest.trimmingBlanks()
    } else if let rest = text.strip(prefix: "Size in mm:") {
      let parts = rest.trimmingBlanks().split(separator: "x")
      if parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) {
        size = Size(width: width, height: height)
      }
    }
  }
}

extension String {
  /// The rest of the string after `prefix`, or `nil` if it does not start with it.
  fileprivate func strip(prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }

  /// The string without leading and trailing spaces and tabs.
  fileprivate func trimmingBlanks() -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }),
      let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
