import Foundation
import Testing
import TextLayout
import TextRaster
import TextReveal

@testable import TextRevealGTK

@Suite struct ExpandableTextAdapterTests {
  func adapter(width: Double = 320, text: StyledText = AdapterTesting.longText)
    -> ExpandableTextAdapter
  {
    var adapter = ExpandableTextAdapter(
      model: ExpandableTextModel(text: text, environment: ComponentEnvironment(width: 1)))
    adapter.environment = ComponentEnvironment(width: width)
    return adapter
  }

  @Test("A cut text says so to assistive technologies, and its \"more\" expands it")
  func collapsed() throws {
    let adapter = adapter()
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 0)
    #expect(scene.accessibility.isExpanded == false)
    #expect(scene.accessibility.description == "more")
    #expect(scene.accessibility.label == AdapterTesting.longText.string)
    #expect(!scene.isAnimating)
    // "more" is drawn in the accent color at the end of the last line: a click there expands.
    let accent = AdapterTesting.accentPixels(try AdapterTesting.draw(scene))
    let x = Double(accent.map(\.x).reduce(0, +)) / Double(accent.count)
    let y = Double(accent.map(\.y).reduce(0, +)) / Double(accent.count)
    #expect(x > 250)
    #expect(scene.hitTest(LayoutPoint(x: x, y: y)) == .expand)
    #expect(scene.hitTest(LayoutPoint(x: 10, y: 5)) == nil)
  }

  @Test("Expanding animates the height on the model's clock from the click to the duration")
  func expansion() throws {
    var adapter = adapter()
    let engine = AdapterTesting.engine
    let collapsed = try adapter.scene(using: engine, at: 100).size.height
    #expect(adapter.perform(.expand, at: 100) == .changed)
    let start = try adapter.scene(using: engine, at: 100)
    let middle = try adapter.scene(using: engine, at: 100 + adapter.duration / 2)
    let end = try adapter.scene(using: engine, at: 100 + adapter.duration + 0.001)
    #expect(start.isAnimating && middle.isAnimating && !end.isAnimating)
    #expect(abs(start.size.height - collapsed) < 1e-9)
    #expect(middle.size.height > collapsed && middle.size.height < end.size.height)
    #expect(end.accessibility.isExpanded == true)
    // Halfway, the eased curve has covered half the change (smoothstep is symmetric).
    let half = (collapsed + end.size.height) / 2
    #expect(abs(middle.size.height - half) < 0.5)
    // Expanded, the text shows more lines than collapsed.
    let before = AdapterTesting.inkedRows(try AdapterTesting.draw(start))
    let after = AdapterTesting.inkedRows(try AdapterTesting.draw(end))
    #expect(after > before)
  }

  @Test("The keyboard expands a cut text and collapses it again; a text that fits has no action")
  func keyboard() throws {
    var adapter = adapter()
    let engine = AdapterTesting.engine
    let collapsed = try adapter.scene(using: engine, at: 0)
    #expect(collapsed.activation == .expand)
    _ = adapter.perform(try #require(collapsed.activation), at: 0)
    #expect(try adapter.scene(using: engine, at: 1).activation == .collapse)
    #expect(
      try self.adapter(text: StyledText("Short.")).scene(using: engine, at: 0).activation == nil)
  }

  @Test("With reduced motion the state changes at once")
  func reducedMotion() throws {
    var adapter = adapter()
    adapter.reducesMotion = true
    #expect(adapter.perform(.expand, at: 5) == .changed)
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 5)
    #expect(!scene.isAnimating)
    #expect(scene.accessibility.isExpanded == true)
  }

  @Test("Expanding an expanded text does nothing")
  func expandTwice() {
    var adapter = adapter()
    #expect(adapter.perform(.expand, at: 0) == .changed)
    #expect(adapter.perform(.expand, at: 1) == .none)
  }

  @Test("A text that fits has no expanded state and no action")
  func fits() throws {
    let scene = try adapter(text: StyledText("Short.")).scene(using: AdapterTesting.engine, at: 0)
    #expect(scene.accessibility.isExpanded == nil)
    #expect(scene.accessibility.description == nil)
  }

  @Test("A link asks the front end to open its URL")
  func link() throws {
    var text = StyledText("Read the manual at ")
    text.append("debian.org", style: TextStyle(link: URL(string: "https://www.debian.org")!))
    var adapter = adapter(text: text)
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 0)
    let accent = AdapterTesting.accentPixels(try AdapterTesting.draw(scene))
    let point = LayoutPoint(x: Double(accent[accent.count / 2].x), y: Double(accent[0].y) + 2)
    let action = try #require(scene.hitTest(point))
    #expect(adapter.perform(action, at: 0) == .openURL(URL(string: "https://www.debian.org")!))
  }

  @Test("A band of the text, as a scrolled window shows it, is that part of the whole drawing")
  func band() throws {
    var adapter = adapter()
    _ = adapter.perform(.expand, at: 0)
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 10)
    let whole = try AdapterTesting.draw(scene, scale: .x2)
    let band = LayoutRect(x: 0, y: 21, width: 320, height: 30)
    let part = try AdapterTesting.draw(scene, scale: .x2, band: band)
    #expect(part.width == 640 && part.height == 60)
    #expect(
      part.crop(x: 0, y: 0, width: 640, height: 60)
        == whole.crop(x: 0, y: 42, width: 640, height: 60))
    #expect(AdapterTesting.inkedRows(part) > 10)
  }

  @Test("At scale 2 the bitmap has two pixels per point each way")
  func scale() throws {
    let scene = try adapter().scene(using: AdapterTesting.engine, at: 0)
    let one = try AdapterTesting.draw(scene, scale: .x1)
    let two = try AdapterTesting.draw(scene, scale: .x2)
    #expect(two.width == 2 * one.width && two.height == 2 * one.height)
    // Glyphs are drawn at the scale, not stretched: the 2x bitmap has ink rows that the 1x one,
    // doubled, would not have.
    #expect(AdapterTesting.inkedRows(two) > 2 * AdapterTesting.inkedRows(one) - 8)
  }
}
