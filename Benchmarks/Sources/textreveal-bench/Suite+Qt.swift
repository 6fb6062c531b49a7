@_spi(Backend) import TextLayout
import TextMarkdown
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

/// The Qt lines: each benchmark with a Pango line gets one against Qt's `QTextLayout`
/// (``QtPeer``) where Qt answers the same question, after a line-agreement check as Pango's
/// has; and the first-time check, a text seen for the first time, against both peers.
extension Suite {
  /// The 3-line check against Qt's early-exit check, warm (`truncation-check-qt`) and for
  /// texts seen for the first time (`first-time-check`, against Qt and against Pango, and
  /// `first-time-measure`, the check through `measure`, against Qt).
  mutating func truncationCheckQt() throws(BenchError) {
    let ours = try OurEngine()
    let qt = try QtPeer()
    checkTruncationQt(name: "truncation-check-qt", texts: corpus.texts, ours: ours, qt: qt)
    compare(
      name: "truncation-check-qt", texts: corpus.texts,
      ours: { { ours.truncationCheck($0).lines.count } },
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })

    // A first pass: each pass a new shaper whose fonts the corpus's characters warmed
    // (untimed), so a text's words are new unless an earlier text of the pass had them, as
    // in an app that shows messages one after the other.
    let allCharacters = BenchText(
      id: "corpus", string: corpus.texts.map(\.string).joined(separator: "\n"))
    compare(
      name: "first-pass-check-qt", texts: corpus.texts,
      ours: {
        let fresh = FirstTimeEngines.engine(for: allCharacters)
        return { fresh.truncationCheck($0).lines.count }
      },
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })

    let pango = try PangoPeer(width: Setup.width, lineLimit: Setup.lineLimit)
    let firstTime = try FirstTimeEngines(texts: corpus.texts)
    compare(
      name: "first-time-check", texts: corpus.texts,
      ours: firstTime.truncationCheck,
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })
    compare(
      name: "first-time-check-pango", texts: corpus.texts,
      ours: firstTime.truncationCheck,
      peer: { { pango.truncationCheck($0) ? 1 : 0 } })
    // The same question as the components ask it: `TruncationDetector`, `ExpandableTextModel`
    // and `ExpandingList` learn whether a text is cut from `measure` (line count, size and
    // cut, equal to the layout's, with no glyphs placed), and lay out only what they draw.
    compare(
      name: "first-time-measure", texts: corpus.texts,
      ours: firstTime.truncationMeasure,
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })
  }

  /// Full layout against Qt's, warm (`full-layout-qt`) and for texts seen for the first time
  /// (`first-time-full-layout`).
  mutating func fullLayoutQt() throws(BenchError) {
    let ours = try OurEngine()
    let qt = try QtPeer()
    var mismatches: [String] = []
    for text in corpus.texts {
      let ourStarts = ours.fullLayout(text).lines.map(\.range.lowerBound)
      _ = qt.fullLayout(text)
      let peerStarts = qt.lineStarts(of: text)
      if ourStarts != peerStarts {
        mismatches.append(describe(text, ours: ourStarts, peer: peerStarts))
      }
    }
    report(check: "full-layout-qt", mismatches: mismatches, of: corpus.texts.count)
    compare(
      name: "full-layout-qt", texts: corpus.texts,
      ours: { { ours.fullLayout($0).lines.count } },
      peer: { { qt.fullLayout($0) } })
    let firstTime = try FirstTimeEngines(texts: corpus.texts)
    compare(
      name: "first-time-full-layout", texts: corpus.texts,
      ours: firstTime.fullLayout,
      peer: { { qt.fullLayout($0) } })
  }

  /// The 2 KB and 1 MB texts of the early-exit benchmark: Qt's growth from one to the other.
  mutating func earlyExitQt() throws(BenchError) {
    let short = corpus.text(id: "2kb", language: "en", byteCount: 2048)
    let long = corpus.text(id: "1mb", startingWith: short.string, byteCount: 1 << 20)
    let ours = try OurEngine()
    let qt = try QtPeer()
    checkTruncationQt(name: "early-exit-qt", texts: [short, long], ours: ours, qt: qt)
    let ourTimes = timeAlternating(short, long, minimumRounds: 51, minimumSeconds: 0.3) {
      ours.truncationCheck($0).lines.count
    }
    let peerTimes = timeAlternating(short, long, minimumRounds: 5, minimumSeconds: 1) {
      qt.truncationCheck($0) ? 1 : 0
    }
    let ourGrowth = ourTimes[1].median / ourTimes[0].median
    let peerGrowth = peerTimes[1].median / peerTimes[0].median
    printFigure("truncation-check-1mb-qt", ours: ourTimes[1].median, peer: peerTimes[1].median)
    output(
      "bench early-exit-qt ours=\(Figure.ratio(ourGrowth)) peer=\(Figure.ratio(peerGrowth))"
        + " ratio=\(Figure.ratio(peerGrowth / ourGrowth))")
  }

  /// The Markdown check against Qt's check of the plain text.
  mutating func markdownCheckQt() throws(BenchError) {
    let ours = try OurEngine()
    let qt = try QtPeer()
    var sources: [String: String] = [:]
    var texts: [BenchText] = []
    for text in corpus.texts {
      let markdown = Self.markdown(for: text.string)
      guard let styled = try? ours.parse(markdown), styled.string == text.string else {
        continue
      }
      sources[text.id] = markdown
      texts.append(text)
    }
    checkTruncationQt(name: "markdown-check-qt", texts: texts, ours: ours, qt: qt)
    compare(
      name: "markdown-check-qt", texts: texts,
      ours: { { ours.markdownCheck(sources[$0.id]!).lineCount } },
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })
  }

  /// The emoji check against Qt's check of the same messages.
  mutating func emojiCheckQt() throws(BenchError) {
    let ours = try OurEngine()
    let qt = try QtPeer()
    checkTruncationQt(name: "emoji-check-qt", texts: corpus.emojiTexts, ours: ours, qt: qt)
    compare(
      name: "emoji-check-qt", texts: corpus.emojiTexts,
      ours: { { ours.truncationCheck($0).lines.count } },
      peer: { { qt.truncationCheck($0) ? 1 : 0 } })
  }

  /// List heights against Qt laying out every row with the same limit, per row.
  mutating func listRowsQt() throws(BenchError) {
    let texts = listTexts()
    let qt = try QtPeer()
    let checkEngine = try OurEngine()
    checkTruncationQt(
      name: "list-rows-qt", texts: Array(texts.prefix(2_000)), ours: checkEngine, qt: qt)
    var ourTimes: [Double] = []
    var peerTimes: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(3, repetitions / 2) {
      let fresh = makeList(texts, textWidth: Self.rowTextWidth)
      let stack = try makeStack()
      let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
      var start = clock.now
      checksum &+= Int(try layoutList(fresh, engine: engine, screenOnly: true).size.height)
      ourTimes.append(seconds(start.duration(to: clock.now)) / Double(texts.count))
      start = clock.now
      var height = 0.0
      for text in texts { height += qt.limitedHeight(text) }
      checksum &+= Int(height)
      peerTimes.append(seconds(start.duration(to: clock.now)) / Double(texts.count))
    }
    printFigure(
      "list-heights-qt", ours: Statistics(ourTimes).median, peer: Statistics(peerTimes).median)
  }

  /// Compares the first lines' starts and whether the text is cut, ours against Qt's.
  func checkTruncationQt(name: String, texts: [BenchText], ours: OurEngine, qt: QtPeer) {
    var mismatches: [String] = []
    for text in texts {
      let layout = ours.truncationCheck(text)
      let ourStarts = Array(layout.lines.prefix(Setup.lineLimit).map(\.range.lowerBound))
      let peerTruncated = qt.truncationCheck(text)
      let peerStarts = qt.lineStarts(of: text, limit: Setup.lineLimit)
      if ourStarts != peerStarts || layout.isTruncated != peerTruncated {
        mismatches.append(
          describe(
            text, ours: ourStarts, peer: peerStarts,
            truncated: (layout.isTruncated, peerTruncated)))
      }
    }
    report(check: name, mismatches: mismatches, of: texts.count)
  }
}

/// Our engine on texts it sees for the first time: each text gets a new text stack, its fonts
/// warmed (untimed) by a layout of the text's own characters joined by word joiners, a piece
/// no text holds, so the faces and fallback choices are made but none of its words is shaped.
struct FirstTimeEngines {
  private let texts: [BenchText]

  init(texts: [BenchText]) throws(BenchError) {
    self.texts = texts
    _ = try makeStack()
  }

  /// A stack for one text, its fonts warm and its words unseen.
  static func engine(for text: BenchText, shapesDirectly: Bool = true) -> OurEngine {
    let engine = OurEngine(shapesDirectly: shapesDirectly)
    var seen = Set<Unicode.Scalar>()
    var warmUp = String.UnicodeScalarView()
    for scalar in text.string.unicodeScalars where seen.insert(scalar).inserted {
      if scalar.properties.isWhitespace { continue }
      if !warmUp.isEmpty { warmUp.append("\u{2060}") }
      warmUp.append(scalar)
    }
    _ = engine.fullLayout(BenchText(id: "warm-up", string: String(warmUp)))
    return engine
  }

  /// Made before each pass, untimed: a fresh, warmed engine for every text.
  var truncationCheck: () -> (BenchText) -> Int {
    { [texts] in
      var engines: [String: OurEngine] = [:]
      for text in texts { engines[text.id] = Self.engine(for: text) }
      return { engines[$0.id]!.truncationCheck($0).lines.count }
    }
  }

  var truncationMeasure: () -> (BenchText) -> Int {
    { [texts] in
      var engines: [String: OurEngine] = [:]
      for text in texts { engines[text.id] = Self.engine(for: text) }
      return { engines[$0.id]!.truncationMeasure($0).lineCount }
    }
  }

  var fullLayout: () -> (BenchText) -> Int {
    { [texts] in
      var engines: [String: OurEngine] = [:]
      for text in texts { engines[text.id] = Self.engine(for: text) }
      return { engines[$0.id]!.fullLayout($0).lines.count }
    }
  }
}
