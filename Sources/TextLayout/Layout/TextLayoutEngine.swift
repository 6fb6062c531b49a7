/// Lays out styled text into lines: the heart of TextReveal.
///
/// The engine splits paragraphs at mandatory breaks, resolves bidi levels, shapes the text
/// between line-break opportunities, fills lines greedily, and stops after the last visible
/// line: text after it is never analyzed or shaped, so a three-line layout of a long text costs
/// about what it costs for a short one.
///
/// ```swift
/// let engine = try TextStack().engine  // TextShaping: FreeType, HarfBuzz, ICU, Fontconfig
/// let layout = try engine.layout(
///   StyledText("A long description…"),
///   configuration: LayoutConfiguration(width: 320, lineLimit: .lines(3), truncationToken: .init()))
/// print(layout.isTruncated, layout.lines.count)
/// ```
public struct TextLayoutEngine: Sendable {
  /// The font and shaping backend.
  @_spi(Backend) public let shaper: any TextShaper
  /// The Unicode services backend.
  @_spi(Backend) public let analyzer: any UnicodeAnalyzer
  /// The shaper as one that measures batches and stores glyphs: itself when it is one,
  /// otherwise an adapter that does both piece by piece. Looked up once here, not for every
  /// layout.
  let layoutShaper: any GlyphStoringShaper
  /// The first analysis window, in UTF-8 bytes, for long paragraphs of a limited layout; `nil`
  /// estimates it from the width, font size and remaining lines. Tests set it small to make
  /// several windows.
  package var initialWindow: Int?
  /// Buffers that one layout hands on to the next.
  let scratch = ScratchPool()

  /// Creates an engine over a shaping backend and a Unicode backend.
  ///
  /// - Parameters:
  ///   - shaper: Shapes text into glyphs and gives font metrics.
  ///   - analyzer: Gives line-break opportunities and bidi levels.
  @_spi(Backend) public init(shaper: any TextShaper, analyzer: any UnicodeAnalyzer) {
    self.shaper = shaper
    self.analyzer = analyzer
    self.layoutShaper = PieceByPieceShaper.wrapping(shaper)
  }

  /// Lays out a text.
  ///
  /// - Parameters:
  ///   - text: The styled text.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The visible lines and their geometry.
  /// - Throws: ``TextLayoutError`` when the width, line limit or spacing is invalid, the
  ///   text is longer than 2³¹ − 1 bytes of UTF-8, or the analyzer failed.
  /// - Complexity: Proportional to the visible text, not to the whole text, when the line limit
  ///   is set.
  public func layout(
    _ text: StyledText, configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> LaidOutText {
    try withPass(text, configuration: configuration) { $0.run() }
  }

  /// Lays out a prepared text, reusing the analysis earlier layouts of it made.
  ///
  /// Line-break opportunities, bidi levels and shaped segments do not depend on the width or
  /// the line limit; a prepared text keeps them, so laying it out again (at a new width after a
  /// rotation, or expanded after collapsed) only fills and places lines.
  ///
  /// - Parameters:
  ///   - prepared: The text, prepared for this engine.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The visible lines and their geometry; the same as laying out `prepared.text`.
  /// - Throws: ``TextLayoutError`` when the width, line limit or spacing is invalid, the
  ///   text is longer than 2³¹ − 1 bytes of UTF-8, or the analyzer failed.
  public func layout(
    _ prepared: PreparedText, configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> LaidOutText {
    try withPass(prepared.text, prepared: prepared, configuration: configuration) { $0.run() }
  }

  /// Measures a text: the line count, size and cut of its layout, without placing glyphs.
  ///
  /// - Parameters:
  ///   - text: The styled text.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The same line count, size, cut and visible end as
  ///   ``layout(_:configuration:)-(StyledText,_)``.
  /// - Throws: ``TextLayoutError`` when the width, line limit or spacing is invalid, the
  ///   text is longer than 2³¹ − 1 bytes of UTF-8, or the analyzer failed.
  /// - Complexity: Proportional to the visible text, like a layout, but without building lines.
  public func measure(
    _ text: StyledText, configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> TextMeasurement {
    try withPass(text, configuration: configuration) { $0.runMeasurement() }
  }

  /// Measures a prepared text, reusing the analysis earlier layouts of it made.
  ///
  /// This is how a list learns its rows' heights: ``layout(_:configuration:)-(PreparedText,_)``
  /// is then needed only for the rows on screen, and the analysis made here serves it.
  ///
  /// - Parameters:
  ///   - prepared: The text, prepared for this engine.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The same line count, size, cut and visible end as
  ///   ``layout(_:configuration:)-(PreparedText,_)``.
  /// - Throws: ``TextLayoutError`` when the width, line limit or spacing is invalid, the
  ///   text is longer than 2³¹ − 1 bytes of UTF-8, or the analyzer failed.
  public func measure(
    _ prepared: PreparedText, configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> TextMeasurement {
    try withPass(prepared.text, prepared: prepared, configuration: configuration) {
      $0.runMeasurement()
    }
  }

  /// Measures prepared texts with one configuration: for each, what
  /// ``measure(_:configuration:)-(PreparedText,_)`` gives.
  ///
  /// This is how a list learns every row's height: checking the configuration and borrowing
  /// buffers happen once, not for each row.
  ///
  /// - Parameters:
  ///   - texts: The texts, prepared for this engine.
  ///   - configuration: The width, line limit, alignment, spacing, direction and token.
  /// - Returns: The measurement of each text, in order.
  /// - Throws: ``TextLayoutError`` when the width, line limit or spacing is invalid, a text
  ///   is longer than 2³¹ − 1 bytes of UTF-8, or the analyzer failed.
  public func measure(
    _ texts: [PreparedText], configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> [TextMeasurement] {
    try configuration.validate()
    guard let first = texts.first else { return [] }
    var measurements: [TextMeasurement] = []
    measurements.reserveCapacity(texts.count)
    // One pass for all the texts, started over for each with its buffers kept.
    var pass = try makePass(
      first.text, prepared: first, configuration: configuration, buffers: scratch.take())
    defer { scratch.giveBack(pass.buffers) }
    _ = analyzer.takeFailure()  // what direct calls of the analyzer left on this thread
    measurements.append(pass.runMeasurement())
    for prepared in texts.dropFirst() {
      try checkLength(of: prepared.text)
      pass.restart(with: prepared)
      measurements.append(pass.runMeasurement())
    }
    if let failure = analysisFailure() {
      for prepared in texts { prepared.forgetAnalysis() }
      throw failure
    }
    return measurements
  }

  /// One run of the layout algorithm over a text, once the configuration is checked, with
  /// buffers lent by the engine's pool and given back after.
  private func withPass<Result>(
    _ text: StyledText, prepared: PreparedText? = nil, configuration: LayoutConfiguration,
    _ run: (inout LayoutPass) -> Result
  ) throws(TextLayoutError) -> Result {
    try configuration.validate()
    var pass = try makePass(
      text, prepared: prepared, configuration: configuration, buffers: scratch.take())
    _ = analyzer.takeFailure()  // what direct calls of the analyzer left on this thread
    let result = run(&pass)
    scratch.giveBack(pass.buffers)
    if let failure = analysisFailure() {
      prepared?.forgetAnalysis()
      throw failure
    }
    return result
  }

  /// The failure the analyzer met during a layout on this thread, if any. A prepared text laid
  /// out meanwhile must then forget its analysis, which holds the analyzer's stand-in answers.
  private func analysisFailure() -> TextLayoutError? {
    analyzer.takeFailure().map { .analysisFailed("\($0)") }
  }

  /// A layout pass for a text and a checked configuration, once the text's length is checked.
  private func makePass(
    _ text: StyledText, prepared: PreparedText?, configuration: LayoutConfiguration,
    buffers: ScratchPool.Buffers
  ) throws(TextLayoutError) -> LayoutPass {
    LayoutPass(
      context: try makeContext(
        text, shapingText: prepared?.shapingText, configuration: configuration),
      initialWindow: initialWindow, prepared: prepared, buffers: buffers)
  }

  /// What the stages of a layout of a text read, once the text's length is checked; the text
  /// as shaped when it was made before (a prepared text's).
  private func makeContext(
    _ text: StyledText, shapingText: StyledText?, configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> LayoutContext {
    try checkLength(of: text)
    return LayoutContext(
      text: text, shapingText: shapingText, configuration: configuration, shaper: layoutShaper,
      analyzer: analyzer)
  }

  /// Throws when a text is too long to lay out.
  private func checkLength(of text: StyledText) throws(TextLayoutError) {
    // Segments keep offsets in 32 bits. Counting a native string's UTF-8 takes constant time.
    let count = text.string.utf8.count
    guard count <= Int(Int32.max) else { throw .textTooLong(count) }
  }

  /// Lays out a plain string with one style.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - style: Its style.
  ///   - configuration: The layout configuration.
  /// - Returns: The visible lines and their geometry.
  /// - Throws: ``TextLayoutError`` when the configuration is invalid or the text too long.
  public func layout(
    _ string: String, style: TextStyle = TextStyle(), configuration: LayoutConfiguration
  ) throws(TextLayoutError) -> LaidOutText {
    try layout(StyledText(string, style: style), configuration: configuration)
  }
}
