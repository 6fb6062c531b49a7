import Foundation
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

/// Benchmark of issue 4: the heights of 10,000 list rows of real multilingual text at 3 lines,
/// through the `ExpandingList` model, against Pango laying out the same texts with the same
/// limit; then the same rows laid out again at a wider width, against our own first pass.
///
/// A timed pass is what a list does when it appears or rotates: every row's frame (so every
/// row's height, measured by the engine) and the text of the rows on the first screen.
extension Suite {
  static let rowCount = 10_000
  /// The text width of a row; the list is wider by the accessory (avatar), spacing and padding.
  static let rowTextWidth = 320.0
  static let relayoutTextWidth = 480.0
  /// The height of the screen whose rows get their text laid out in a timed pass.
  static let screenHeight = 844.0

  /// Rows that differ from one another: each joins two paragraphs of one language, chosen by a
  /// fixed rule, so the texts repeat words (as messages do) but rarely whole paragraphs.
  func listTexts() -> [BenchText] {
    var byLanguage: [String: [String]] = [:]
    for paragraph in corpus.paragraphs {
      byLanguage[paragraph.lang, default: []].append(paragraph.text)
    }
    let languages = byLanguage.keys.sorted()
    var texts: [BenchText] = []
    texts.reserveCapacity(Self.rowCount)
    for index in 0..<Self.rowCount {
      let language = languages[index % languages.count]
      let pool = byLanguage[language]!
      let first = pool[(index / languages.count) % pool.count]
      let second = pool[(index * 31 + 7) % pool.count]
      let separator = language == "zh" || language == "ja" ? "" : " "
      texts.append(BenchText(id: "row-\(index)", string: first + separator + second))
    }
    return texts
  }

  func makeList(_ texts: [BenchText], textWidth: Double) -> ExpandingList<Int> {
    let rows = texts.enumerated().map { index, text in
      ListRow(
        id: index,
        text: StyledText(text.string, style: TextStyle(fontFamily: Setup.family, size: Setup.size)))
    }
    var list = ExpandingList(
      rows: rows, environment: ComponentEnvironment(width: 0), lineLimit: .lines(Setup.lineLimit))
    list.environment.width =
      textWidth + 2 * list.metrics.padding + list.metrics.accessorySize
      + list.metrics.spacing
    return list
  }

  mutating func listRows() throws(BenchError) {
    let texts = listTexts()
    let peer = try PangoPeer(width: Self.rowTextWidth, lineLimit: Setup.lineLimit)

    // Same lines: each row's first lines and cut against Pango's.
    let checkStack = try makeStack()
    let check = try layoutList(
      makeList(texts, textWidth: Self.rowTextWidth),
      engine: TextLayoutEngine(shaper: checkStack.shaper, analyzer: checkStack.analyzer))
    var mismatches: [String] = []
    // Each row's text, and whether it is cut (a cut row is an expandable element). A cut row's
    // "more" label is a text of the display list too: only the rows' own texts are compared.
    var rowTexts: [LaidOutText] = []
    var items = Self.texts(in: check.items)[...]
    for text in texts {
      while let next = items.first, next.text.string != text.string { items.removeFirst() }
      if let next = items.popFirst() { rowTexts.append(next) }
    }
    guard rowTexts.count == texts.count else {
      throw .setup("the list shows \(rowTexts.count) row texts for \(texts.count) rows")
    }
    let rowCuts = check.accessibility.filter { $0.role == .row }.map { $0.isExpanded != nil }
    for ((laidOut, isTruncated), text) in zip(zip(rowTexts, rowCuts), texts) {
      let peerCut = peer.truncationCheck(text)
      let peerStarts = Array(peer.lineStarts(limited: true).prefix(Setup.lineLimit))
      let ourStarts = laidOut.lines.map(\.range.lowerBound)
      if ourStarts != peerStarts || isTruncated != peerCut {
        mismatches.append(
          describe(text, ours: ourStarts, peer: peerStarts, truncated: (isTruncated, peerCut)))
      }
    }
    report(check: "list-rows", mismatches: mismatches, of: texts.count)

    // Passes alternate between the engines. Ours starts each pass from a new text stack, so the
    // shaping cache fills during the pass, as it does when a list first appears (what is read
    // from font files, and Fontconfig's answers, are the process's and shared, as Pango's font
    // map is: the line check above read them); right after,
    // the same rows are laid out again at a wider width (a rotation) with the cache warm.
    let clock = ContinuousClock()
    var firstPasses: [Double] = []
    var relayouts: [Double] = []
    var peerPasses: [Double] = []
    let wideWidth = makeList([], textWidth: Self.relayoutTextWidth).environment.width
    for _ in 0..<max(3, repetitions / 2) {
      // A new list (so nothing prepared) over a new stack (so nothing shaped) for each pass; the
      // re-layout is the same list value given the wider width, as an app does on rotation.
      var fresh = makeList(texts, textWidth: Self.rowTextWidth)
      let stack = try makeStack()
      let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)
      var start = clock.now
      checksum &+= Int(try layoutList(fresh, engine: engine, screenOnly: true).size.height)
      firstPasses.append(seconds(start.duration(to: clock.now)))
      fresh.environment.width = wideWidth
      start = clock.now
      checksum &+= Int(try layoutList(fresh, engine: engine, screenOnly: true).size.height)
      relayouts.append(seconds(start.duration(to: clock.now)))

      start = clock.now
      for text in texts { checksum &+= Int(peer.limitedHeight(text)) }
      peerPasses.append(seconds(start.duration(to: clock.now)))
    }
    let perRow = Double(Self.rowCount)
    let first = Statistics(firstPasses).median
    let relayout = Statistics(relayouts).median
    printFigure("list-heights", ours: first / perRow, peer: Statistics(peerPasses).median / perRow)
    // Here the peer column is our own first pass: the target is a re-layout at most a third
    // of it, so a ratio of at least 3x.
    printFigure("list-relayout-480", ours: relayout / perRow, peer: first / perRow)
    printStats("list-heights", "ours", Statistics(firstPasses), unit: "passes")
    printStats("list-heights", "peer", Statistics(peerPasses), unit: "passes")
    printStats("list-relayout-480", "ours", Statistics(relayouts), unit: "passes")
  }

  /// The display list of every row's frame, and the text of every row or only of the first
  /// screen's.
  func layoutList(
    _ list: ExpandingList<Int>, engine: TextLayoutEngine, screenOnly: Bool = false
  ) throws(BenchError) -> DisplayList<ExpandingList<Int>.Action> {
    let screen = CGRect(x: 0, y: 0, width: list.environment.width, height: Self.screenHeight)
    do {
      return try list.displayList(using: engine, at: 0, visibleRect: screenOnly ? screen : nil)
    } catch {
      throw .setup("the list does not lay out: \(error)")
    }
  }

  /// The row texts of a list's display list, top to bottom.
  static func texts(in items: [DisplayItem]) -> [LaidOutText] {
    items.flatMap { item -> [LaidOutText] in
      switch item {
      case .text(let text): [text.layout]
      case .group(let group): texts(in: group.items)
      case .shape, .dust: []
      }
    }
  }
}
