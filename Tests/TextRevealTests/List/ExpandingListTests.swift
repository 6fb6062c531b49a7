import Foundation
import Testing
import TextLayout

@testable import TextReveal

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

  @Test("row heights come from the layout; read more only on rows that are cut")
  func heights() throws {
    let list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    let layout = try list.layout(expansion: ExpansionSet(), using: engine)
    #expect(layout.rows.map(\.id) == ["ana", "ben", "chen", "dana"])
    #expect(layout.rows.map(\.isTruncated) == [true, false, true, true])
    #expect(layout.rows.map { $0.label != nil } == [true, false, true, true])
    for row in layout.rows {
      let text = try #require(row.text)
      #expect(text.lines.count <= 3)
      #expect(row.textSize == text.size)
      // The frame holds the padding, the text and (when cut) the label.
      let labelHeight = row.label.map { $0.layout.size.height + list.metrics.labelSpacing } ?? 0
      let content = max(list.metrics.accessorySize, text.size.height + labelHeight)
      #expect(abs(row.frame.height - content - 2 * list.metrics.padding) < 1e-9)
    }
    // Frames stack without gaps.
    for (above, below) in zip(layout.rows, layout.rows.dropFirst()) {
      #expect(above.frame.maxY == below.frame.minY)
    }
    #expect(layout.size.height == layout.rows.last?.frame.maxY)
    #expect(layout.rows[1].frame.height == list.metrics.accessorySize + 2 * list.metrics.padding)
  }

  @Test("a tap toggles a cut row between three lines and its whole text")
  func toggling() throws {
    let list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    var expansion = ExpansionSet<String>()
    let before = try list.layout(expansion: expansion, using: engine)
    let ana = try #require(before.row("ana"))
    let hit = try #require(before.hitTest(LayoutPoint(x: 100, y: ana.frame.midY)))
    #expect(hit == ListHit(id: "ana", action: .expand))
    var toggled = list
    toggled.perform(hit)
    expansion.toggle(hit.id)
    #expect(toggled.expansion == expansion)
    let after = try toggled.layout(using: engine)
    let expanded = try #require(after.row("ana"))
    #expect(expanded.isExpanded)
    let text = try #require(expanded.text)
    #expect(!text.isTruncated)
    #expect(text.lines.count > 3)
    #expect(expanded.textSize == text.size)
    #expect(expanded.label?.layout.text.string == "Show less")
    #expect(after.rows[1].frame.minY > before.rows[1].frame.minY)
    #expect(after.hitTest(LayoutPoint(x: 100, y: expanded.frame.midY))?.action == .collapse)
    // A row whose text fits does nothing when tapped, even if marked expanded.
    let ben = try #require(after.row("ben"))
    #expect(after.hitTest(LayoutPoint(x: 100, y: ben.frame.midY)) == nil)
    expansion.expand("ben")
    #expect(try list.layout(expansion: expansion, using: engine).row("ben")?.isExpanded == false)
    // Outside the list.
    #expect(after.hitTest(LayoutPoint(x: -1, y: 5)) == nil)
    #expect(after.hitTest(LayoutPoint(x: 5, y: after.size.height + 1)) == nil)
  }

  @Test("a visible rectangle lays out the text of the rows it meets and frames all rows alike")
  func visibleRect() throws {
    // Enough rows that most lie below a phone screen.
    let rows = (0..<40).map { Self.row("row-\($0)", $0 % 2 == 0 ? Self.long : "Short.") }
    let list = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 320))
    var expansion = ExpansionSet<String>()
    expansion.expand("row-4")
    let everything = try list.layout(expansion: expansion, using: engine)
    let screen = LayoutRect(x: 0, y: 300, width: 320, height: 400)
    let visible = try list.layout(expansion: expansion, using: engine, visibleRect: screen)
    // The same frames, labels and measured sizes, whatever is laid out.
    #expect(visible.size == everything.size)
    for (partial, full) in zip(visible.rows, everything.rows) {
      #expect(partial.frame == full.frame)
      #expect(partial.textSize == full.textSize)
      #expect(partial.label == full.label)
      #expect(partial.isExpanded == full.isExpanded)
      let meets = full.frame.maxY > screen.minY && full.frame.minY < screen.maxY
      #expect((partial.text != nil) == meets, "row \(full.id)")
      if let text = partial.text { #expect(text == full.text) }
    }
    let shown = visible.rows.filter { $0.text != nil }.count
    #expect(shown > 0 && shown < 10)
    #expect(visible.hitTest(LayoutPoint(x: 100, y: everything.rows[30].frame.midY)) != nil)
    // An empty rectangle lays out no text: heights only.
    let heights = try list.layout(
      expansion: expansion, using: engine, visibleRect: LayoutRect(x: 0, y: 0, width: 0, height: 0))
    #expect(heights.rows.allSatisfy { $0.text == nil })
    #expect(heights.rows.map(\.frame) == everything.rows.map(\.frame))
  }

  @Test("the expanded state follows rows that are inserted, removed and moved")
  func stateSurvivesEdits() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    var expansion = ExpansionSet<String>()
    expansion.expand("chen")
    list.rows.insert(Self.row("eve", Self.long), at: 0)
    list.rows.removeAll { $0.id == "ben" }
    list.rows.swapAt(1, 2)
    let layout = try list.layout(expansion: expansion, using: engine)
    #expect(layout.rows.map(\.id) == ["eve", "chen", "ana", "dana"])
    #expect(layout.rows.map(\.isExpanded) == [false, true, false, false])
  }

  @Test("a re-layout of the same rows reuses their texts; a row edited in place is seen")
  func unchangedRows() throws {
    var list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    let first = try list.layout(expansion: ExpansionSet(), using: engine)
    // A rotation: same rows, new width; the prepared texts are the last pass's, in order.
    list.environment.width = 480
    let wide = try list.layout(expansion: ExpansionSet(), using: engine)
    #expect(wide.rows.map(\.id) == first.rows.map(\.id))
    #expect(wide.rows[0].text?.lines.first?.range != first.rows[0].text?.lines.first?.range)
    // An edit inside a row, through the rows property, is a new value of the rows.
    list.rows[1].text = StyledText(Self.long)
    let edited = try list.layout(expansion: ExpansionSet(), using: engine)
    #expect(edited.rows[1].isTruncated)
    #expect(edited.rows[1].text?.lines.count == 3)
    // A copy whose rows differ shares the texts' store, and still gets its own rows.
    var copy = list
    copy.rows.removeFirst()
    #expect(try copy.layout(expansion: ExpansionSet(), using: engine).rows.count == 3)
    #expect(try list.layout(expansion: ExpansionSet(), using: engine).rows.count == 4)
    // The type size is part of what a pass reuses.
    list.environment.typeSize = .extraExtraExtraLarge
    let larger = try list.layout(expansion: ExpansionSet(), using: engine)
    #expect(larger.rows[1].frame.height > edited.rows[1].frame.height)
  }

  @Test("duplicate ids are rejected with the id; an empty list is empty")
  func badInput() throws {
    let list = ExpandingList(
      rows: [Self.rows[0], Self.rows[1], Self.rows[0]],
      environment: ComponentEnvironment(width: 320))
    #expect(throws: TextRevealError.duplicateRowID("ana")) {
      try list.layout(expansion: ExpansionSet(), using: engine)
    }
    #expect("\(TextRevealError.duplicateRowID("ana"))".contains("ana"))
    // A list laid out before keeps its rows' texts; a row repeated in place of another (as many
    // rows as before, each text known) is still found.
    var kept = ExpandingList(
      rows: [Self.rows[0], Self.rows[1]], environment: ComponentEnvironment(width: 320))
    _ = try kept.layout(expansion: ExpansionSet(), using: engine)
    kept.rows = [Self.rows[0], Self.rows[0]]
    #expect(throws: TextRevealError.duplicateRowID("ana")) {
      try kept.layout(expansion: ExpansionSet(), using: engine)
    }
    kept.rows = [Self.rows[1], Self.rows[0]]
    #expect(try kept.layout(expansion: ExpansionSet(), using: engine).rows.count == 2)
    let empty = try ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320))
      .layout(expansion: ExpansionSet(), using: engine)
    #expect(empty.rows.isEmpty)
    #expect(empty.size == LayoutSize(width: 320, height: 0))
    #expect(throws: TextRevealError.layout(.invalidWidth(-60))) {
      try ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 16)).layout(
        expansion: ExpansionSet(), using: engine)
    }
  }

  @Test("right-to-left rows put the avatar on the right and labels at the trailing edge")
  func rightToLeft() throws {
    let list = ExpandingList(
      rows: [Self.rows[3]], environment: ComponentEnvironment(width: 320, direction: .rightToLeft))
    let row = try #require(try list.layout(expansion: ExpansionSet(), using: engine).rows.first)
    #expect(row.accessoryFrame.maxX == 320 - list.metrics.padding)
    let label = try #require(row.label)
    #expect(abs(label.frame.maxX - (row.textOrigin.x + list.textWidth)) < 1e-9)
  }

  @Test("the toggle animation slides the rows below smoothly")
  func animation() throws {
    let list = ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 320))
    var expansion = ExpansionSet<String>()
    let before = try list.layout(expansion: expansion, using: engine)
    expansion.toggle("ana")
    let after = try list.layout(expansion: expansion, using: engine)
    let animation = ListAnimation(from: before, to: after, duration: 0.3)
    #expect(animation.frames(at: 0).map(\.frame) == before.rows.map(\.frame))
    #expect(animation.frames(at: 0.3).map(\.frame) == after.rows.map(\.frame))
    let ys = stride(from: 0.0, through: 0.3, by: 0.03).map {
      animation.frames(at: $0)[1].frame.minY
    }
    #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(animation.height(at: 0.15) > before.size.height)
    #expect(animation.height(at: 0.15) < after.size.height)
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

extension ExpandingList {
  /// The list laid out with a given expanded state, which it otherwise owns.
  fileprivate func layout(
    expansion: ExpansionSet<ID>, using engine: TextLayoutEngine, visibleRect: LayoutRect? = nil
  ) throws(TextRevealError) -> ListLayout<ID> {
    var list = self
    list.expansion = expansion
    return try list.layout(using: engine, visibleRect: visibleRect)
  }
}

@Suite struct ExpandingListEqualityTests {
  @Test("equality covers every stored property but the prepared-text cache")
  func equalityCoversEveryProperty() {
    // A new stored property must join == (and this list), or be a cache left out on purpose.
    let list = ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320))
    let labels = Set(Mirror(reflecting: list).children.compactMap(\.label))
    #expect(
      labels == [
        "rows", "rowsVersion", "environment", "lineLimit", "expansion", "metrics",
        "readMoreLabel", "showLessLabel", "preparedTexts",
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
    other.metrics.padding = 1
    #expect(other != list)
    other = list
    other.readMoreLabel = "More"
    #expect(other != list)
    other = list
    other.showLessLabel = "Less"
    #expect(other != list)
    other = list
    other.rows = [ListRow(id: "a", text: StyledText("A"))]
    #expect(other != list)
    // Equal content in lists made apart: equal, whatever their caches.
    #expect(
      ExpandingList<String>(rows: [], environment: ComponentEnvironment(width: 320)) == list)
  }
}
