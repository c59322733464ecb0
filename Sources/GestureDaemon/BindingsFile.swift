/// Where the bindings file is and how it is read.
public enum BindingsFile {
  /// `$XDG_CONFIG_HOME/gesturectl/bindings`, or `$HOME/.config/gesturectl/bindings` when
  /// `XDG_CONFIG_HOME` is unset or empty (the XDG base directory rule).
  public static var defaultPath: String {
    if let base = environmentValue("XDG_CONFIG_HOME"), !base.isEmpty {
      return base + "/gesturectl/bindings"
    }
    return (environmentValue("HOME") ?? "") + "/.config/gesturectl/bindings"
  }

  /// Reads and parses the file at `path`.
  ///
  /// - Throws: `BindingsError` when the file cannot be read (line 0) or a line is bad.
  public static func load(_ path: String) throws(BindingsError) -> BindingsConfiguration {
    switch readTextFile(path) {
    case .success(let text): return try BindingsParser.parse(text, file: path)
    case .failure(let error):
      throw BindingsError(file: path, line: 0, reason: "cannot read the file: \(error)")
    }
  }
}
