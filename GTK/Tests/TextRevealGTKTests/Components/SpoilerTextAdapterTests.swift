import Foundation
import Testing
import TextRaster
import TextReveal

@testable import TextRevealGTK

/// The generic adapter over a text with spoilers: a message of the demo's chat.
@Suite struct SpoilerTextAdapterTests {
  /// "The answer is dpkg, obviously." with "dpkg" hidden.
  static var text: StyledText {
    var text = StyledText("The answer is ")
    text.append("dpkg", style: TextStyle(isSpoiler: true))
    text.append(", obviously.", style: TextStyle())
    return text
  }

  func adapter(
    width: Double = 320, mode: SpoilerState.Mode = .revealOnly, reducesMotion: Bool = false
  ) -> ComponentAdapter<SpoilerText> {
    AdapterTesting.adapter(
      SpoilerText(text: Self.text, environment: ComponentEnvironment(width: 1), mode: mode),
      width: width, reducesMotion: reducesMotion)
  }

  /// A point on the hidden word: where the dust moves between two frames.
  func dustPoint(_ adapter: ComponentAdapter<SpoilerText>) throws -> CGPoint {
    let first = try AdapterTesting.draw(adapter, try AdapterTesting.list(adapter, at: 0))
    let second = try AdapterTesting.draw(adapter, try AdapterTesting.list(adapter, at: 0.2))
    var changed: [(x: Int, y: Int)] = []
    for y in 0..<first.height {
      for x in 0..<first.width where first[x: x, y: y] != second[x: x, y: y] {
        changed.append((x, y))
      }
    }
    try #require(changed.count > 20)
    let middle = changed.sorted { $0.x < $1.x }[changed.count / 2]
    return CGPoint(x: Double(middle.x), y: Double(middle.y))
  }

  @Test("hidden text never reaches assistive technologies before the reveal")
  func accessibilityHidesSpoilers() throws {
    let adapter = adapter()
    let accessibility = adapter.accessibility(of: try AdapterTesting.list(adapter))
    #expect(accessibility.label == "The answer is spoiler, obviously.")
    #expect(!accessibility.label.contains("dpkg"))
    #expect(accessibility.description == "Reveal spoiler")
  }

  @Test(
    "the dust moves while the spoiler is hidden, so the widget ticks; still with reduced motion")
  func dustMoves() throws {
    #expect(try AdapterTesting.list(adapter()).animation.isAnimating(after: 0))
    #expect(
      try !AdapterTesting.list(adapter(reducesMotion: true)).animation.isAnimating(after: 0))
  }

  @Test("a click on the hidden word reveals it, spreading until it stands still, readable")
  func reveal() throws {
    var adapter = adapter()
    let point = try dustPoint(adapter)
    let list = try AdapterTesting.list(adapter, at: 1)
    let action = try #require(adapter.action(at: point, in: list))
    guard case .tapSpoiler = action else {
      Issue.record("a click on the dust is a tap on the spoiler, not \(action)")
      return
    }
    #expect(adapter.perform(action, at: 1) == .changed)
    let revealing = try AdapterTesting.list(adapter, at: 1.1)
    #expect(revealing.animation.isAnimating(after: 1.1))
    #expect(adapter.accessibility(of: revealing).label == Self.text.string)
    let revealed = try AdapterTesting.list(adapter, at: 2)
    #expect(!revealed.animation.isAnimating(after: 2))
    #expect(adapter.accessibility(of: revealed).description == nil)
    // Revealed, nothing moves and no second click does anything (reveal-only mode).
    let a = try AdapterTesting.draw(adapter, revealed)
    let b = try AdapterTesting.draw(adapter, try AdapterTesting.list(adapter, at: 3))
    #expect(a == b)
    #expect(adapter.action(at: point, in: revealed) == nil)
  }

  @Test("the keyboard reveals the spoilers; revealed, it does nothing")
  func keyboard() throws {
    var adapter = adapter()
    let action = try #require(adapter.keyboardAction(in: try AdapterTesting.list(adapter)))
    #expect(action.name == nil)
    #expect(adapter.perform(action.action, at: 0) == .changed)
    let revealed = try AdapterTesting.list(adapter, at: 2)
    #expect(adapter.accessibility(of: revealed).label == Self.text.string)
    #expect(adapter.keyboardAction(in: revealed) == nil)
  }

  @Test("a click beside the spoiler does nothing")
  func missing() throws {
    let adapter = adapter()
    #expect(adapter.action(at: CGPoint(x: 3, y: 3), in: try AdapterTesting.list(adapter)) == nil)
  }

  @Test("a reveal made at one width shows at another (a resize after the click)")
  func otherWidth() throws {
    var adapter = adapter()
    let point = try dustPoint(adapter)
    let action = try #require(adapter.action(at: point, in: try AdapterTesting.list(adapter)))
    _ = adapter.perform(action, at: 1)
    adapter.environment.width = 120
    let list = try AdapterTesting.list(adapter, at: 5)
    #expect(adapter.accessibility(of: list).label == Self.text.string)
    #expect(!list.animation.isAnimating(after: 5))
  }

  @Test("in toggle mode a second click hides the spoilers again")
  func toggle() throws {
    var adapter = adapter(mode: .toggle)
    let point = try dustPoint(adapter)
    _ = adapter.perform(
      try #require(adapter.action(at: point, in: try AdapterTesting.list(adapter))), at: 1)
    let revealed = try AdapterTesting.list(adapter, at: 3)
    _ = adapter.perform(try #require(adapter.action(at: point, in: revealed)), at: 3)
    let hidden = try AdapterTesting.list(adapter, at: 5)
    #expect(adapter.accessibility(of: hidden).label == "The answer is spoiler, obviously.")
  }

  @Test("a chat bubble's natural width is its widest line, within the limit")
  func naturalWidth() throws {
    var adapter = adapter()
    #expect(try adapter.naturalWidth(using: AdapterTesting.engine) == 0)
    adapter.naturalWidthLimit = 1000
    let natural = try adapter.naturalWidth(using: AdapterTesting.engine)
    let measured = try AdapterTesting.engine.measure(
      Self.text, configuration: LayoutConfiguration(width: 1000))
    #expect(abs(natural - Double(measured.size.width)) < 0.01)
    adapter.naturalWidthLimit = 150
    #expect(try adapter.naturalWidth(using: AdapterTesting.engine) <= 150)
    // Right to left, the lines sit at the right of the limit; the width is theirs all the same.
    adapter.naturalWidthLimit = 1000
    adapter.environment.direction = .rightToLeft
    #expect(abs(try adapter.naturalWidth(using: AdapterTesting.engine) - natural) < 0.01)
  }
}
