import TextOutput

/// What one running command wrote so far (`--command-output`).
struct CommandOutput {
  /// The binding's line, the prefix of its log lines.
  var line: Int
  /// The bytes of a line not ended yet.
  var partial: [UInt8] = []
  /// Lines logged.
  var logged = 0
  /// Lines past the limit.
  var dropped = 0
}

extension ActionRunner {
  /// The read ends of the running commands' output pipes, for `poll`.
  public var outputDescriptors: [Int32] { outputs.keys.sorted() }

  /// Reads what a command wrote on `descriptor` into the log: `line N: output: TEXT` per
  /// line (control characters escaped), at most `outputLineLimit` lines a run, then one line
  /// counting the rest when the command closes its output.
  public func readOutput(_ descriptor: Int32) {
    guard var entry = outputs[descriptor] else { return }
    let (bytes, ended) = readAvailable(descriptor)
    entry.partial += bytes
    while let newline = entry.partial.firstIndex(of: 10) {
      emit(Array(entry.partial[..<newline]), &entry)
      entry.partial.removeSubrange(...newline)
    }
    if entry.partial.count > 4096 {
      emit(entry.partial, &entry)
      entry.partial.removeAll()
    }
    guard ended else {
      outputs[descriptor] = entry
      return
    }
    if !entry.partial.isEmpty { emit(entry.partial, &entry) }
    if entry.dropped > 0 {
      logLine(
        "line \(entry.line): output: \(counted(entry.dropped, "more line")) not logged "
          + "(at most \(Self.outputLineLimit) a run)")
    }
    closeDescriptor(descriptor)
    outputs[descriptor] = nil
  }

  private func emit(_ bytes: [UInt8], _ entry: inout CommandOutput) {
    guard entry.logged < Self.outputLineLimit else {
      entry.dropped += 1
      return
    }
    entry.logged += 1
    let text = String(decoding: bytes, as: UTF8.self).escapingControlCharacters
    logLine("line \(entry.line): output: \(text)")
  }
}
