import Foundation

/// Compares `actual` with the checked-in golden file at `path`.
///
/// With `GOLDEN_UPDATE=1` in the environment the file is rewritten and the comparison fails
/// on purpose, so a run that regenerates goldens can never pass silently in CI.
///
/// - Returns: `nil` when they match, else a message naming the first differing line.
public func compareWithGolden(_ actual: String, path: URL) -> String? {
  if ProcessInfo.processInfo.environment["GOLDEN_UPDATE"] == "1" {
    try? actual.write(to: path, atomically: true, encoding: .utf8)
    return "\(path.lastPathComponent): golden file rewritten (GOLDEN_UPDATE=1); review the diff"
  }
  guard let expected = try? String(contentsOf: path, encoding: .utf8) else {
    return "\(path.path): missing golden file (run with GOLDEN_UPDATE=1 to create it)"
  }
  guard expected != actual else { return nil }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
    if want != got {
      return "\(path.lastPathComponent):\(index + 1): expected\n  \(want)\nbut got\n  \(got)"
    }
  }
  return "\(path.lastPathComponent): outputs differ"
}
