import Foundation
import Testing
import TextLayout
import TextRaster
import TextReveal

@testable import TextRevealGTK

@Suite struct SpoilerTextAdapterTests {
  /// "The answer is dpkg, obviously." with "dpkg" hidden.
  static var text: StyledText {
    var text = StyledText("The answer is ")
    text.append("dpkg", style: TextStyle(isSpoiler: true))
    text.append(", obviously.", style: TextStyle())
    return text
  }

  func adapter(width: Double = 320) -> SpoilerTextAdapter {
    var adapter = SpoilerTextAdapter(text: Self.text)
    adapter.environment = ComponentEnvironment(width: width)
    return adapter
  }

  /// A point on the hidden word: where the dust moves between two frames.
  func dustPoint(_ adapter: SpoilerTextAdapter) throws -> LayoutPoint {
    let engine = AdapterTesting.engine
    let first = try AdapterTesting.draw(try adapter.scene(using: engine, at: 0))
    let second = try AdapterTesting.draw(try adapter.scene(using: engine, at: 0.2))
    var changed: [(Int, Int)] = []
    for y in 0..<first.height {
      for x in 0..<first.width where first[x: x, y: y] != second[x: x, y: y] {
        changed.append((x, y))
      }
    }
    try #require(changed.count > 20)
    let middle = changed.sorted { $0.0 < $1.0 }[changed.count / 2]
    return LayoutPoint(x: Double(middle.0), y: Double(middle.1))
  }

  @Test("Hidden text never reaches assistive technologies before the reveal")
  func accessibilityHidesSpoilers() throws {
    let scene = try adapter().scene(using: AdapterTesting.engine, at: 0)
    #expect(scene.accessibility.label == "The answer is spoiler, obviously.")
    #expect(!scene.accessibility.label.contains("dpkg"))
    #expect(scene.accessibility.description == "Reveal spoiler")
  }

  @Test(
    "The dust moves while the spoiler is hidden, so the widget ticks; still with reduced motion")
  func dustMoves() throws {
    var adapter = adapter()
    #expect(try adapter.scene(using: AdapterTesting.engine, at: 0).isAnimating)
    adapter.reducesMotion = true
    #expect(try !adapter.scene(using: AdapterTesting.engine, at: 0).isAnimating)
  }

  @Test("A click on the hidden word reveals it, spreading until it stands still, readable")
  func reveal() throws {
    var adapter = adapter()
    let engine = AdapterTesting.engine
    let point = try dustPoint(adapter)
    let scene = try adapter.scene(using: engine, at: 1)
    let action = try #require(scene.hitTest(point))
    #expect(action == .tapSpoiler(point))
    #expect(adapter.perform(action, at: 1) == .changed)
    let revealing = try adapter.scene(using: engine, at: 1.1)
    #expect(revealing.isAnimating)
    #expect(revealing.accessibility.label == Self.text.string)
    let revealed = try adapter.scene(using: engine, at: 2)
    #expect(!revealed.isAnimating)
    #expect(revealed.accessibility.description == nil)
    // Revealed, nothing moves and no second click does anything (reveal-only mode).
    let a = try AdapterTesting.draw(revealed)
    let b = try AdapterTesting.draw(try adapter.scene(using: engine, at: 3))
    #expect(a == b)
    #expect(revealed.hitTest(point) == nil)
  }

  @Test("The keyboard reveals the spoilers from the first hidden word; revealed, it does nothing")
  func keyboard() throws {
    var adapter = adapter()
    let engine = AdapterTesting.engine
    let action = try #require(try adapter.scene(using: engine, at: 0).activation)
    #expect(adapter.perform(action, at: 0) == .changed)
    let revealed = try adapter.scene(using: engine, at: 2)
    #expect(revealed.accessibility.label == Self.text.string)
    #expect(revealed.activation == nil)
  }

  @Test("A click beside the spoiler does nothing")
  func missing() throws {
    let scene = try adapter().scene(using: AdapterTesting.engine, at: 0)
    #expect(scene.hitTest(LayoutPoint(x: 3, y: 3)) == nil)
  }

  @Test("A reveal made at one width shows at another (a resize after the click)")
  func otherWidth() throws {
    var adapter = adapter()
    let point = try dustPoint(adapter)
    _ = adapter.perform(.tapSpoiler(point), at: 1)
    adapter.environment.width = 120
    let scene = try adapter.scene(using: AdapterTesting.engine, at: 5)
    #expect(scene.accessibility.label == Self.text.string)
    #expect(!scene.isAnimating)
  }

  @Test("In toggle mode a second click hides the spoilers again")
  func toggle() throws {
    var adapter = adapter()
    adapter.mode = .toggle
    let point = try dustPoint(adapter)
    _ = adapter.perform(.tapSpoiler(point), at: 1)
    let revealed = try adapter.scene(using: AdapterTesting.engine, at: 3)
    let again = try #require(revealed.hitTest(point))
    _ = adapter.perform(again, at: 3)
    let hidden = try adapter.scene(using: AdapterTesting.engine, at: 5)
    #expect(hidden.accessibility.label == "The answer is spoiler, obviously.")
  }

  @Test("A chat bubble's natural width is its widest line, within the limit")
  func naturalWidth() throws {
    var adapter = adapter()
    #expect(try adapter.naturalWidth(using: AdapterTesting.engine) == 0)
    adapter.naturalWidthLimit = 1000
    let natural = try adapter.naturalWidth(using: AdapterTesting.engine)
    #expect(natural > 100 && natural < 400)
    adapter.naturalWidthLimit = 150
    #expect(try adapter.naturalWidth(using: AdapterTesting.engine) <= 150)
  }
}
