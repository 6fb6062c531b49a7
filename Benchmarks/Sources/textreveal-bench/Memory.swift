import Foundation

/// Peak resident memory of laying out the corpus, each engine in a child process of its own so
/// that neither's memory counts for the other.
enum Memory {
  /// What a child reports: its peak resident set before creating the engine (corpus loaded)
  /// and at the end, in bytes.
  struct Peak {
    var before: Double
    var after: Double
  }

  /// The peak resident set size of this process image so far, in bytes: `VmHWM` of
  /// /proc/self/status. Not getrusage's `ru_maxrss`, which Linux carries over an `exec` from the
  /// process image before it, so a child would report its parent's peak.
  static func peakResidentBytes() throws(BenchError) -> Double {
    let status: String
    do {
      status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    } catch {
      throw .child(command: "reading /proc/self/status", reason: "\(error)")
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let fields = line.split(whereSeparator: \.isWhitespace)
      if fields.count >= 2, let kilobytes = Double(fields[1]) {
        return kilobytes * 1024
      }
    }
    throw .child(command: "reading /proc/self/status", reason: "no VmHWM line")
  }

  /// In the child: lays the corpus out once in full and once with the line limit, then prints
  /// `memory before=<bytes> after=<bytes>`.
  static func child(side: String, corpus: Corpus) throws(BenchError) {
    let before = try peakResidentBytes()
    var checksum = 0
    switch side {
    case "ours":
      let ours = try OurEngine()
      for text in corpus.texts { checksum &+= ours.fullLayout(text).lines.count }
      for text in corpus.texts { checksum &+= ours.truncationCheck(text).lines.count }
    case "peer":
      let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
      for text in corpus.texts { checksum &+= peer.fullLayout(text) }
      for text in corpus.texts { checksum &+= peer.truncationCheck(text) ? 1 : 0 }
    default:
      throw .usage("memory-child takes ours or peer, not \(side)")
    }
    output(
      "memory before=\(Int(before)) after=\(Int(try peakResidentBytes())) checksum=\(checksum)")
  }

  /// In the parent: runs this executable again as a child for each side and prints the figures.
  static func compare(corpusPath: String) throws(BenchError) {
    let ours = try runChild(side: "ours", corpusPath: corpusPath)
    let peer = try runChild(side: "peer", corpusPath: corpusPath)
    output(
      "bench memory ours=\(Figure.memory(ours.after)) peer=\(Figure.memory(peer.after))"
        + " ratio=\(Figure.ratio(peer.after / ours.after))")
    let ourGrowth = ours.after - ours.before
    let peerGrowth = peer.after - peer.before
    output(
      "bench memory-growth ours=\(Figure.memory(ourGrowth)) peer=\(Figure.memory(peerGrowth))"
        + " ratio=\(Figure.ratio(peerGrowth / ourGrowth))")
  }

  static func runChild(side: String, corpusPath: String) throws(BenchError) -> Peak {
    let arguments = ["memory-child", side, "--corpus", corpusPath]
    let fields = try childFields(arguments)
    guard let before = fields["before"], let after = fields["after"] else {
      throw .child(command: arguments.joined(separator: " "), reason: "no before or after")
    }
    return Peak(before: before, after: after)
  }

  /// Runs this executable again with `arguments` and reads the `name=number` fields it prints.
  static func childFields(_ arguments: [String]) throws(BenchError) -> [String: Double] {
    let executable: String
    do {
      executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    } catch {
      throw .child(command: "readlink /proc/self/exe", reason: "\(error)")
    }
    let command = ([executable] + arguments).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .child(command: command, reason: "\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw .child(command: command, reason: "exit status \(process.terminationStatus)")
    }
    var fields: [String: Double] = [:]
    for field in text.split(whereSeparator: \.isWhitespace) {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
    }
    return fields
  }
}
