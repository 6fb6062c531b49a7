import Foundation
import Testing
import TextLayout
import TextMarkdown

@testable import TextRevealGTKDemo

@Suite struct ChatThreadTests {
  static let packages = [
    DebianPackage(
      name: "alpha_tool", version: "1", installedSize: 10,
      homepage: URL(string: "https://alpha.example.org/"), synopsis: "does *alpha* things",
      longDescription: ""),
    DebianPackage(
      name: "beta", version: "1", installedSize: 900,
      homepage: URL(string: "https://beta.example.org/"), synopsis: "does beta things",
      longDescription: ""),
  ]

  /// The text of a run.
  func string(_ text: StyledText, _ range: Range<Int>) -> String {
    String(decoding: Array(text.string.utf8)[range], as: UTF8.self)
  }

  @Test("The quiz hides its answer behind a spoiler, and home pages become links")
  func markdown() throws {
    let thread = ChatThread(packages: Self.packages)
    let texts = thread.messages.map {
      MarkdownParser.styledText(from: $0.markdown, base: TextStyle())
    }
    // The answer is a spoiler; the synopsis's asterisks stay literal.
    let quiz = texts[0]
    let hidden = quiz.runs.filter(\.style.isSpoiler).map { string(quiz, $0.range) }
    #expect(hidden == ["alpha_tool"])
    #expect(quiz.string.contains("does *alpha* things"))
    // The largest package is a spoiler too.
    #expect(texts[2].runs.contains { $0.style.isSpoiler && string(texts[2], $0.range) == "beta" })
    // Home pages are links.
    let links = texts.flatMap { $0.runs.compactMap(\.style.link) }
    #expect(links.contains(URL(string: "https://beta.example.org/")!))
    #expect(links.contains(URL(string: "https://alpha.example.org/")!))
    #expect(thread.messages.map(\.isOutgoing) == [false, true, false, true])
  }
}
