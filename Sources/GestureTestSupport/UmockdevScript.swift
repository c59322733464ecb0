import Foundation

/// Edits the `.script` file `umockdev-script` writes: one block per frame,
/// `r DELAY_MS BYTES`, each delivered DELAY_MS after the one before.
public enum UmockdevScript {
  /// Makes the longest pause between two frames (after the first block) last `milliseconds`
  /// instead, without touching the events' own timestamps: the frames after it arrive late, as
  /// from a device or machine that stalled.
  ///
  /// - Returns: The pause that was replaced, in milliseconds.
  @discardableResult
  public static func holdBackLongestGap(in script: String, to milliseconds: Int) throws -> Int {
    var lines = try String(contentsOfFile: script, encoding: .isoLatin1)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let blocks = lines.indices.dropFirst().filter { lines[$0].hasPrefix("r ") }
    guard let longest = blocks.max(by: { delay(lines[$0]) < delay(lines[$1]) }) else {
      return 0
    }
    let replaced = delay(lines[longest])
    let bytes = lines[longest].split(separator: " ", maxSplits: 2)[2]
    lines[longest] = "r \(milliseconds) \(bytes)"
    try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .isoLatin1)
    return replaced
  }

  /// The delay of a block line `r DELAY_MS BYTES`.
  private static func delay(_ line: String) -> Int {
    Int(line.split(separator: " ", maxSplits: 2)[1]) ?? 0
  }
}
