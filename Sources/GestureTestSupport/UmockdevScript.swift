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

  /// Joins the blocks from the `first`-th (0 is the first block) to the last into one block,
  /// sent at the first one's delay: the frames in it arrive together, so one read of the node
  /// returns them all.
  ///
  /// - Returns: The number of blocks joined.
  @discardableResult
  public static func joinBlocks(in script: String, from first: Int) throws -> Int {
    let lines = try String(contentsOfFile: script, encoding: .isoLatin1)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let blocks = lines.indices.filter { lines[$0].hasPrefix("r ") }
    guard first < blocks.count - 1 else { return 0 }
    let joined = blocks[first...]
    var bytes = ""
    for index in joined { bytes += lines[index].split(separator: " ", maxSplits: 2)[2] }
    let delay = lines[blocks[first]].split(separator: " ", maxSplits: 2)[1]
    var result = lines.indices.filter { !joined.contains($0) || $0 == blocks[first] }.map {
      lines[$0]
    }
    if let place = result.firstIndex(of: lines[blocks[first]]) {
      result[place] = "r \(delay) \(bytes)"
    }
    try result.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .isoLatin1)
    return joined.count
  }

  /// The delay of a block line `r DELAY_MS BYTES`.
  private static func delay(_ line: String) -> Int {
    Int(line.split(separator: " ", maxSplits: 2)[1]) ?? 0
  }
}
