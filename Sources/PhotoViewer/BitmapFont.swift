/// A 5×7 bitmap font for printable ASCII, drawn as filled squares: the viewer's alert and
/// placeholder text without a font library (no SDL_ttf).
///
/// Each glyph is 7 rows, top first; each row is one base-32 digit (`0`–`9`, `A`–`V`) whose
/// five bits are the row's columns, the leftmost the highest. Drawn by the project, no
/// outside font data. Characters outside ASCII 32…126 are drawn as `?`.
enum BitmapFont {
  /// Glyph width and height in font pixels, and the advance (one column of space).
  static let glyphWidth = 5
  static let glyphHeight = 7
  static let advance = 6

  /// The glyphs of ASCII 32 (space) to 126 (`~`), in order.
  private static let glyphs: [String] = [
    "0000000", "4444404", "AA00000", "AAVAVAA", "4FKE5U4", "OP248J3", "CIK8LID", "4480000",
    "2488842", "8422248", "04LEL40", "044V440", "0000C48", "000V000", "00000CC", "01248G0",
    "EHJLPHE", "4C4444E", "EH1248V", "V2421HE", "26AIV22", "VGU11HE", "68GUHHE", "V124888",
    "EHHEHHE", "EHHF12C", "0CC0CC0", "0CC0C48", "248G842", "00V0V00", "8421248", "EH12404",
    "EH1DLLE", "EHHVHHH", "UHHUHHU", "EHGGGHE", "SIHHHIS", "VGGUGGV", "VGGUGGG", "EHGNHHF",
    "HHHVHHH", "E44444E", "72222IC", "HIKOKIH", "GGGGGGV", "HRLLHHH", "HHPLJHH", "EHHHHHE",
    "UHHUGGG", "EHHHLID", "UHHUKIH", "FGGE11U", "V444444", "HHHHHHE", "HHHHHA4", "HHHLLLA",
    "HHA4AHH", "HHHA444", "V1248GV", "E88888E", "0G84210", "E22222E", "4AH0000", "000000V",
    "8420000", "00E1FHF", "GGMPHHU", "00EGGHE", "11DJHHF", "00EHVGE", "698S888", "0FHHF1E",
    "GGMPHHH", "40C444E", "20622IC", "GGIKOKI", "C44444E", "00QLLHH", "00MPHHH", "00EHHHE",
    "00UHUGG", "00DJF11", "00MPGGG", "00EGE1U", "88S8896", "00HHHJD", "00HHHA4", "00HHLLA",
    "00HA4AH", "00HHF1E", "00V248V", "2448442", "4444444", "8442448", "008L200",
  ]

  /// The rows of `scalar`'s glyph (each a 5-bit mask, leftmost column 16).
  static func rows(of scalar: Unicode.Scalar) -> [Int] {
    let value = Int(scalar.value)
    let index = (32...126).contains(value) ? value - 32 : Int(("?" as Unicode.Scalar).value) - 32
    return glyphs[index].utf8.map { digit in
      let code = Int(digit)
      return code >= 65 ? code - 55 : code - 48
    }
  }

  /// The width of `text` in font pixels (no trailing space column).
  static func width(of text: String) -> Int {
    let count = text.unicodeScalars.count
    return count == 0 ? 0 : count * advance - 1
  }

  /// The filled squares of `text` drawn at `scale` screen pixels per font pixel with its
  /// top-left corner at (`x`, `y`): one rectangle per lit font pixel, as (x, y, side).
  static func squares(_ text: String, x: Int, y: Int, scale: Int) -> [(x: Int, y: Int)] {
    var out: [(x: Int, y: Int)] = []
    for (column, scalar) in text.unicodeScalars.enumerated() {
      for (row, mask) in rows(of: scalar).enumerated() {
        for bit in 0..<glyphWidth where mask & (16 >> bit) != 0 {
          out.append((x + (column * advance + bit) * scale, y + row * scale))
        }
      }
    }
    return out
  }

  /// `text` cut to at most `columns` characters, ending in `...` when cut.
  static func fitting(_ text: String, columns: Int) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > columns, columns > 3 else { return text }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars.prefix(columns - 3))
    return String(out) + "..."
  }
}
