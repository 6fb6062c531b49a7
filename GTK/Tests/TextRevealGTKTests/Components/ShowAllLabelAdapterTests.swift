import Foundation
import Testing
import TextRaster
import TextReveal

@testable import TextRevealGTK

/// The generic adapter over a truncation detector: the demo's "Depends on" label.
@Suite struct ShowAllLabelAdapterTests {
  static let text = StyledText(
    "libc6 (>= 2.34), libglib2.0-0 (>= 2.62), libxml2 (>= 2.7.4), libyaml-0-2, libzstd1")

  func adapter(
    width: Double, direction: InterfaceDirection = .leftToRight
  ) -> ComponentAdapter<TruncationDetector> {
    AdapterTesting.adapter(
      TruncationDetector(
        text: Self.text, environment: ComponentEnvironment(width: 1), lineLimit: .lines(1)),
      width: width, direction: direction)
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
    let wholeAdapter = adapter(width: fits)
    let whole = try AdapterTesting.list(wholeAdapter)
    #expect(wholeAdapter.accessibility(of: whole).description == nil)
    #expect(wholeAdapter.accessibility(of: whole).isExpanded == nil)
    #expect(wholeAdapter.keyboardAction(in: whole) == nil)
    #expect(AdapterTesting.accentPixels(try AdapterTesting.draw(wholeAdapter, whole)).isEmpty)
    let cutAdapter = adapter(width: fits - 1)
    let cut = try AdapterTesting.list(cutAdapter)
    #expect(cutAdapter.accessibility(of: cut).description == "Show all")
    #expect(cutAdapter.accessibility(of: cut).isExpanded == false)
    #expect(cutAdapter.keyboardAction(in: cut)?.action == .showAll)
    #expect(cut.size.height > whole.size.height + 20)
    #expect(AdapterTesting.accentPixels(try AdapterTesting.draw(cutAdapter, cut)).count > 200)
  }

  @Test("a click on the button: taken over by the application, or the whole text in place")
  func click() throws {
    var adapter = adapter(width: 200)
    let list = try AdapterTesting.list(adapter)
    let pill = AdapterTesting.accentPixels(try AdapterTesting.draw(adapter, list))
    let action = try #require(adapter.action(at: AdapterTesting.center(of: pill), in: list))
    #expect(action == .showAll)
    #expect(adapter.action(at: CGPoint(x: 5, y: 5), in: list) == nil)
    var shown = 0
    var takenOver = adapter
    takenOver.takesOver = { action in
      guard action == .showAll else { return false }
      shown += 1
      return true
    }
    #expect(takenOver.perform(action, at: 0) == .takenOver)
    #expect(shown == 1)
    #expect(!takenOver.component.isShowingAll)
    #expect(adapter.perform(action, at: 0) == .changed)
    let all = try AdapterTesting.list(adapter)
    #expect(all.size.height > list.size.height)
    #expect(adapter.accessibility(of: all).isExpanded == true)
  }

  @Test("right to left, the button sits at the right edge")
  func rightToLeft() throws {
    let adapter = adapter(width: 300, direction: .rightToLeft)
    let list = try AdapterTesting.list(adapter)
    let pill = AdapterTesting.accentPixels(try AdapterTesting.draw(adapter, list))
    #expect(!pill.isEmpty && pill.allSatisfy { $0.x > 150 })
  }
}
