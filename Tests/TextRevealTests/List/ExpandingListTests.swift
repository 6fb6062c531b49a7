import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

@Suite struct ExpandingListTests {
  static let gray = TextColor(red: 0.5, green: 0.5, blue: 0.5)

  static func row(_ id: String, _ text: String) -> ListRow<String> {
    ListRow(id: id, text: StyledText(text))
  }

  static let long = """
    The release is ready for testing: the new sync engine handles conflicts without asking, \
    the settings screen was rebuilt from scratch, and start-up is twice as fast on older phones.
    """
  static let rows = [
    row("ana", long), row("ben", "Sounds good, see you at ten."),
    row("chen", "我们明天上午十点在会议室见面，请带上上周的测试报告和新版本的设计草图，还有预算表。谢谢大家的配合。"),
    row(
      "dana",
      "שלום לכולם, הגרסה החדשה מוכנה לבדיקה. נא לדווח על כל בעיה שתמצאו עד סוף השבוע, תודה רבה."),
  ]

  /// The row of a geometry with an identity.
  static func row(
    _ id: String, in list: ExpandingList<String>, _ geometry: ListGeometry
  ) -> ListGeometry.Row? {
    list.rows.firstIndex { $0.id == id }.map { geometry.rows[$0] }
  }

  /// The labels ("Read more", "Show less") a display list draws.
  static func labels<Action>(_ list: DisplayList<Action>) -> [String] {
    textItems(list.items).map(\.layout.text.string).filter {
      $0 == "Read more" || $0 == "Show less"
    }
  }

  @Test("row heights come from the layout; read more only on rows that are cut")
  func heights() throws {
    let list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    let geometry = try list.geometry(using: engine)
    #expect(geometry.rows.map(\.isTruncated) == [true, false, true, true])
    let shown = try list.displayList(using: engine)
    #expect(Self.labels(shown) == ["Read more", "Read more", "Read more"])
    let texts = textItems(shown.items).filter { $0.layout.configuration.lineLimit == .lines(3) }
    #expect(texts.count == 4)
    let labelHeight = try #require(
      textItems(shown.items).first { $0.layout.text.string == "Read more" }
    ).layout.layoutSize.height
    for (row, text) in zip(geometry.rows, texts) {
      #expect(text.layout.lines.count <= 3)
      #expect(row.textHeight == text.layout.layoutSize.height)
      // The frame holds the padding, the text and (when cut) the label.
      let label = row.isTruncated ? list.metrics.labelSpacing + labelHeight : 0
      let content = max(list.metrics.accessorySize, row.textHeight + label)
      #expect(abs(row.frame.height - content - 2 * list.metrics.padding) < 1e-9)
    }
    // Frames stack without gaps.
    for (above, below) in zip(geometry.rows, geometry.rows.dropFirst()) {
      #expect(above.frame.maxY == below.frame.minY)
    }
    #expect(geometry.height == geometry.rows.last?.frame.maxY)
    #expect(Double(shown.size.height) == geometry.height)
    #expect(geometry.rows[1].frame.height == list.metrics.accessorySize + 2 * list.metrics.padding)
    // Every cut row answers a tap anywhere on it; the row that fits does not.
    #expect(shown.hitRegions.map(\.action) == [.toggle("ana"), .toggle("chen"), .toggle("dana")])
  }

  @Test("a tap toggles a cut row between three lines and its whole text")
  func toggling() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    let before = try list.geometry(using: engine)
    let shown = try list.displayList(using: engine)
    let ana = try #require(Self.row("ana", in: list, before))
    let action = try #require(list.hitTest(CGPoint(x: 100, y: ana.frame.midY), in: shown))
    #expect(action == .toggle("ana"))
    list.perform(action, at: 0)
    #expect(list.expansion.isExpanded("ana"))
    let after = try list.geometry(using: engine)
    let expanded = try #require(Self.row("ana", in: list, after))
    #expect(expanded.isExpanded)
    #expect(expanded.textHeight > ana.textHeight)
    #expect(after.rows[1].frame.minY > before.rows[1].frame.minY)
    let settled = try list.displayList(using: engine, at: 1)
    #expect(Self.labels(settled) == ["Show less", "Read more", "Read more"])
    #expect(list.hitTest(CGPoint(x: 100, y: expanded.frame.midY), in: settled) == .toggle("ana"))
    // A row whose text fits does nothing when tapped, even if marked expanded.
    let ben = try #require(Self.row("ben", in: list, after))
    #expect(list.hitTest(CGPoint(x: 100, y: ben.frame.midY), in: settled) == nil)
    list.expansion.expand("ben")
    #expect(Self.row("ben", in: list, try list.geometry(using: engine))?.isExpanded == false)
    // Outside the list.
    #expect(list.hitTest(CGPoint(x: -1, y: 5), in: settled) == nil)
    #expect(list.hitTest(CGPoint(x: 5, y: settled.size.height + 1), in: settled) == nil)
  }

  @Test("a collapsed row shows its blank lines collapsed, as an expandable text does")
  func blankLines() throws {
    let notes = "First paragraph of the notes.\n\n \n\nSecond paragraph.\nThird line here."
    let rows = [Self.row("notes", notes), Self.row("short", "One line.\n\nAnother.")]
    var list = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 320))
    func shownTexts(_ list: ExpandingList<String>, at time: Double = 0) throws -> [String] {
      textItems(try list.displayList(using: engine, at: time).items).map(\.layout.text.string)
        .filter { $0 != "Read more" && $0 != "Show less" }
    }
    let geometry = try list.geometry(using: engine)
    // Six lines in full (two blank), so cut at three; collapsed it shows its three lines of text,
    // and its height is theirs.
    #expect(geometry.rows[0].isTruncated)
    let squeezed = "First paragraph of the notes.\nSecond paragraph.\nThird line here."
    #expect(try shownTexts(list) == [squeezed, "One line.\n\nAnother."])
    let threeLines = try engine.measure(
      StyledText(squeezed), configuration: LayoutConfiguration(width: list.textWidth))
    #expect(threeLines.lineCount == 3)
    #expect(geometry.rows[0].textHeight == threeLines.layoutSize.height)
    // A row that is not cut shows its text as written.
    #expect(!geometry.rows[1].isTruncated)
    #expect(geometry.collapsedTexts[1] == nil)
    #expect(Self.labels(try list.displayList(using: engine)) == ["Read more"])

    // Expanded, the row shows its whole text, blank lines and all.
    list.perform(.toggle("notes"), at: 0)
    #expect(try shownTexts(list, at: 10) == [notes, "One line.\n\nAnother."])
    #expect(try list.geometry(using: engine).rows[0].textHeight > threeLines.layoutSize.height)

    // Turned off, the collapsed row shows the blank lines its first lines hold.
    list.perform(.toggle("notes"), at: 10)
    list.collapsesBlankLines = false
    let plain = try list.geometry(using: engine)
    #expect(plain.rows[0].isTruncated && plain.collapsedTexts.isEmpty)
    let shown = try shownTexts(list, at: 20)
    #expect(shown == [notes, "One line.\n\nAnother."])
    let cut = try #require(
      textItems(try list.displayList(using: engine, at: 20).items).first {
        $0.layout.text.string == notes
      })
    #expect(cut.layout.lines.count == 3)
    #expect(cut.layout.lines[1].range.isEmpty || cut.layout.lines[1].width == 0)
  }

  @Test("a blank line past a collapsed row's lines leaves its text as written")
  func blankLineBeyondTheCut() throws {
    let late = Self.long + " " + Self.long + "\n\nA last paragraph."
    let list = ExpandingList(
      rows: [Self.row("late", late)], environment: ComponentEnvironment(width: 320))
    let geometry = try list.geometry(using: engine)
    #expect(geometry.rows[0].isTruncated)
    // Its three lines end long before the line break: nothing to collapse, nothing re-measured.
    #expect(geometry.collapsedTexts.isEmpty)
  }

  @Test("a visible rectangle lays out the text of the rows it meets and frames all rows alike")
  func visibleRect() throws {
    // Enough rows that most lie below a phone screen.
    let rows = (0..<40).map { Self.row("row-\($0)", $0 % 2 == 0 ? Self.long : "Short.") }
    var list = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 320))
    list.expansion.expand("row-4")
    let everything = try list.displayList(using: engine)
    let screen = CGRect(x: 0, y: 300, width: 320, height: 400)
    let visible = try list.displayList(using: engine, at: 0, visibleRect: screen)
    let geometry = try list.geometry(using: engine)
    // The same size whatever is shown; only the rows the screen meets are drawn and answer.
    #expect(visible.size == everything.size)
    let meeting = geometry.rows.indices.filter {
      geometry.rows[$0].frame.maxY > screen.minY && geometry.rows[$0].frame.minY < screen.maxY
    }
    #expect(!meeting.isEmpty && meeting.count < 10)
    #expect(visible.accessibility.filter { $0.role == .row }.count == meeting.count)
    for region in visible.hitRegions {
      #expect(region.rect.maxY > screen.minY && region.rect.minY < screen.maxY)
    }
    #expect(
      visible.accessibility.filter { $0.role == .row }.map(\.frame)
        == meeting.map { geometry.rows[$0].frame.cgRect })
    // An empty rectangle draws nothing: heights only.
    let heights = try list.displayList(
      using: engine, at: 0, visibleRect: CGRect(x: 0, y: -10, width: 0, height: 0))
    #expect(heights.items.isEmpty && heights.size == everything.size)
  }

  @Test("the expanded state follows rows that are inserted, removed and moved")
  func stateSurvivesEdits() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    list.expansion.expand("chen")
    list.rows.insert(Self.row("eve", Self.long), at: 0)
    list.rows.removeAll { $0.id == "ben" }
    list.rows.swapAt(1, 2)
    let geometry = try list.geometry(using: engine)
    #expect(list.rows.map(\.id) == ["eve", "chen", "ana", "dana"])
    #expect(geometry.rows.map(\.isExpanded) == [false, true, false, false])
  }

  @Test("a re-layout of the same rows reuses their texts; a row edited in place is seen")
  func unchangedRows() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    func firstLine(_ list: ExpandingList<String>) throws -> Range<Int>? {
      textItems(try list.displayList(using: engine).items)
        .first { $0.layout.text.string == Self.long }?.layout.lines.first?.range
    }
    let first = try firstLine(list)
    // A rotation: same rows, new width: new line breaks.
    list.environment.width = 480
    #expect(try firstLine(list) != first)
    // An edit inside a row, through the rows property, is a new value of the rows.
    list.rows[1].text = StyledText(Self.long)
    let edited = try list.geometry(using: engine)
    #expect(edited.rows[1].isTruncated)
    #expect(edited.rows[1].textHeight == edited.rows[0].textHeight)
    // A copy whose rows differ shares the cache, and still gets its own rows.
    var copy = list
    copy.rows.removeFirst()
    #expect(try copy.geometry(using: engine).rows.count == 3)
    #expect(try list.geometry(using: engine).rows.count == 4)
    // The type size is part of what a pass reuses.
    list.environment.typeSize = .extraExtraExtraLarge
    let larger = try list.geometry(using: engine)
    #expect(larger.rows[1].frame.height > edited.rows[1].frame.height)
  }

  @Test("duplicate ids are rejected with the id; an empty list is empty")
  func badInput() throws {
    let list = ExpandingList(
      rows: [Self.rows[0], Self.rows[1], Self.rows[0]],
      environment: ComponentEnvironment(width: 320))
    #expect(throws: TextRevealError.duplicateRowID("ana")) {
      try list.displayList(using: engine)
    }
    #expect("\(TextRevealError.duplicateRowID("ana"))".contains("ana"))
    // A list laid out before keeps its rows' texts; a row repeated in place of another (as many
    // rows as before, each text known) is still found.
    var kept = ExpandingList(
      rows: [Self.rows[0], Self.rows[1]], environment: ComponentEnvironment(width: 320))
    _ = try kept.geometry(using: engine)
    kept.rows = [Self.rows[0], Self.rows[0]]
    #expect(throws: TextRevealError.duplicateRowID("ana")) { try kept.geometry(using: engine) }
    kept.rows = [Self.rows[1], Self.rows[0]]
    #expect(try kept.geometry(using: engine).rows.count == 2)
    let empty = try ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320))
      .displayList(using: engine)
    #expect(empty.items.isEmpty)
    #expect(empty.size == CGSize(width: 320, height: 0))
    #expect(throws: TextRevealError.layout(.invalidWidth(-60))) {
      try ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 16))
        .displayList(using: engine)
    }
  }

  @Test("right-to-left rows put the avatar on the right and labels at the trailing edge")
  func rightToLeft() throws {
    var row = Self.rows[3]
    row.avatar = ListRow.Avatar(initials: "ד", color: Self.gray)
    let list = ExpandingList(
      rows: [row], environment: ComponentEnvironment(width: 320, direction: .rightToLeft))
    let shown = try list.displayList(using: engine)
    let avatar = try #require(
      shown.items.compactMap { item -> CGRect? in
        if case .shape(let shape) = item, shape.color == Self.gray { return shape.rect }
        return nil
      }.first)
    #expect(abs(avatar.maxX - (320 - list.metrics.padding)) < 1e-9)
    let label = try #require(textItems(shown.items).first { $0.layout.text.string == "Read more" })
    let textRight = list.metrics.padding + list.textWidth
    #expect(abs(Double(label.origin.x) + label.layout.layoutSize.width - textRight) < 1e-6)
  }

  @Test("the toggle animation slides the rows below smoothly and opens the text in place")
  func animation() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    list.animationDuration = 0.3
    let before = try list.geometry(using: engine)
    list.perform(.toggle("ana"), at: 0)
    let after = try list.geometry(using: engine)
    let start = try list.displayList(using: engine, at: 0)
    #expect(abs(Double(start.size.height) - before.height) < 1e-9)
    #expect(start.animation == .until(0.3))
    let end = try list.displayList(using: engine, at: 0.3)
    #expect(end.animation == .still)
    #expect(Double(end.size.height) == after.height)
    var tops: [Double] = []
    for step in 0...10 {
      let time = 0.03 * Double(step)
      let frame = try list.displayList(using: engine, at: time)
      let rows = frame.accessibility.filter { $0.role == .row }
      tops.append(Double(rows[1].frame.minY))
      // The toggled row's text is clipped above its label: the label moves down with the
      // text's end, so "Read more" never sits over an incoming line.
      guard
        case .group(let row) = frame.items.first(where: {
          if case .group = $0 { true } else { false }
        })
      else {
        Issue.record("the first row is a clipped group")
        return
      }
      let clips = row.items.compactMap { item -> CGRect? in
        if case .group(let inner) = item { return inner.clip }
        return nil
      }
      let labels = textItems(row.items).filter {
        $0.layout.text.string == "Read more" || $0.layout.text.string == "Show less"
      }
      if step > 0 && step < 10, let textClip = clips.first {
        #expect(labels.count == 2, "the old label fades out, the new one in, at \(time)")
        for label in labels {
          #expect(Double(label.origin.y) >= Double(textClip.maxY) - 1e-9, "at \(time)")
        }
      }
    }
    #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
    #expect(tops.first! < tops.last!)
  }

  @Test("each row keeps its own spoilers, by identity")
  func rowSpoilers() throws {
    var secret = StyledText("The answer is ")
    secret.append("forty-two", style: TextStyle(isSpoiler: true))
    var list = ExpandingList(
      rows: [ListRow(id: "a", text: secret), ListRow(id: "b", text: secret)],
      environment: ComponentEnvironment(width: 320))
    let shown = try list.displayList(using: engine)
    let spoilerRegions = shown.hitRegions.filter {
      if case .tapSpoiler = $0.action { true } else { false }
    }
    #expect(spoilerRegions.count == 2)
    let tap = center(spoilerRegions[1].rect)
    let action = try #require(list.hitTest(tap, in: shown))
    guard case .tapSpoiler("b", let spoilerTap) = action else {
      Issue.record("a tap on row b's hidden word is a spoiler tap on b, not \(action)")
      return
    }
    #expect(spoilerTap.point == tap)
    list.perform(action, at: 0)
    #expect(list.spoilers["b"]?.isRevealed(at: 0) == true && list.spoilers["a"] == nil)
    // The state follows the row when another is inserted above it.
    list.rows.insert(ListRow(id: "c", text: StyledText("New")), at: 0)
    #expect(list.spoilers["b"]?.isRevealed(at: 5) == true)
    let later = try list.displayList(using: engine, at: 5)
    let labels = later.accessibility.filter { $0.role == .row }.map(\.label)
    #expect(labels == ["New", "The answer is spoiler", "The answer is forty-two"])
    // A removed row forgets its state.
    list.rows.removeAll { $0.id == "b" }
    #expect(list.spoilers["b"] == nil)
  }
}

@Suite struct ExpansionSetTests {
  @Test("toggle, expand, collapse and collapse all")
  func basics() {
    var set = ExpansionSet<Int>()
    set.toggle(1)
    set.expand(2)
    #expect(set.isExpanded(1) && set.isExpanded(2))
    set.toggle(1)
    #expect(!set.isExpanded(1))
    set.collapseAll()
    #expect(set.expanded.isEmpty)
  }

  @Test("single mode keeps at most one row expanded")
  func singleMode() {
    var set = ExpansionSet<Int>(mode: .single)
    set.expand(1)
    set.expand(2)
    #expect(set.expanded == [2])
    var multiple = ExpansionSet<Int>()
    multiple.expand(1)
    multiple.expand(3)
    multiple.mode = .single
    #expect(multiple.expanded == [3])
  }

  @Test("removing rows forgets their state")
  func forget() {
    var set = ExpansionSet<String>()
    set.expand("a")
    set.expand("b")
    set.removeAll(notIn: ["b", "c"])
    #expect(set.expanded == ["b"])
  }

  @Test("the set round-trips through Codable and rejects a corrupt single-mode state")
  func codable() throws {
    var set = ExpansionSet<String>()
    set.expand("x")
    set.expand("y")
    let data = try JSONEncoder().encode(set)
    #expect(try JSONDecoder().decode(ExpansionSet<String>.self, from: data) == set)
    let corrupt = Data(#"{"mode":"single","expanded":["a","b"]}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ExpansionSet<String>.self, from: corrupt)
    }
  }
}

@Suite struct ExpandingListEqualityTests {
  @Test("equality covers every stored property but the cache")
  func equalityCoversEveryProperty() {
    // A new stored property must join == (and this list), or be a cache left out on purpose.
    let list = ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320))
    let labels = Set(Mirror(reflecting: list).children.compactMap(\.label))
    #expect(
      labels == [
        "rows", "rowsVersion", "environment", "lineLimit", "collapsesBlankLines", "expansion",
        "spoilers",
        "defaultSpoilers", "metrics", "readMoreLabel", "showLessLabel",
        "animationDuration", "transition", "cache",
      ])
    var other = list
    other.expansion.expand("a")
    #expect(other != list)
    other = list
    other.environment.width = 321
    #expect(other != list)
    other = list
    other.lineLimit = .lines(2)
    #expect(other != list)
    other = list
    other.collapsesBlankLines = false
    #expect(other != list)
    other = list
    other.metrics.padding = 1
    #expect(other != list)
    other = list
    other.readMoreLabel = "More"
    #expect(other != list)
    other = list
    other.showLessLabel = "Less"
    #expect(other != list)
    other = list
    other.spoilers["a"] = SpoilerState(isRevealed: true)
    #expect(other != list)
    other = list
    other.defaultSpoilers.mode = .toggle
    #expect(other != list)
    other = list
    other.animationDuration = 0
    #expect(other != list)
    other = list
    other.perform(.toggle("a"), at: 0)
    other.expansion = list.expansion
    #expect(other != list, "a toggle under way")
    other = list
    other.rows = [ListRow(id: "a", text: StyledText("A"))]
    #expect(other != list)
    // Equal content in lists made apart: equal, whatever their caches.
    #expect(
      ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320)) == list)
  }
}
