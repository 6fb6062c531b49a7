import Foundation

/// A chat thread about the installed packages, in Markdown with `||spoilers||` and links: the
/// facts come from the machine's packages, the sentences around them from the demo.
struct ChatThread {
  /// A message: who sent it, and its Markdown.
  struct Message: Hashable {
    /// Whether the reader sent it (shown on the trailing side).
    var isOutgoing: Bool
    /// The message, in inline Markdown.
    var markdown: String
  }

  /// The messages, oldest first.
  var messages: [Message]

  /// A thread about some of the packages: a quiz whose answer hides behind spoilers, their home
  /// pages as links, and the largest package.
  init(packages: [DebianPackage]) {
    let withHomepage = packages.filter {
      $0.homepage != nil && (12...60).contains($0.synopsis.count)
    }
    let quiz = withHomepage.first ?? packages.first
    let guess = withHomepage.dropFirst().first ?? quiz
    let largest = packages.max { ($0.installedSize ?? 0) < ($1.installedSize ?? 0) }
    var messages: [Message] = []
    if let quiz {
      messages.append(
        Message(
          isOutgoing: false,
          markdown: "Quiz: which package is described as “\(Self.escaped(quiz.synopsis))”? "
            + "The answer is ||\(Self.escaped(quiz.name))||."))
    }
    if let guess {
      let link = guess.homepage.map { " Its home page is \($0.absoluteString)" } ?? ""
      messages.append(
        Message(
          isOutgoing: true,
          markdown: "No idea. Is it **\(Self.escaped(guess.name))**?\(link)"))
    }
    if let quiz {
      let link = quiz.homepage.map { ", see \($0.absoluteString)" } ?? ""
      messages.append(
        Message(
          isOutgoing: false,
          markdown: "Nope, it is *\(Self.escaped(quiz.name))*\(link). "
            + "Spoiler for the next question: the largest package here is "
            + "||\(Self.escaped(largest?.name ?? "unknown"))||."))
    }
    messages.append(
      Message(
        isOutgoing: true,
        markdown: "`\(packages.count)` packages, and I read ~~none~~ every description. "
          + "||Not really.||"))
    self.messages = messages
  }

  /// Text with Markdown's punctuation escaped, so a package's name or synopsis stays literal.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\`*_[]|~<>#".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
