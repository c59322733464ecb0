import Foundation

/// Writes `text` to `path` atomically: a temporary file in the same directory, then a rename,
/// so a reader never sees half a file.
///
/// - Throws: `CommandFailure` naming the path and the reason.
func writeFileAtomically(_ text: String, to path: String) throws(CommandFailure) {
  let url = URL(fileURLWithPath: path)
  do {
    try Data(text.utf8).write(to: url, options: .atomic)
  } catch {
    throw CommandFailure(message: "\(path): cannot write: \(error.localizedDescription)")
  }
}
