import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal

/// The GTK front end's frames: what the widget does on each tick of the frame clock while a
/// component animates, measured here without GTK (the Benchmarks package does not depend on
/// the GTK package): the component's display list at the frame's time, drawn by
/// ``ComponentRenderer`` at 2× on a transparent background, as the widget draws it before
/// handing the pixels to GTK. Uploading the texture and GTK's own drawing are not counted.
///
/// Two animations, each against the 8.33 ms of a 120 Hz frame (a ratio of R: the frame fits R
/// times in the budget; the target is 4×):
///
/// - `gtk-expand-frame`: a description of 1,500 bytes of the corpus's English text (Debian's
///   package descriptions) on the demo's app page, 912 points wide, expanding: every frame of
///   the 0.35 s animation at 120 Hz.
/// - `gtk-spoiler-frame`: a chat message of 400 bytes with a hidden phrase, 440 points wide
///   (the demo's bubbles): a quarter of a second of moving dust, then the reveal spreading from
///   a tap until it ends.
///
/// Each round starts from a fresh model, as a new widget would (the glyph cache stays warm, as
/// a window's does after its first frame). The figures are the median and the 99th percentile
/// over every frame of every round.
enum FrontEndFrames {
  /// A 120 Hz display's frame: 8.33 ms.
  static let frameBudget = 1.0 / 120
  /// The frame clock's step.
  static let frameStep = 1.0 / 120
  /// The width of the demo's app page description: a 960-point window less its margins.
  static let descriptionWidth = 912.0
  /// The widest chat bubble of the demo.
  static let bubbleWidth = 440.0

  static func run(corpus: Corpus, repetitions: Int) throws(BenchError) {
    let stack = try makeStack()
    let renderer = ComponentRenderer(stack: stack, scale: .x2)
    try expand(corpus: corpus, stack: stack, renderer: renderer, repetitions: repetitions)
    try spoiler(corpus: corpus, stack: stack, renderer: renderer, repetitions: repetitions)
  }

  // MARK: - Expand

  static func expand(
    corpus: Corpus, stack: TextStack, renderer: ComponentRenderer, repetitions: Int
  ) throws(BenchError) {
    let text = StyledText(
      englishText(corpus, bytes: 1500), style: TextStyle(fontFamily: Setup.family, size: 17))
    var timing = FrameTiming()
    var lines = 0
    var height = 0.0
    for _ in 0..<max(3, repetitions) {
      // A new model each round: copies of one would share its cache of layouts.
      var expanding = ExpandableTextModel(
        text: text, environment: ComponentEnvironment(width: descriptionWidth))
      // The first frame before the click: the widget has drawn the collapsed text.
      try timing.frame(expanding, at: 0.5, using: stack.engine, renderer: renderer, counted: false)
      expanding.perform(.expand, at: 1)
      var time = 1.0
      while true {
        let list = try timing.frame(expanding, at: time, using: stack.engine, renderer: renderer)
        height = Double(list.size.height)
        guard list.animation.isAnimating(after: time) else {
          lines = textLines(list)
          break
        }
        time += frameStep
      }
    }
    timing.report(
      "gtk-expand-frame",
      details: "width=\(Int(descriptionWidth)) lines=\(lines) height=\(Int(height))pt scale=2"
        + " characters=\(text.string.count)")
  }

  // MARK: - Spoiler

  static func spoiler(
    corpus: Corpus, stack: TextStack, renderer: ComponentRenderer, repetitions: Int
  ) throws(BenchError) {
    let message = englishText(corpus, bytes: 400)
    // A phrase of whole words in the middle is hidden, as a chat message's spoiler.
    let words = message.split(separator: " ")
    let hiddenWords = words.count / 2..<(words.count / 2 + 4)
    let plain = TextStyle(fontFamily: Setup.family, size: 17)
    var hidden = plain
    hidden.isSpoiler = true
    var text = StyledText("", style: plain)
    for (index, word) in words.enumerated() {
      if index > 0 {
        text.append(
          " ",
          style: hiddenWords.contains(index) && index != hiddenWords.lowerBound ? hidden : plain)
      }
      text.append(String(word), style: hiddenWords.contains(index) ? hidden : plain)
    }
    let model = SpoilerText(
      text: text, environment: ComponentEnvironment(width: bubbleWidth), seed: 7)
    var timing = FrameTiming()
    var grains = 0
    for _ in 0..<max(3, repetitions) {
      var message = model
      var time = 1.0
      var list = try timing.frame(message, at: time, using: stack.engine, renderer: renderer)
      for case .dust(let dust) in list.items { grains = max(grains, dust.grains.count) }
      while time < 1.25 {
        time += frameStep
        list = try timing.frame(message, at: time, using: stack.engine, renderer: renderer)
      }
      // A tap in the middle of the first hidden word, through the model's own hit test.
      guard let region = list.hitRegions.first,
        let action = message.hitTest(CGPoint(x: region.rect.midX, y: region.rect.midY), in: list)
      else { throw .setup("the spoiler message has no hidden word to tap") }
      message.perform(action, at: time)
      while list.animation.isChanging(after: time) {
        time += frameStep
        list = try timing.frame(message, at: time, using: stack.engine, renderer: renderer)
      }
    }
    timing.report(
      "gtk-spoiler-frame",
      details: "width=\(Int(bubbleWidth)) lines=\(textLines(try displayList(model, stack)))"
        + " grains=\(grains) scale=2")
  }

  // MARK: - Helpers

  /// The frames' times: the display list's share and the whole frame.
  struct FrameTiming {
    var frames: [Double] = []
    var displayLists: [Double] = []
    var checksum = 0

    /// One frame as the widget makes it; timed unless `counted` is false.
    @discardableResult
    mutating func frame<Component: RevealComponent>(
      _ component: Component, at time: Double, using engine: TextLayoutEngine,
      renderer: ComponentRenderer, counted: Bool = true
    ) throws(BenchError) -> DisplayList<Component.Action> {
      let clock = ContinuousClock()
      let start = clock.now
      do {
        var list = try component.displayList(using: engine, at: time, visibleRect: nil)
        let listed = clock.now
        list.background = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
        let image = try renderer.image(of: list)
        let end = clock.now
        checksum &+= image.width &+ Int(image.bytes[image.bytes.count / 2])
        if counted {
          displayLists.append(seconds(start.duration(to: listed)))
          frames.append(seconds(start.duration(to: end)))
        }
        return list
      } catch {
        throw .setup("a frame cannot be drawn: \(error)")
      }
    }

    func report(_ name: String, details: String) {
      let frame = Statistics(frames)
      let list = Statistics(displayLists)
      for (suffix, value) in [("", frame.median), ("-p99", frame.percentile(99))] {
        output(
          "bench \(name)\(suffix) ours=\(Figure.time(value)) peer=\(Figure.time(frameBudget))"
            + " ratio=\(Figure.ratio(frameBudget / value))"
            + (suffix.isEmpty ? " " + details : ""))
      }
      output(
        "bench-stats \(name) frames=\(frames.count) min=\(Figure.time(frame.minimum))"
          + " median=\(Figure.time(frame.median)) max=\(Figure.time(frame.maximum))"
          + " display-list-median=\(Figure.time(list.median))"
          + " display-list-p99=\(Figure.time(list.percentile(99))) checksum=\(checksum % 1000)")
    }
  }

  /// English text of the corpus, cut at the last space before a number of bytes.
  static func englishText(_ corpus: Corpus, bytes: Int) -> String {
    let long = corpus.text(id: "gtk-frame", language: "en", byteCount: bytes).string
    var result = ""
    for word in long.split(separator: " ") {
      if result.utf8.count + word.utf8.count + 1 > bytes { break }
      if !result.isEmpty { result += " " }
      result += word
    }
    return result
  }

  static func displayList(
    _ model: SpoilerText, _ stack: TextStack
  ) throws(BenchError) -> DisplayList<SpoilerText.Action> {
    do {
      return try model.displayList(using: stack.engine, at: 0)
    } catch {
      throw .setup("the spoiler message cannot be laid out: \(error)")
    }
  }

  /// The lines of the display list's longest text.
  static func textLines<Action>(_ list: DisplayList<Action>) -> Int {
    func lines(_ items: [DisplayItem]) -> Int {
      items.map { item in
        switch item {
        case .text(let text): text.layout.lines.count
        case .group(let group): lines(group.items)
        case .shape, .dust: 0
        }
      }.max() ?? 0
    }
    return lines(list.items)
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
