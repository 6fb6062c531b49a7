import TextLayout

/// TextMarkdown's parser before it had its own: cmark-gfm (Debian 12's 0.29.0.gfm.6) over a
/// rewritten text, each line behind a sentinel space so that no line starts a block, and the
/// white space put back from the source while its inline nodes are walked.
///
/// The differential tests compare the parser with it: where the two differ, either the
/// difference is one of the reference's known artifacts (see `ReferenceDifferences`) or a
/// failure. Its files are the library's as they were, renamed.
enum ReferenceMarkdown {
  static func styledText(
    from markdown: String, base: TextStyle, codeFamily: String = "DejaVu Sans Mono"
  ) -> StyledText {
    var copy = markdown
    let language = copy.withUTF8 {
      StyledText.impliedLanguage(
        of: UnsafeBufferPointer(rebasing: $0.prefix(StyledText.languageSampleBytes)))
    }
    let source = ReferenceSource(markdown)
    if source.chunks.isEmpty {
      let run = StyledText.Run(range: 0..<source.bytes.count, style: base)
      return StyledText(string: markdown, runs: [run], impliedLanguage: language)
    }
    let document = ReferenceDocument(bytes: source.fed)
    var renderer = ReferenceRenderer(
      source: source, base: base, codeFamily: codeFamily, impliedLanguage: language)
    return renderer.render(document)
  }
}
