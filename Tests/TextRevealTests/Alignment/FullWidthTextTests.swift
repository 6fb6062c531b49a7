import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

@Suite struct FullWidthTextTests {
  static let paragraph = StyledText("Notifications arrive quietly unless you ask for sound.")

  @Test(
    "frame alignment places the text's box; text alignment places lines inside it",
    arguments: [
      (FullWidthText.FrameAlignment.leading, InterfaceDirection.leftToRight, "left"),
      (.trailing, .leftToRight, "right"), (.center, .leftToRight, "center"),
      (.leading, .rightToLeft, "right"), (.trailing, .rightToLeft, "left"),
    ])
  func frameAlignment(
    alignment: FullWidthText.FrameAlignment, direction: InterfaceDirection, side: String
  ) throws {
    let text = FullWidthText(
      text: Self.paragraph, environment: ComponentEnvironment(width: 300, direction: direction),
      frameAlignment: alignment)
    let aligned = try text.layout(using: engine)
    #expect(aligned.frame.width == 300)
    #expect(aligned.textFrame.width < 300)
    switch side {
    case "left": #expect(aligned.textFrame.minX == 0)
    case "right": #expect(abs(aligned.textFrame.maxX - 300) < 1e-9)
    default: #expect(abs(aligned.textFrame.midX - 150) < 1e-9)
    }
  }

  @Test("lines break the same in the box, and multi-line alignment works inside it")
  func textAlignment() throws {
    let natural = try engine.layout(Self.paragraph, configuration: LayoutConfiguration(width: 300))
    for alignment in [LineAlignment.leading, .center, .trailing] {
      let aligned = try FullWidthText(
        text: Self.paragraph, environment: ComponentEnvironment(width: 300),
        textAlignment: alignment
      ).layout(using: engine)
      #expect(aligned.layout.lines.map(\.range) == natural.lines.map(\.range))
      let box = aligned.textFrame.width
      let short = try #require(aligned.layout.lines.min { $0.width < $1.width })
      switch alignment {
      case .leading: #expect(short.x == 0)
      case .trailing: #expect(abs(short.x + short.width - box) < 1e-6)
      default: #expect(abs(short.x + short.width / 2 - box / 2) < 1e-6)
      }
    }
  }

  @Test("the display list places the text at its box in the full-width frame")
  func displayList() throws {
    let text = FullWidthText(
      text: Self.paragraph, environment: ComponentEnvironment(width: 300),
      frameAlignment: .trailing)
    let aligned = try text.layout(using: engine)
    let list = try text.displayList(using: engine)
    #expect(list.size == CGSize(width: 300, height: aligned.frame.height))
    let item = try #require(textItems(list.items).first)
    #expect(item.origin == aligned.textFrame.origin.cgPoint)
    #expect(abs(item.linesFrame.maxX - 300) < 1e-6)
    #expect(list.accessibility.first?.label == Self.paragraph.string)
  }
}
