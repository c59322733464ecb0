import Testing
import TouchInput

/// Text from a file is escaped before it reaches a terminal.
@Suite("Control characters escaped for the terminal")
struct TerminalTextTests {
  @Test(
    "C0, DEL, C1 and bidi controls are written out; other text is kept",
    arguments: [
      ("plain ✓ text", "plain ✓ text"),
      ("\u{1B}[2J", "\\u{1B}[2J"),
      ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{7}"),
      ("a\tb\rc\n", "a\\u{9}b\\u{D}c\\u{A}"),
      ("\u{7F}\u{9B}", "\\u{7F}\\u{9B}"),
      ("\u{202E}gnp.exe", "\\u{202E}gnp.exe"),
    ])
  func escapes(text: String, expected: String) {
    #expect(text.escapingControlCharacters == expected)
    #expect(expected.escapingControlCharacters == expected, "idempotent")
  }

  @Test("A trace error's description escapes its file and reason")
  func traceError() {
    let error = TraceError(file: "a\u{1B}b", line: 3, reason: "bad value '\u{1B}[2J'")
    #expect(error.description == "a\\u{1B}b:3: bad value '\\u{1B}[2J'")
  }
}
