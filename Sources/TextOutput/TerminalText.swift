extension String {
  /// The text with every character that a terminal would act on instead of showing written
  /// out as `\u{…}`: C0 controls (ESC, BEL, CR, tab…), DEL, C1 controls (a lone CSI) and the
  /// bidirectional overrides and isolates.
  ///
  /// Names, values and reasons read from a recording or a device pass through this before
  /// they reach standard error or a description, so a file cannot clear the screen, set the
  /// window title or reorder the text of a message. Escaping is idempotent: the escaped form
  /// holds no such character.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      if Self.isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a terminal acts on `scalar` rather than showing it.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
