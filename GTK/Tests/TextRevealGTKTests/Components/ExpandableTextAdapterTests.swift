import Foundation
import Testing
import TextRaster
import TextReveal

@testable import TextRevealGTK

/// The generic adapter over an expandable text: what the description on the demo's app page
/// shows, answers to clicks and tells assistive technologies.
@Suite struct ExpandableTextAdapterTests {
  func adapter(
    text: StyledText = AdapterTesting.longText, width: Double = 320,
    direction: InterfaceDirection = .leftToRight, reducesMotion: Bool = false
  ) -> ComponentAdapter<ExpandableTextModel> {
    AdapterTesting.adapter(
      ExpandableTextModel(text: text, environment: ComponentEnvironment(width: 1)), width: width,
      direction: direction, reducesMotion: reducesMotion)
  }

  @Test("a cut text says so to assistive technologies, and its \"more\" expands it")
  func collapsed() throws {
    let adapter = adapter()
    let list = try AdapterTesting.list(adapter)
    let accessibility = adapter.accessibility(of: list)
    #expect(accessibility.isExpanded == false)
    #expect(accessibility.description == "more")
    #expect(accessibility.label == AdapterTesting.longText.string)
    #expect(!list.animation.isAnimating(after: 0))
    #expect(adapter.keyboardAction(in: list)?.action == .expand)
    // "more" is drawn in the accent color at the end of the last line: a click there expands.
    let accent = AdapterTesting.accentPixels(try AdapterTesting.draw(adapter, list))
    let more = AdapterTesting.center(of: accent)
    #expect(more.x > 250)
    #expect(adapter.action(at: more, in: list) == .expand)
    #expect(adapter.action(at: CGPoint(x: 10, y: 5), in: list) == nil)
  }

  @Test("the widget draws on a transparent background: the window's color shows through")
  func transparent() throws {
    let adapter = adapter()
    let bitmap = try AdapterTesting.draw(adapter, try AdapterTesting.list(adapter))
    #expect(bitmap[x: bitmap.width - 1, y: 0].alpha == 0)
    #expect(AdapterTesting.inkedRows(bitmap) > 20)
  }

  @Test("expanding animates the height on the component's clock, from the click for its duration")
  func expansion() throws {
    var adapter = adapter()
    let collapsed = try AdapterTesting.list(adapter, at: 100)
    #expect(adapter.perform(.expand, at: 100) == .changed)
    let duration = adapter.component.animationDuration
    let start = try AdapterTesting.list(adapter, at: 100)
    let middle = try AdapterTesting.list(adapter, at: 100 + duration / 2)
    let end = try AdapterTesting.list(adapter, at: 100 + duration + 0.001)
    #expect(start.animation.isAnimating(after: 100))
    #expect(middle.animation.isAnimating(after: 100 + duration / 2))
    #expect(!end.animation.isAnimating(after: 100 + duration + 0.001))
    #expect(abs(start.size.height - collapsed.size.height) < 1e-9)
    #expect(middle.size.height > collapsed.size.height && middle.size.height < end.size.height)
    #expect(adapter.accessibility(of: end).isExpanded == true)
    #expect(adapter.keyboardAction(in: end)?.action == .collapse)
    // Expanded, the text shows more lines than collapsed.
    let before = AdapterTesting.inkedRows(try AdapterTesting.draw(adapter, start))
    let after = AdapterTesting.inkedRows(try AdapterTesting.draw(adapter, end))
    #expect(after > before)
  }

  @Test("with reduced motion the state changes at once")
  func reducedMotion() throws {
    var adapter = adapter(reducesMotion: true)
    #expect(adapter.perform(.expand, at: 5) == .changed)
    let list = try AdapterTesting.list(adapter, at: 5)
    #expect(!list.animation.isAnimating(after: 5))
    #expect(adapter.accessibility(of: list).isExpanded == true)
  }

  @Test("a text that fits has no expanded state and no keyboard action")
  func fits() throws {
    let adapter = adapter(text: StyledText("Short."))
    let list = try AdapterTesting.list(adapter)
    #expect(adapter.accessibility(of: list) == .init(label: "Short.", isExpanded: nil))
    #expect(adapter.keyboardAction(in: list) == nil)
  }

  @Test("a link hands its URL to the front end; the keyboard does not open links")
  func link() throws {
    let url = URL(string: "https://www.debian.org")!
    var text = StyledText("Read the manual at ")
    text.append("debian.org", style: TextStyle(link: url))
    var adapter = adapter(text: text)
    let list = try AdapterTesting.list(adapter)
    let accent = AdapterTesting.accentPixels(try AdapterTesting.draw(adapter, list))
    let action = try #require(adapter.action(at: AdapterTesting.center(of: accent), in: list))
    #expect(adapter.perform(action, at: 0) == .openURL(url))
    #expect(adapter.keyboardAction(in: list) == nil)
  }

  @Test("a band, as a scrolled window shows it, is that part of the whole drawing")
  func band() throws {
    var adapter = adapter()
    _ = adapter.perform(.expand, at: 0)
    let list = try AdapterTesting.list(adapter, at: 10)
    let whole = try AdapterTesting.draw(adapter, list, scale: .x2)
    let part = try AdapterTesting.draw(
      adapter, list, scale: .x2, band: CGRect(x: 0, y: 21, width: 320, height: 30))
    #expect(part.width == 640 && part.height == 60)
    #expect(
      part.crop(x: 0, y: 0, width: 640, height: 60)
        == whole.crop(x: 0, y: 42, width: 640, height: 60))
    #expect(AdapterTesting.inkedRows(part) > 10)
  }

  @Test("at scale 2 the bitmap has two pixels per point each way, drawn at that scale")
  func scale() throws {
    let adapter = adapter()
    let list = try AdapterTesting.list(adapter)
    let one = try AdapterTesting.draw(adapter, list, scale: .x1)
    let two = try AdapterTesting.draw(adapter, list, scale: .x2)
    // Each as many pixels as the component's points times the scale, rounded up.
    let height = Double(list.size.height)
    #expect(one.width == 320 && one.height == Int(height.rounded(.up)))
    #expect(two.width == 640 && two.height == Int((2 * height).rounded(.up)))
    #expect(AdapterTesting.inkedRows(two) > 2 * AdapterTesting.inkedRows(one) - 8)
  }

  /// The middle of "more" on a text laid out in a direction, as a fraction of the width.
  func morePosition(_ text: String, direction: InterfaceDirection) throws -> Double {
    let adapter = adapter(text: StyledText(text), direction: direction)
    let list = try AdapterTesting.list(adapter)
    let accent = AdapterTesting.accentPixels(try AdapterTesting.draw(adapter, list))
    try #require(accent.count > 30)
    return Double(AdapterTesting.center(of: accent).x) / 320
  }

  @Test("right to left, an English text keeps \"more\" at the end of its own last line")
  func rightToLeftEnglish() throws {
    #expect(try morePosition(AdapterTesting.longText.string, direction: .rightToLeft) > 0.8)
    #expect(try morePosition(AdapterTesting.longText.string, direction: .leftToRight) > 0.8)
  }

  @Test("a Hebrew text puts \"more\" at the left, where its last line ends")
  func hebrew() throws {
    let hebrew = String(
      repeating: "פרויקט דביאן הוא איגוד של אנשים שחברו יחד כדי ליצור מערכת הפעלה חופשית. ",
      count: 4)
    #expect(try morePosition(hebrew, direction: .rightToLeft) < 0.2)
    #expect(try morePosition(hebrew, direction: .leftToRight) < 0.2)
  }
}
