import Foundation
import Testing
@_spi(Backend) import TextLayout
import TextMarkdown
@_spi(FrontEnd) import TextReveal

@testable import TextRaster

/// A front end with no code for any component: it lays a component out, draws its display
/// list, taps each of its hit regions, performs the action, and draws the frames until the
/// component is still. Every component, and compositions of them, go through this one loop.
struct GenericFrontEnd {
  let drawing: ComponentDrawing
  var engine: TextLayoutEngine { drawing.text.engine }

  /// What a tap on each hit region did: a link handed back, or a changed component.
  struct Tap: Hashable {
    var description: String
    var openedLink: URL?
    var frames: Int
  }

  /// Taps every hit region of a component once (each on a fresh copy) and draws every frame.
  func drive<Component: RevealComponent>(_ component: Component) throws -> [Tap] {
    let start = 1.0
    let list = try component.displayList(using: engine, at: start)
    let still = try drawing.renderer.image(of: list, padding: 16)
    #expect(still.width == Int(((Double(list.size.width) + 32) * 2).rounded(.up)))
    var taps: [Tap] = []
    for region in list.hitRegions {
      var tapped = component
      let point = CGPoint(x: region.rect.midX, y: region.rect.midY)
      let action = try #require(tapped.hitTest(point, in: list))
      let outcome = tapped.perform(action, at: start)
      var time = start
      var frames = 0
      var frame = try tapped.displayList(using: engine, at: time)
      while frame.animation.isChanging(after: time) && time < start + 2 {
        // Every frame is laid out; every fourth is drawn, to keep the suite quick.
        if frames % 4 == 0 { _ = try drawing.renderer.image(of: frame, padding: 16) }
        frames += 1
        time += 1 / 30
        frame = try tapped.displayList(using: engine, at: time)
      }
      _ = try drawing.renderer.image(of: frame, padding: 16)
      // Something happened: a link to open, or a component that draws differently now than
      // the untouched one does at the same moment.
      let untouched = try component.displayList(using: engine, at: time)
      #expect(
        outcome != nil || frame != untouched, "a tap on \(action) changed nothing")
      taps.append(Tap(description: "\(action)", openedLink: outcome, frames: frames))
    }
    return taps
  }
}

@Suite struct GenericFrontEndTests {
  static let url = URL(string: "https://example.com/notes")!

  static func markdown(_ drawing: ComponentDrawing) throws -> StyledText {
    try MarkdownParser.styledText(
      from: "Release **notes**: ||the ending is a twist|| and more in [the notes](\(url))."
        + String(repeating: " Words after the link to make the text long.", count: 4),
      base: drawing.text.style)
  }

  @Test("every component and a list of Markdown rows with spoilers go through one loop")
  func everyComponent() throws {
    let drawing = try ComponentDrawing()
    let front = GenericFrontEnd(drawing: drawing)
    let text = try Self.markdown(drawing)
    let environment = ComponentEnvironment(width: 300)

    var fade = ExpandableTextModel(text: text, environment: environment, lessLabel: "less")
    fade.truncationStyle = .fade
    var inline = fade
    inline.truncationStyle = .inline
    let detector = TruncationDetector(text: text, environment: environment, lineLimit: .lines(2))
    let fullWidth = FullWidthText(text: text, environment: environment, frameAlignment: .center)
    let spoiler = SpoilerText(text: text, environment: environment)
    let list = ExpandingList(
      rows: [
        ListRow(id: 1, text: text, avatar: .init(initials: "AB", color: Theme.light.accent)),
        ListRow(id: 2, text: StyledText("Short.", style: drawing.text.style)),
        ListRow(id: 3, text: text),
      ], environment: ComponentEnvironment(width: 360))

    func kinds(_ taps: [GenericFrontEnd.Tap]) -> Set<String> {
      Set(taps.map { String($0.description.prefix { $0 != "(" }) })
    }
    let fadeTaps = try front.drive(fade)
    #expect(kinds(fadeTaps) == ["expand", "tapSpoiler", "openLink"])
    #expect(fadeTaps.contains { $0.description == "expand" && $0.frames > 5 })
    #expect(fadeTaps.contains { $0.openedLink == Self.url })
    #expect(kinds(try front.drive(inline)).isSuperset(of: ["expand", "tapSpoiler"]))
    #expect(kinds(try front.drive(detector)).isSuperset(of: ["showAll", "tapSpoiler"]))
    #expect(kinds(try front.drive(fullWidth)) == ["tapSpoiler", "openLink"])
    #expect(kinds(try front.drive(spoiler)) == ["tapSpoiler", "openLink"])
    let listTaps = try front.drive(list)
    #expect(kinds(listTaps) == ["toggle", "tapSpoiler", "openLink"])
    #expect(listTaps.filter { $0.description.hasPrefix("toggle") }.count == 2)
    #expect(listTaps.contains { $0.description.hasPrefix("toggle") && $0.frames > 5 })
  }
}
