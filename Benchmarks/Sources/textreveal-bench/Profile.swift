import TextReveal

/// Runs only our engine over the corpus, for a profiler: one pass to warm the shaping cache,
/// then `repetitions` passes.
enum Profile {
  static func run(_ benchmark: String, corpus: Corpus, repetitions: Int) {
    let ours = OurEngine()
    var checksum = 0
    if benchmark == "list-rows" || benchmark == "list-first" {
      // list-rows: the same list again and again (prepared texts and shaping warm); list-first:
      // each pass a new list over a new text stack, as the benchmark's first pass.
      let suite = Suite(corpus: corpus, repetitions: repetitions)
      let texts = suite.listTexts()
      var list = suite.makeList(texts, textWidth: Suite.rowTextWidth)
      var engine = ours.engine
      for _ in 0...repetitions {
        if benchmark == "list-first" {
          list = suite.makeList(texts, textWidth: Suite.rowTextWidth)
          engine = OurEngine().engine
        }
        let layout = try? suite.layoutList(list, engine: engine, screenOnly: true)
        checksum &+= Int(layout?.size.height ?? 0)
      }
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
}
