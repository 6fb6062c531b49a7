import Testing

@testable import TextRevealGTKDemo

@Suite struct DebianDescriptionTests {
  func text(_ field: String) -> String {
    DebianDescription.text(
      fromContinuationLines: field.split(separator: "\n", omittingEmptySubsequences: false))
  }

  @Test(
    "Continuation lines become display text as Debian Policy 5.6.13 says",
    arguments: [
      // One-space lines are one paragraph, joined by spaces.
      (" This package\n provides a tool.", "This package provides a tool."),
      // " ." separates paragraphs with a blank line.
      (" First.\n .\n Second.", "First.\n\nSecond."),
      // Two-space lines are verbatim, on their own lines, without the first space.
      (" Tools:\n  * one\n  * two", "Tools:\n * one\n * two"),
      // A verbatim line continued by a deeper one keeps both as written.
      ("  - adduser creates\n    new users", " - adduser creates\n   new users"),
      // A paragraph after verbatim lines starts on a line of its own.
      ("  * one\n More text.", " * one\nMore text."),
      // Reserved " .x" lines are left out; runs of blank lines give one blank line.
      (" A.\n .x\n .\n .\n B.", "A.\n\nB."),
      // A description ending with " ." keeps no trailing break; an empty one is empty.
      (" Only.\n .", "Only."),
      ("", ""),
      // Spaces around a paragraph line go; a tab may start a line instead of the space; a
      // tab after the space makes the line verbatim.
      (" padded   \n\tjoined\n \tcode", "padded joined\n\tcode"),
    ] as [(String, String)])
  func policy(field: String, expected: String) {
    #expect(text(field) == expected)
  }
}
