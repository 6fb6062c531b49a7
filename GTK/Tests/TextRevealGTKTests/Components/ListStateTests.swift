import Foundation
import Testing
import TextRaster
@_spi(FrontEnd) import TextReveal

@testable import TextRevealGTK

/// The expanding list widget's rows: each bound row is a list of that one row, with the list's
/// settings and the row's state kept by identity.
@Suite struct ListStateTests {
  static let rows = [
    ListRow(id: "a", text: AdapterTesting.longText),
    ListRow(id: "b", text: AdapterTesting.longText),
    ListRow(id: "c", text: StyledText("Fits.")),
  ]

  func row(_ state: ListState<String>, _ index: Int) -> ComponentAdapter<ExpandingList<String>> {
    AdapterTesting.adapter(state.rowModel(for: state.rows[index], at: index), width: 360)
  }

  @Test("a row is as tall, labelled and cut as the same row of the whole list")
  func sameAsWholeList() throws {
    let state = ListState(rows: Self.rows, lineLimit: .lines(3))
    let whole = try ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 360))
      .displayList(using: AdapterTesting.engine)
    let frames = whole.accessibility.filter { $0.role == .row }.map(\.frame)
    try #require(frames.count == 3)
    for index in Self.rows.indices {
      let list = try AdapterTesting.list(row(state, index))
      #expect(abs(Double(list.size.height - frames[index].height)) < 1e-9, "row \(index)")
    }
    let cut = row(state, 0)
    let cutList = try AdapterTesting.list(cut)
    #expect(
      cut.accessibility(of: cutList)
        == .init(
          label: AdapterTesting.longText.string, description: "Read more", isExpanded: false))
    #expect(cut.keyboardAction(in: cutList)?.action == .toggle("a"))
    let fits = row(state, 2)
    let fitsList = try AdapterTesting.list(fits)
    #expect(fits.accessibility(of: fitsList).isExpanded == nil)
    #expect(fits.keyboardAction(in: fitsList) == nil)
    #expect(fits.action(at: CGPoint(x: 100, y: 10), in: fitsList) == nil)
  }

  @Test("a row's blank lines collapse while it is collapsed, as the whole list's setting says")
  func blankLines() throws {
    // A package description as dpkg gives it: a paragraph, a blank line, another paragraph.
    let text = StyledText(
      "Adds users to the system.\n\nIt picks a free ID, makes the home directory and copies"
        + " the skeleton files into it, then sets the password the way the policy asks.")
    let rows = [ListRow(id: "a", text: text)]
    let state = ListState(rows: rows, lineLimit: .lines(3))
    for collapses in [true, false] {
      state.settings.collapsesBlankLines = collapses
      var whole = ExpandingList(rows: rows, environment: ComponentEnvironment(width: 360))
      whole.metrics.showsSeparators = false
      whole.collapsesBlankLines = collapses
      let expected = try whole.displayList(using: AdapterTesting.engine)
      let shown = try AdapterTesting.list(row(state, 0))
      #expect(abs(Double(shown.size.height - expected.size.height)) < 1e-9)
      let drawn = Self.texts(in: shown.items)
      #expect(drawn.contains { $0.contains("\n\n") } == !collapses, "collapses: \(collapses)")
      #expect(drawn.contains { $0.hasPrefix("Adds users") })
    }
  }

  /// The strings of the texts a display list draws, groups included.
  static func texts(in items: [DisplayItem]) -> [String] {
    items.flatMap { item -> [String] in
      switch item {
      case .text(let text): [text.layout.text.string]
      case .group(let group): texts(in: group.items)
      default: []
      }
    }
  }

  @Test("a click toggles the row, kept by identity in the list's state, with an animation")
  func toggle() throws {
    let state = ListState(rows: Self.rows, lineLimit: .lines(3))
    var adapter = row(state, 0)
    let collapsed = try AdapterTesting.list(adapter, at: 0)
    let action = try #require(adapter.action(at: CGPoint(x: 100, y: 10), in: collapsed))
    #expect(adapter.perform(action, at: 10) == .changed)
    state.keep(action, of: adapter.component, at: 10)
    #expect(state.settings.expansion.isExpanded("a"))
    #expect(!state.settings.expansion.isExpanded("b"))
    let middle = try AdapterTesting.list(adapter, at: 10.1)
    let end = try AdapterTesting.list(adapter, at: 11)
    #expect(middle.animation.isAnimating(after: 10.1) && !end.animation.isAnimating(after: 11))
    #expect(middle.size.height > collapsed.size.height)
    #expect(middle.size.height < end.size.height)
    #expect(adapter.accessibility(of: end).isExpanded == true)
    #expect(adapter.accessibility(of: end).description == "Show less")
  }

  @Test("a recycled row widget shows the state of the row it is bound to")
  func recycling() throws {
    let state = ListState(rows: Self.rows, lineLimit: .lines(3))
    state.settings.expansion.expand("b")
    let first = row(state, 0)
    let second = row(state, 1)
    #expect(first.accessibility(of: try AdapterTesting.list(first)).isExpanded == false)
    #expect(second.accessibility(of: try AdapterTesting.list(second)).isExpanded == true)
  }

  @Test("a row keeps its state when it is filtered out and comes back")
  func rowsChange() throws {
    let state = ListState(rows: Self.rows, lineLimit: .lines(3))
    state.settings.expansion.expand("a")
    state.rows = [Self.rows[2], Self.rows[1]]
    state.rows = [Self.rows[1], Self.rows[0]]
    let adapter = row(state, 1)
    #expect(adapter.component.rows.first?.id == "a")
    #expect(adapter.accessibility(of: try AdapterTesting.list(adapter)).isExpanded == true)
  }

  @Test("a row's spoilers are revealed by a tap and stay revealed when it is bound again")
  func spoilers() throws {
    var text = StyledText("The answer is ")
    text.append("dpkg", style: TextStyle(isSpoiler: true))
    text.append(", obviously.", style: TextStyle())
    let state = ListState(rows: [ListRow(id: 1, text: text)], lineLimit: .lines(3))
    var adapter = AdapterTesting.adapter(state.rowModel(for: state.rows[0], at: 0), width: 360)
    let list = try AdapterTesting.list(adapter)
    #expect(adapter.accessibility(of: list).label == "The answer is spoiler, obviously.")
    let tap = try #require(adapter.keyboardAction(in: list)?.action)
    #expect(adapter.perform(tap, at: 1) == .changed)
    state.keep(tap, of: adapter.component, at: 1)
    let again = AdapterTesting.adapter(state.rowModel(for: state.rows[0], at: 0), width: 360)
    #expect(again.accessibility(of: try AdapterTesting.list(again, at: 5)).label == text.string)
  }

  @Test("a row's avatar is drawn in its color at the leading edge")
  func avatar() throws {
    let color = TextColor(red: 0.2, green: 0.5, blue: 0.9)
    let rows = [
      ListRow(id: 1, text: AdapterTesting.longText, avatar: .init(initials: "", color: color))
    ]
    let state = ListState(rows: rows, lineLimit: .lines(3))
    let adapter = AdapterTesting.adapter(state.rowModel(for: rows[0], at: 0), width: 360)
    let bitmap = try AdapterTesting.draw(adapter, try AdapterTesting.list(adapter))
    let pixel = bitmap[x: 32, y: 32]
    #expect(pixel.blue > 200 && pixel.red < 80)
  }
}
