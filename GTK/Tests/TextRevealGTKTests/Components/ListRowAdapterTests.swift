import Testing
import TextLayout
import TextRaster
import TextReveal

@testable import TextRevealGTK

@Suite struct ListRowAdapterTests {
  static let rows = [
    ListRow(id: "a", text: AdapterTesting.longText),
    ListRow(id: "b", text: AdapterTesting.longText),
    ListRow(id: "c", text: StyledText("Fits.")),
  ]

  func state() -> ListState<String> {
    ListState(
      list: ExpandingList(rows: Self.rows, environment: ComponentEnvironment(width: 1)))
  }

  func adapter(_ state: ListState<String>, row: Int) -> ListRowAdapter<String> {
    var adapter = ListRowAdapter(state: state)
    adapter.environment = ComponentEnvironment(width: 360)
    adapter.row = Self.rows[row]
    return adapter
  }

  @Test("A row is laid out by the list model: its height and cut are the model's")
  func layout() throws {
    let state = state()
    let scene = try adapter(state, row: 0).scene(using: AdapterTesting.engine, at: 0)
    var whole = state.list
    whole.environment = ComponentEnvironment(width: 360)
    let expected = try #require(try whole.layout(using: AdapterTesting.engine).row("a"))
    #expect(abs(scene.size.height - expected.frame.height) < 1e-9)
    #expect(scene.accessibility.isExpanded == false)
    #expect(scene.accessibility.description == "Read more")
    let fits = try adapter(state, row: 2).scene(using: AdapterTesting.engine, at: 0)
    #expect(fits.accessibility.isExpanded == nil)
    #expect(fits.activation == nil)
    #expect(scene.activation?.id == "a")
    #expect(fits.hitTest(LayoutPoint(x: 100, y: 10)) == nil)
  }

  @Test("A click toggles the row in the list's state, by identity, with an animation")
  func toggle() throws {
    let state = state()
    var row = adapter(state, row: 0)
    let engine = AdapterTesting.engine
    let collapsed = try row.scene(using: engine, at: 0)
    let hit = try #require(collapsed.hitTest(LayoutPoint(x: 100, y: 10)))
    #expect(row.perform(hit, at: 10) == .changed)
    #expect(state.list.expansion.isExpanded("a"))
    #expect(!state.list.expansion.isExpanded("b"))
    let middle = try row.scene(using: engine, at: 10.1)
    let end = try row.scene(using: engine, at: 11)
    #expect(middle.isAnimating && !end.isAnimating)
    #expect(middle.size.height > collapsed.size.height)
    #expect(middle.size.height < end.size.height)
    #expect(end.accessibility.isExpanded == true)
    #expect(end.accessibility.description == "Show less")
  }

  @Test("A recycled row widget shows the state of the row it is bound to")
  func recycling() throws {
    let state = state()
    state.list.expansion.expand("b")
    var widget = adapter(state, row: 0)
    #expect(try widget.scene(using: AdapterTesting.engine, at: 0).accessibility.isExpanded == false)
    widget.row = Self.rows[1]
    #expect(try widget.scene(using: AdapterTesting.engine, at: 0).accessibility.isExpanded == true)
  }

  @Test("The state survives the rows changing: a row moved or filtered out and back")
  func rowsChange() throws {
    let state = state()
    state.list.expansion.expand("a")
    state.list.rows = [Self.rows[2], Self.rows[1]]
    state.list.rows = [Self.rows[1], Self.rows[0]]
    var widget = ListRowAdapter(state: state)
    widget.environment = ComponentEnvironment(width: 360)
    widget.row = state.list.rows[1]
    #expect(try widget.scene(using: AdapterTesting.engine, at: 0).accessibility.isExpanded == true)
  }

  @Test("Avatars take the accessory square; rows without one give it to the text")
  func avatars() throws {
    let state = state()
    let plain = try adapter(state, row: 0).scene(using: AdapterTesting.engine, at: 0)
    state.avatar = { _ in ("A", TextColor(red: 0.2, green: 0.5, blue: 0.9)) }
    let withAvatar = try adapter(state, row: 0).scene(using: AdapterTesting.engine, at: 0)
    // A narrower text is as tall or taller.
    #expect(withAvatar.size.height >= plain.size.height)
    let bitmap = try AdapterTesting.draw(withAvatar)
    // The avatar's circle is in its color at the row's leading edge.
    let pixel = bitmap[x: 32, y: 32]
    #expect(pixel.blue > 200 && pixel.red < 80)
  }
}
