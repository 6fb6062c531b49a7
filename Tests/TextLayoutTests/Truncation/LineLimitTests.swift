import Foundation
import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

@Suite struct LineLimitTests {
  @Test("the limit counts visual lines across paragraphs")
  func countsAcrossParagraphs() throws {
    let layout = try lay("aaaa bbbb\ncccc\ndddd", width: 20, limit: .lines(3))
    #expect(texts(layout) == ["aaaa", "bbbb", "cccc"])
    #expect(layout.isTruncated)
    #expect(layout.visibleEnd == 15)
    #expect(String(layout.text.string[layout.visibleRange]) == "aaaa bbbb\ncccc\n")
  }

  @Test("only trailing whitespace after the limit is not a truncation")
  func trailingWhitespace() throws {
    #expect(try !lay("aaaa bbbb\n \n\n  ", width: 20, limit: .lines(2)).isTruncated)
    #expect(try lay("aaaa bbbb\n \n\n  x", width: 20, limit: .lines(2)).isTruncated)
    #expect(try !lay("aaaa", width: 20, limit: .lines(1)).isTruncated)
  }

  @Test("the token is fitted onto the last line after its last fitting word")
  func fitsToken() throws {
    // "… more" is six graphemes: 30 pt. At 50 pt, 20 pt remain: "aaaa" fits, "aaaa bbbb" not.
    let layout = try lay(
      "aaaa bbbb cccc dddd", width: 50, limit: .lines(1), token: TruncationToken())
    #expect(texts(layout) == ["aaaa"])
    #expect(layout.isTruncated)
    #expect(layout.visibleEnd == 4)
    let line = try #require(layout.lines.first)
    #expect(line.runs.map(\.role) == [.text, .tokenLeader, .tokenLabel])
    #expect(line.width == 50)
    #expect(layout.tokenRect == CGRect(x: 20, y: 0, width: 30, height: 10))
    #expect(layout.tokenLabelRect == CGRect(x: 30, y: 0, width: 20, height: 10))
  }

  @Test("a short last line keeps all its words and gets the token")
  func shortLastLine() throws {
    let layout = try lay("aa\nbbbb cccc", width: 50, limit: .lines(1), token: TruncationToken())
    #expect(texts(layout) == ["aa"])
    // "aa" and "… " are 10 pt each.
    #expect(layout.tokenLabelRect?.minX == 20)
  }

  @Test("when no word fits beside the token, the word is cut at a grapheme")
  func cutsWordForToken() throws {
    let layout = try lay(
      "abcdefghij klm", width: 40, limit: .lines(1), token: TruncationToken())
    // 40 - 30 = 10 pt: two graphemes of the first word.
    #expect(texts(layout) == ["ab"])
    #expect(layout.visibleEnd == 2)
  }

  @Test("no token and no truncation when the text fits")
  func noTokenWhenFits() throws {
    let layout = try lay("aaaa bbbb", width: 50, limit: .lines(2), token: TruncationToken())
    #expect(!layout.isTruncated)
    #expect(layout.tokenRect == nil)
    #expect(layout.tokenLabelRect == nil)
  }

  @Test("in a right-to-left paragraph the token sits at the left end")
  func rightToLeftToken() throws {
    let layout = try lay(
      "אבגד הוזח טיכל", width: 50, limit: .lines(1), token: TruncationToken())
    #expect(layout.isTruncated)
    let label = try #require(layout.tokenLabelRect)
    let text = try #require(layout.rects(for: 0..<8).first)
    #expect(label.maxX <= text.minX + 1e-9)
    #expect(text.maxX == 50)
  }
}
