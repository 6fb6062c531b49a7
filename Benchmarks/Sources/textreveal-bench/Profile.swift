@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

/// Runs only our engine over the corpus, for a profiler: one pass to warm the shaping cache,
/// then `repetitions` passes.
enum Profile {
  static func run(_ benchmark: String, corpus: Corpus, repetitions: Int) throws(BenchError) {
    let ours = try OurEngine()
    var checksum = 0
    if benchmark.hasPrefix("first-time-") {
      firstTime(benchmark, corpus: corpus, repetitions: repetitions)
      return
    }
    if benchmark == "list-relayout" {
      try relayouts(corpus: corpus, repetitions: repetitions)
      return
    }
    if ["list-rows", "list-first", "list-warm"].contains(benchmark) {
      // list-rows: the same list again and again (prepared texts and shaping warm); list-first:
      // each pass a new list over a new text stack, as the benchmark's first pass; list-warm:
      // each pass a new list over the same stack (nothing prepared, everything shaped).
      // In list-first, the first pass is also the process's first: it reads every font file
      // (faces, coverage, direct shaping plans and their tables) and asks Fontconfig, which
      // later passes share, as the timed passes of `make bench` (after its line check) do.
      // What a new stack makes again each pass: its shaping cache of words (every word is a
      // miss), its numbering of the faces (one dictionary lookup each), its resolved styles,
      // its own fallback memory by scalar, and its index of the shared plans.
      let suite = Suite(corpus: corpus, repetitions: repetitions)
      let texts = suite.listTexts()
      var list = suite.makeList(texts, textWidth: Suite.rowTextWidth)
      var engine = ours.engine
      for _ in 0...repetitions {
        if benchmark != "list-rows" {
          list = suite.makeList(texts, textWidth: Suite.rowTextWidth)
        }
        if benchmark == "list-first" { engine = try OurEngine().engine }
        let layout = try? suite.layoutList(list, engine: engine, screenOnly: true)
        checksum &+= Int(layout?.size.height ?? 0)
      }
      output("profile \(benchmark) checksum=\(checksum)")
      return
    }
    if benchmark == "markdown-styled-check" || benchmark == "markdown-plain-check" {
      // The 3-line check of the parsed Markdown, or of the same text plain: after a warming
      // pass, only ``checks(_:ours:)`` runs, so that a profiler can keep its samples apart.
      let texts = corpus.texts.compactMap { text -> StyledText? in
        guard let styled = try? ours.parse(Suite.markdown(for: text.string)),
          styled.string == text.string
        else { return nil }
        return benchmark == "markdown-styled-check"
          ? styled : StyledText(styled.string, style: ours.style)
      }
      for text in texts {
        checksum &+= (try? ours.engine.measure(text, configuration: ours.limited))?.lineCount ?? 0
      }
      for _ in 0..<repetitions { checksum &+= checks(texts, ours: ours) }
      output("profile \(benchmark) checksum=\(checksum)")
      return
    }
    if benchmark == "markdown-check" || benchmark == "markdown-parse" {
      let sources = corpus.texts.map { Suite.markdown(for: $0.string) }
      for _ in 0...repetitions {
        for source in sources {
          if benchmark == "markdown-check" {
            checksum &+= ours.markdownCheck(source).lineCount
          } else if let styled = try? ours.parse(source) {
            checksum &+= styled.runs.count
          }
        }
      }
      output("profile \(benchmark) checksum=\(checksum)")
      return
    }
    if benchmark == "full-layout-warm" {
      // The full layout's warm passes alone: after a warming pass, only
      // ``warmLayouts(_:ours:repetitions:)`` runs, so that a profiler can count it apart from
      // the first (cold) pass, which reads the fonts and fills the shaping cache.
      for text in corpus.texts { checksum &+= ours.fullLayout(text).lines.count }
      checksum &+= warmLayouts(corpus, ours: ours, repetitions: repetitions)
      output("profile \(benchmark) checksum=\(checksum)")
      return
    }
    for _ in 0...repetitions {
      for text in corpus.texts {
        switch benchmark {
        case "full-layout": checksum &+= ours.fullLayout(text).lines.count
        default: checksum &+= ours.truncationCheck(text).lines.count
        }
      }
    }
    output("profile \(benchmark) checksum=\(checksum)")
  }

  /// The benchmark's two passes, again and again: a new list at the narrow width over a new
  /// stack, then the same list at the wide width. Only the second pass runs inside
  /// ``relayout(_:suite:engine:)``, so a profiler can keep its samples apart.
  static func relayouts(corpus: Corpus, repetitions: Int) throws(BenchError) {
    let suite = Suite(corpus: corpus, repetitions: repetitions)
    let texts = suite.listTexts()
    let wide = suite.makeList([], textWidth: Suite.relayoutTextWidth).environment.width
    var checksum = 0
    for _ in 0...repetitions {
      var list = suite.makeList(texts, textWidth: Suite.rowTextWidth)
      let engine = try OurEngine().engine
      checksum &+= Int(
        (try? suite.layoutList(list, engine: engine, screenOnly: true))?.size.height ?? 0)
      list.environment.width = wide
      checksum &+= relayout(list, suite: suite, engine: engine)
    }
    output("profile list-relayout checksum=\(checksum)")
  }

  @inline(never)
  static func relayout(_ list: ExpandingList<Int>, suite: Suite, engine: TextLayoutEngine) -> Int {
    Int((try? suite.layoutList(list, engine: engine, screenOnly: true))?.size.height ?? 0)
  }

  /// `repetitions` full layouts of each text (see the `full-layout-warm` profile).
  @inline(never)
  static func warmLayouts(_ corpus: Corpus, ours: OurEngine, repetitions: Int) -> Int {
    var checksum = 0
    for _ in 0..<repetitions {
      for text in corpus.texts { checksum &+= ours.fullLayout(text).lines.count }
    }
    return checksum
  }

  /// One 3-line check of each text (see the `markdown-styled-check` profile).
  @inline(never)
  static func checks(_ texts: [StyledText], ours: OurEngine) -> Int {
    texts.reduce(0) {
      $0 &+ ((try? ours.engine.measure($1, configuration: ours.limited))?.lineCount ?? 0)
    }
  }
}
