import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @_spi(Testing) @testable import TextShaping

/// A placed run's style is the style its characters have in the text, or the token's, though
/// the run keeps only its number; and layouts compare and hash by the styles' values.
@Suite struct LineRunStyleTests {
  static let red = TextColor(red: 1, green: 0, blue: 0)
  static let blue = TextColor(red: 0, green: 0, blue: 1)

  /// Plain, bold, colored, linked and right-to-left runs, more than fit in three lines.
  static func text(linkColor: TextColor) -> StyledText {
    var text = StyledText("Plain words first, ", style: TextStyle(size: 17))
    text.append("then bold ones, ", style: TextStyle(size: 17, weight: .bold))
    text.append(
      "a link to somewhere, ",
      style: TextStyle(size: 17, color: linkColor, link: URL(string: "https://example.org")))
    text.append("שלום עולם ", style: TextStyle(size: 15, isItalic: true))
    text.append(
      "and the end of a long paragraph that the token cuts well before its last word, "
        + "with more words after it than three lines hold.",
      style: TextStyle(size: 17))
    return text
  }

  static let configuration = LayoutConfiguration(
    width: 220, lineLimit: .lines(3),
    truncationToken: TruncationToken(
      leaderStyle: TextStyle(size: 17, color: red), labelStyle: TextStyle(size: 17, color: blue)))

  static func layout(linkColor: TextColor = red) throws -> LaidOutText {
    let engine = TextLayoutEngine(shaper: HarfBuzzShaper(), analyzer: ICUAnalyzer())
    return try engine.layout(text(linkColor: linkColor), configuration: configuration)
  }

  @Test("each text run has the style of its first character, each token run the token's")
  func stylesAreTheTextsAndTheTokens() throws {
    let layout = try Self.layout()
    #expect(layout.isTruncated)
    var roles: Set<LineRun.Role> = []
    var styles: Set<TextStyle> = []
    for line in layout.lines {
      for run in line.runs {
        roles.insert(run.role)
        styles.insert(run.style)
        switch run.role {
        case .text:
          let index = try #require(layout.text.runIndex(at: run.range.lowerBound))
          #expect(run.style == layout.text.runs[index].style)
        case .tokenLeader:
          #expect(run.style.color == Self.red)
        case .tokenLabel:
          #expect(run.style.color == Self.blue)
        }
      }
    }
    #expect(roles == [.text, .tokenLeader, .tokenLabel])
    // The bold, linked and right-to-left runs are all placed, each with its own style.
    #expect(styles.contains { $0.weight == .bold })
    #expect(styles.contains { $0.link != nil })
    #expect(styles.contains { $0.isItalic })
  }

  @Test("layouts of one text by two engines are equal and hash alike; another style is unequal")
  func equalityTakesTheStylesValues() throws {
    let first = try Self.layout()
    let second = try Self.layout()
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.lines[0].runs == second.lines[0].runs)
    // Only the link's color differs: same glyphs, same places, the same style numbers.
    let recolored = try Self.layout(linkColor: Self.blue)
    #expect(recolored.lines.map(\.frame) == first.lines.map(\.frame))
    #expect(recolored != first)
    let linkLine = try #require(
      first.lines.firstIndex { $0.runs.contains { $0.style.link != nil } })
    #expect(recolored.lines[linkLine] != first.lines[linkLine])
  }
}
