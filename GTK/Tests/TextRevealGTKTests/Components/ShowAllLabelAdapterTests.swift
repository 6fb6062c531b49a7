import Testing
import TextLayout
import TextRaster
import TextReveal

@testable import TextRevealGTK

@Suite struct ShowAllLabelAdapterTests {
  static let text = StyledText(
    "libc6 (>= 2.34), libglib2.0-0 (>= 2.62), libxml2 (>= 2.7.4), libyaml-0-2, libzstd1")

  func scene(width: Double) throws -> ComponentScene<ShowAllLabelAdapter.Action> {
    var adapter = ShowAllLabelAdapter(
      detector: TruncationDetector(
        text: Self.text, environment: ComponentEnvironment(width: 1), lineLimit: .lines(1)))
    adapter.environment = ComponentEnvironment(width: width)
    return try adapter.scene(using: AdapterTesting.engine, at: 0)
  }

  /// The narrowest whole width at which the text fits on one line, by the engine's measure.
  func fittingWidth() throws -> Double {
    var low = 10.0
    var high = 2000.0
    while high - low > 1 {
      let middle = ((low + high) / 2).rounded()
      let measured = try AdapterTesting.engine.measure(
        Self.text, configuration: LayoutConfiguration(width: middle, lineLimit: .lines(1)))
      if measured.isTruncated { low = middle } else { high = middle }
    }
    return high
  }

  @Test("\"Show all\" appears exactly when the text stops fitting")
  func appearsWhenCut() throws {
    let fits = try fittingWidth()
    let whole = try scene(width: fits)
    #expect(whole.accessibility.description == nil)
    #expect(whole.accessibility.isExpanded == nil)
    #expect(AdapterTesting.accentPixels(try AdapterTesting.draw(whole)).isEmpty)
    let cut = try scene(width: fits - 1)
    #expect(cut.accessibility.description == "Show all")
    #expect(cut.activation == .showAll && whole.activation == nil)
    #expect(cut.accessibility.isExpanded == false)
    #expect(cut.size.height > whole.size.height + 20)
    #expect(AdapterTesting.accentPixels(try AdapterTesting.draw(cut)).count > 200)
  }

  @Test("A click on the button asks the application to show the whole text")
  func click() throws {
    var adapter = ShowAllLabelAdapter(
      detector: TruncationDetector(
        text: Self.text, environment: ComponentEnvironment(width: 1), lineLimit: .lines(1)))
    adapter.environment = ComponentEnvironment(width: 200)
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 0)
    let pill = AdapterTesting.accentPixels(try AdapterTesting.draw(scene))
    let point = LayoutPoint(x: Double(pill[pill.count / 2].x), y: Double(pill[pill.count / 2].y))
    let action = try #require(scene.hitTest(point))
    #expect(adapter.perform(action, at: 0) == .showAll)
    #expect(scene.hitTest(LayoutPoint(x: 5, y: 5)) == nil)
  }

  @Test("Right to left, the button sits at the right edge")
  func rightToLeft() throws {
    var adapter = ShowAllLabelAdapter(
      detector: TruncationDetector(
        text: Self.text, environment: ComponentEnvironment(width: 1), lineLimit: .lines(1)))
    adapter.environment = ComponentEnvironment(width: 300, direction: .rightToLeft)
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 0)
    let pill = AdapterTesting.accentPixels(try AdapterTesting.draw(scene))
    #expect(pill.allSatisfy { $0.x > 150 })
  }
}
