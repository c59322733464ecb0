/// Where the bindings file is and how it is read.
public enum BindingsFile {
  /// `$XDG_CONFIG_HOME/gesturectl/bindings`, or `$HOME/.config/gesturectl/bindings` when
  /// `XDG_CONFIG_HOME` is unset, empty or relative (the XDG base directory rule); an empty
  /// string when neither gives a place (``defaultLocation()`` says so as an error).
  public static var defaultPath: String {
    (try? defaultLocation()) ?? ""
  }

  /// The default bindings file, as ``defaultPath`` describes it.
  ///
  /// - Throws: `BindingsError` when `XDG_CONFIG_HOME` gives no absolute path and `HOME` is
  ///   unset or empty: the file would be looked for under `/.config`.
  public static func defaultLocation() throws(BindingsError) -> String {
    if let base = environmentValue("XDG_CONFIG_HOME"), base.hasPrefix("/") {
      return base + "/gesturectl/bindings"
    }
    guard let home = environmentValue("HOME"), !home.isEmpty else {
      throw BindingsError(
        file: "gesturectl", line: 0,
        reason: "no bindings file: neither HOME nor an absolute XDG_CONFIG_HOME is set "
          + "(name the file: check-config FILE, run --config FILE)")
    }
    return home + "/.config/gesturectl/bindings"
  }

  /// The largest bindings file read (1 MiB; sxmo's whole set is about 3 KB).
  public static let sizeLimit = 1 << 20

  /// Reads and parses the file at `path`.
  ///
  /// The file must be a regular file of at most ``sizeLimit`` bytes (a FIFO or a device is
  /// refused at once instead of blocking or growing), and since its commands run as the
  /// caller, others must not be able to write it and it must be the caller's or root's (as
  /// ssh demands of its files). `/dev/null` is an empty file (no bindings but `-g` lines, the
  /// usual way to say "no file"): reading it ends at once.
  ///
  /// - Throws: `BindingsError` when the file cannot be read (line 0) or a line is bad.
  public static func load(_ path: String) throws(BindingsError) -> BindingsConfiguration {
    if path == "/dev/null" { return try BindingsParser.parse("", file: path) }
    func failure(_ reason: String) -> BindingsError {
      BindingsError(file: path, line: 0, reason: reason)
    }
    switch readTextFile(path, limit: sizeLimit, trusted: true) {
    case .success(let text): return try BindingsParser.parse(text, file: path)
    case .failure(.system(let error)): throw failure("cannot read the file: \(error)")
    case .failure(.notRegular): throw failure("not a regular file (a FIFO, a device…)")
    case .failure(.tooLarge(let limit)):
      throw failure("larger than \(limit) bytes; not a bindings file")
    case .failure(.unsafe(let mode, let owner)):
      throw failure(
        "others could run commands through it (mode \(String(mode, radix: 8)), owner uid "
          + "\(owner)); it must be yours or root's and not writable by others (chmod o-w)")
    }
  }
}
