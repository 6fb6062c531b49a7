import Foundation
@_spi(Backend) import TextLayout

/// The benchmarks: each one first checks that both engines break its inputs into the same
/// lines, then times ours and the peer's in the same process run, and prints one line per
/// figure: `bench NAME ours=<time> peer=<time> ratio=<peer/ours>x`.
struct Suite {
  let corpus: Corpus
  let repetitions: Int
  /// Results folded in so that no layout can be optimized away; printed at the end.
  var checksum = 0

  // MARK: - Benchmarks 1 and 2: the corpus

  /// The 3-line truncation check over the corpus, with a warm shaping cache and with a fresh
  /// stack (and a fresh Pango font map) per repetition.
  mutating func truncationCheck() throws(BenchError) {
    let ours = try OurEngine()
    let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    checkTruncation(name: "truncation-check", texts: corpus.texts, ours: ours, peer: peer)
    compare(
      name: "truncation-check", texts: corpus.texts,
      ours: { { ours.truncationCheck($0).lines.count } },
      peer: { { peer.truncationCheck($0) ? 1 : 0 } })

    // Cold: every repetition starts from a new stack, so nothing is cached but what Fontconfig
    // keeps process-wide; Pango gets a new font map and context likewise.
    compare(
      name: "truncation-check-cold", texts: corpus.texts,
      ours: {
        // The font was found when the suite started: a fresh stack finds it again.
        let fresh = try! OurEngine()
        return { fresh.truncationCheck($0).lines.count }
      },
      peer: {
        guard let fresh = try? PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit) else {
          preconditionFailure("Pango was set up once already")
        }
        return { fresh.truncationCheck($0) ? 1 : 0 }
      })
  }

  /// Full layout, no line limit, of the corpus.
  mutating func fullLayout() throws(BenchError) {
    let ours = try OurEngine()
    let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    var mismatches: [String] = []
    for text in corpus.texts {
      let ourStarts = ours.fullLayout(text).lines.map(\.range.lowerBound)
      _ = peer.fullLayout(text)
      let peerStarts = peer.lineStarts(limited: false)
      if ourStarts != peerStarts {
        mismatches.append(describe(text, ours: ourStarts, peer: peerStarts))
      }
    }
    report(check: "full-layout", mismatches: mismatches, of: corpus.texts.count)
    compare(
      name: "full-layout", texts: corpus.texts,
      ours: { { ours.fullLayout($0).lines.count } },
      peer: { { peer.fullLayout($0) } })
  }

  // MARK: - Benchmark 3: early exit

  /// The 3-line check of a 2 KB text and of a 1 MB text that starts with the same 2 KB; the
  /// figure is how much longer the 1 MB text takes (at most 2x is the target for ours).
  mutating func earlyExit() throws(BenchError) {
    let short = corpus.text(id: "2kb", language: "en", byteCount: 2048)
    let long = corpus.text(id: "1mb", startingWith: short.string, byteCount: 1 << 20)
    let ours = try OurEngine()
    let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    checkTruncation(name: "early-exit", texts: [short, long], ours: ours, peer: peer)

    // The two texts take turns, so that a slow phase of the machine hits both alike.
    let ourTimes = timeAlternating(short, long, minimumRounds: 51, minimumSeconds: 0.3) {
      ours.truncationCheck($0).lines.count
    }
    // Pango gets a layout per text: on a shared one, a call after the 1 MB text would pay for
    // freeing the 1 MB layout.
    let longPeer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    let peerTimes = timeAlternating(short, long, minimumRounds: 5, minimumSeconds: 1) {
      ($0.id == long.id ? longPeer : peer).truncationCheck($0) ? 1 : 0
    }
    var medians: [String: (ours: Double, peer: Double)] = [:]
    for (index, name) in ["2kb", "1mb"].enumerated() {
      let label = "truncation-check-\(name)"
      printFigure(label, ours: ourTimes[index].median, peer: peerTimes[index].median)
      printStats(label, "ours", ourTimes[index], unit: "calls")
      printStats(label, "peer", peerTimes[index], unit: "calls")
      medians[name] = (ourTimes[index].median, peerTimes[index].median)
    }
    let ourGrowth = medians["1mb"]!.ours / medians["2kb"]!.ours
    let peerGrowth = medians["1mb"]!.peer / medians["2kb"]!.peer
    // Here the figures are the 1 MB text's time over the 2 KB text's, not times.
    output(
      "bench early-exit ours=\(Figure.ratio(ourGrowth)) peer=\(Figure.ratio(peerGrowth))"
        + " ratio=\(Figure.ratio(peerGrowth / ourGrowth))")
  }

  // MARK: - Emoji

  /// The 3-line truncation check of emoji-heavy messages (the corpus's emoji group: English
  /// paragraphs with emoji mixed in, and emoji-only messages, joined into texts of 300 to 3000
  /// characters as for `truncation-check`), with a warm shaping cache. Both engines shape the
  /// emoji with Noto Color Emoji.
  mutating func emojiCheck() throws(BenchError) {
    guard corpus.emojiTexts.count >= 10 else {
      throw .setup(
        "the corpus has \(corpus.emojiTexts.count) emoji messages; make it again with"
          + " Tests/Differential/corpus.py (make -C Benchmarks corpus)")
    }
    let ours = try OurEngine()
    let peer = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    checkTruncation(name: "emoji-check", texts: corpus.emojiTexts, ours: ours, peer: peer)
    compare(
      name: "emoji-check", texts: corpus.emojiTexts,
      ours: { { ours.truncationCheck($0).lines.count } },
      peer: { { peer.truncationCheck($0) ? 1 : 0 } })
  }

  // MARK: - Checks

  /// Compares the first lines' starts and whether the text is cut, for the truncation check.
  func checkTruncation(name: String, texts: [BenchText], ours: OurEngine, peer: PangoPeer) {
    var mismatches: [String] = []
    for text in texts {
      let layout = ours.truncationCheck(text)
      let ourStarts = Array(layout.lines.prefix(Setup.lineLimit).map(\.range.lowerBound))
      let peerTruncated = peer.truncationCheck(text)
      let peerStarts = Array(peer.lineStarts(limited: true).prefix(Setup.lineLimit))
      if ourStarts != peerStarts || layout.isTruncated != peerTruncated {
        mismatches.append(
          describe(
            text, ours: ourStarts, peer: peerStarts,
            truncated: (layout.isTruncated, peerTruncated)))
      }
    }
    report(check: name, mismatches: mismatches, of: texts.count)
  }

  func report(check name: String, mismatches: [String], of count: Int) {
    output("bench-check \(name) mismatches=\(mismatches.count)/\(count)")
    for mismatch in mismatches {
      output("bench-mismatch \(name) \(mismatch)")
    }
  }

  /// One line about a mismatch: the first line whose start differs and the text around it.
  func describe(
    _ text: BenchText, ours: [Int], peer: [Int], truncated: (ours: Bool, peer: Bool)? = nil
  ) -> String {
    var description = "id=\(text.id) lines=\(ours.count)/\(peer.count)"
    if let truncated {
      description += " truncated=\(truncated.ours)/\(truncated.peer)"
    }
    let common = min(ours.count, peer.count)
    if let line = (0..<common).first(where: { ours[$0] != peer[$0] })
      ?? (ours.count != peer.count ? common : nil)
    {
      let ourStart = line < ours.count ? ours[line] : text.utf8.count
      let peerStart = line < peer.count ? peer[line] : text.utf8.count
      let from = line > 0 ? min(ours[line - 1], peer[line - 1]) : 0
      let to = min(text.utf8.count, max(ourStart, peerStart) + 12)
      let excerpt = String(decoding: text.utf8[from..<to], as: UTF8.self)
      description += " line=\(line + 1) start=\(ourStart)/\(peerStart)"
      description += " text=\"\(excerpt.replacingOccurrences(of: "\"", with: "\\\""))\""
    }
    return description + " (ours/peer)"
  }

  // MARK: - Timing

  /// Times both engines over the texts: a warm-up pass each, then `repetitions` passes,
  /// alternating ours and the peer's so that slow phases of the machine hit both. Each text's
  /// time is its median over the passes; the figures are the median and the 99th percentile of
  /// those per-text times.
  ///
  /// `ours` and `peer` are called before each pass (untimed) and return what lays out a text.
  mutating func compare(
    name: String, texts: [BenchText], ours: () -> (BenchText) -> Int,
    peer: () -> (BenchText) -> Int
  ) {
    _ = timePass(texts, ours())
    _ = timePass(texts, peer())
    var ourTimes: [[Double]] = []
    var peerTimes: [[Double]] = []
    for _ in 0..<repetitions {
      ourTimes.append(timePass(texts, ours()))
      peerTimes.append(timePass(texts, peer()))
    }
    let ourPerText = Statistics(medians(ourTimes))
    let peerPerText = Statistics(medians(peerTimes))
    printFigure(name, ours: ourPerText.median, peer: peerPerText.median)
    printFigure(name + "-p99", ours: ourPerText.percentile(99), peer: peerPerText.percentile(99))
    for (side, times) in [("ours", ourTimes), ("peer", peerTimes)] {
      printStats(name, side, Statistics(times.map { $0.reduce(0, +) }), unit: "passes")
    }
  }

  /// Lays out every text once, timing each alone; returns the times in seconds.
  mutating func timePass(_ texts: [BenchText], _ body: (BenchText) -> Int) -> [Double] {
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(texts.count)
    for text in texts {
      let start = clock.now
      checksum &+= body(text)
      times.append(seconds(start.duration(to: clock.now)))
    }
    return times
  }

  /// Times calls on two texts in turn (after a warm-up call each) until both minimums are
  /// reached; returns the statistics of each text's calls.
  mutating func timeAlternating(
    _ first: BenchText, _ second: BenchText, minimumRounds: Int, minimumSeconds: Double,
    _ body: (BenchText) -> Int
  ) -> [Statistics] {
    let clock = ContinuousClock()
    checksum &+= body(first) &+ body(second)
    var times: [[Double]] = [[], []]
    var total = 0.0
    while times[0].count < minimumRounds || total < minimumSeconds {
      for (index, text) in [first, second].enumerated() {
        let start = clock.now
        checksum &+= body(text)
        let elapsed = seconds(start.duration(to: clock.now))
        times[index].append(elapsed)
        total += elapsed
      }
    }
    return times.map(Statistics.init)
  }

  func medians(_ passes: [[Double]]) -> [Double] {
    passes[0].indices.map { index in Statistics(passes.map { $0[index] }).median }
  }

  func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  // MARK: - Output

  func printFigure(_ name: String, ours: Double, peer: Double) {
    output(
      "bench \(name) ours=\(Figure.time(ours)) peer=\(Figure.time(peer))"
        + " ratio=\(Figure.ratio(peer / ours))")
  }

  func printStats(_ name: String, _ side: String, _ statistics: Statistics, unit: String) {
    output(
      "bench-stats \(name) \(side) \(unit)=\(statistics.sorted.count)"
        + " min=\(Figure.time(statistics.minimum)) median=\(Figure.time(statistics.median))"
        + " max=\(Figure.time(statistics.maximum))")
  }
}
