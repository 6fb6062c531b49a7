@_spi(Backend) import TextLayout
@_spi(Backend) @_spi(Testing) import TextShaping

extension Profile {
  /// `profile first-time-check` (and `first-time-check-harfbuzz`, every run shaped by
  /// HarfBuzz): each text checked by an engine that has not seen it, its fonts warm (see
  /// ``FirstTimeEngines``). After a first pass, only the check runs inside
  /// ``firstTimeCheck(_:_:)``, so `--toggle-collect='*firstTimeCheck*'` counts it alone.
  /// `profile first-time-full-layout` does the same with a full layout of each text, inside
  /// ``firstTimeFullLayout(_:_:)``; `profile first-time-measure` measures each text with the
  /// line limit (what the components ask to learn whether a text is cut: line count, size
  /// and cut, no glyphs placed), inside ``firstTimeMeasure(_:_:)``.
  static func firstTime(_ benchmark: String, corpus: Corpus, repetitions: Int) {
    let shapesDirectly = benchmark != "first-time-check-harfbuzz"
    let isFullLayout = benchmark == "first-time-full-layout"
    let isMeasure = benchmark == "first-time-measure"
    var checksum = 0
    // A first pass outside the counted function: what a process does once (Fontconfig's
    // answers, the direct shaping plans of each face, script and language) is not counted.
    for pass in 0...repetitions {
      for text in corpus.texts {
        let engine = FirstTimeEngines.engine(for: text, shapesDirectly: shapesDirectly)
        if isFullLayout {
          checksum &+=
            pass == 0 ? engine.fullLayout(text).lines.count : firstTimeFullLayout(engine, text)
        } else if isMeasure {
          checksum &+=
            pass == 0 ? engine.truncationMeasure(text).lineCount : firstTimeMeasure(engine, text)
        } else {
          checksum &+=
            pass == 0 ? engine.truncationCheck(text).lines.count : firstTimeCheck(engine, text)
        }
      }
    }
    output("profile \(benchmark) checksum=\(checksum)")
  }

  @inline(never)
  static func firstTimeCheck(_ engine: OurEngine, _ text: BenchText) -> Int {
    engine.truncationCheck(text).lines.count
  }

  @inline(never)
  static func firstTimeMeasure(_ engine: OurEngine, _ text: BenchText) -> Int {
    engine.truncationMeasure(text).lineCount
  }

  @inline(never)
  static func firstTimeFullLayout(_ engine: OurEngine, _ text: BenchText) -> Int {
    engine.fullLayout(text).lines.count
  }
}

extension OurEngine {
  /// An engine over a new shaper that shapes runs whose shaping is provably trivial without
  /// HarfBuzz (as every shaper does) or, for comparison, every run with HarfBuzz.
  init(shapesDirectly: Bool) {
    engine = TextLayoutEngine(
      shaper: HarfBuzzShaper(shapesDirectly: shapesDirectly), analyzer: ICUAnalyzer())
  }
}
