import TextReveal

/// Runs only our engine over the corpus, for a profiler: one pass to warm the shaping cache,
/// then `repetitions` passes.
enum Profile {
  static func run(_ benchmark: String, corpus: Corpus, repetitions: Int) {
    let ours = OurEngine()
    var checksum = 0
    if benchmark == "list-rows" {
      let suite = Suite(corpus: corpus, repetitions: repetitions)
      let list = suite.makeList(suite.listTexts(), textWidth: Suite.rowTextWidth)
      for _ in 0...repetitions {
        let layout = try? list.layout(expansion: ExpansionSet(), using: ours.engine)
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
