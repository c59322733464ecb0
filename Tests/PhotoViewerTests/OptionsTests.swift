import PhotoViewer
import Testing

/// The command line of `photo-carousel`.
@Suite struct OptionsTests {
  @Test("a folder and the window options parse; --help gives no options")
  func parses() throws {
    let options = try #require(
      try ViewerOptions.parse(["DIR", "--window", "--resolution", "320x180", "--size", "200x112.5"])
    )
    #expect(options.folder == "DIR")
    #expect(options.window)
    #expect(options.windowSize == (320, 180))
    #expect(options.surfaceSize?.width == 200)
    #expect(try ViewerOptions.parse(["--help"]) == nil)
  }

  @Test("bad values are usage errors that name the option")
  func badValues() {
    for arguments in [
      ["DIR", "--rotate", "45"], ["DIR", "--size", "0x3"], ["--window"],
      ["DIR", "--exit-after-replay"], ["DIR", "--frobnicate"],
    ] {
      #expect(throws: ViewerError.self) { try ViewerOptions.parse(arguments) }
    }
  }
}
