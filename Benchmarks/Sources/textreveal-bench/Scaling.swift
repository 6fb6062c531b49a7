import Foundation
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// The scaling benchmarks: for ordinary text and for each class of hostile input, the time and
/// peak memory of one layout at a size n and at 4n, each in a child process of its own (peak
/// memory only grows within a process).
///
/// A line reads `bench scaling-NAME ours=<time at 4n> peer=<4 × time at n> ratio=<R>x`, each
/// time the shortest of its repetitions: the peer is the ideal linear growth from n, and R is
/// the growth over that ideal, so lower is better and 1 is linear (a quadratic cost gives 4).
/// The memory growth over the ideal follows as `memory-ratio`.
enum Scaling {
  /// One class of input: how to make a text of about `size` UTF-8 bytes, and how to lay it out.
  struct InputClass: Sendable {
    var name: String
    /// The size n, in UTF-8 bytes (or scalars of one character, for `combining-marks`).
    var size: Int
    var lineLimit: LineLimit = .unlimited
    var make: @Sendable (Int) -> StyledText
    /// Other work than a layout (a parse, a run of the command-line tool), made ready for a
    /// size: what is timed, returning a checksum. `nil`: the layout of `make`'s text.
    var work: (@Sendable (Int) throws(BenchError) -> () throws(BenchError) -> Int)? = nil
    /// Whether the work runs in another process, whose memory this one cannot read.
    var isExternal = false
  }

  static let style = TextStyle(fontFamily: Setup.family, size: Setup.size)

  /// Words of a text, repeated to a length.
  static func words(_ words: [String], bytes: Int) -> String {
    var result = ""
    var index = 0
    while result.utf8.count < bytes {
      result += words[index % words.count] + " "
      index = (index * 31 + 7) % 1_000_003
    }
    return result
  }

  static let classes: [InputClass] =
    [
      InputClass(name: "plain", size: 250_000) {
        StyledText(
          words(
            ["The", "layout", "engine", "breaks", "lines", "at", "word", "boundaries."], bytes: $0),
          style: style)
      },
      InputClass(name: "plain-limited", size: 1_000_000, lineLimit: .lines(3)) {
        StyledText(
          words(
            ["The", "layout", "engine", "breaks", "lines", "at", "word", "boundaries."], bytes: $0),
          style: style)
      },
      InputClass(name: "many-paragraphs", size: 250_000) {
        StyledText(
          words(["Short", "line\n", "and", "a", "blank\n\n", "one."], bytes: $0), style: style)
      },
      InputClass(name: "long-word", size: 250_000) {
        StyledText(String(repeating: "a", count: $0), style: style)
      },
      InputClass(name: "long-word-limited", size: 1_000_000, lineLimit: .lines(3)) {
        StyledText(String(repeating: "a", count: $0), style: style)
      },
      InputClass(name: "mixed-bidi", size: 250_000) {
        StyledText(
          words(
            ["hello", "שלום", "123", "(abc)", "مرحبا", "[x]", "world", "42.5", "עולם"], bytes: $0),
          style: style)
      },
      InputClass(name: "combining-marks", size: 10_000) {
        StyledText("a" + String(repeating: "\u{301}", count: $0) + " b", style: style)
      },
      InputClass(name: "joined-emoji", size: 20_000) {
        // One grapheme: thumbs-up signs joined by zero-width joiners, 7 bytes each.
        StyledText(
          "👍" + String(repeating: "\u{200D}👍", count: $0 / 7) + " end", style: style)
      },
      InputClass(name: "many-sizes", size: 100_000) { bytes in
        var text = StyledText("", style: style)
        for index in 0..<bytes / 2 {
          var style = style
          style.size = Setup.size + Double(index % 50_000) * 1e-6
          text.append("a ", style: style)
        }
        return text
      },
    ] + hardeningClasses

  /// How many times each class's children for n and 4n run, alternating.
  static let pairs = 3

  /// In the parent: runs children for n and 4n of every class, ``pairs`` times, and prints the
  /// figures (each time the shortest of its children's; the memory of the first pair).
  static func run(repetitions: Int) throws(BenchError) {
    for inputClass in classes {
      // Pairs of children (``pairs``), n then 4n, each time the shortest: on a shared machine the
      // speed drifts over seconds, and slow children alone moved ratios past 1.5 (a class's
      // 4n at 435 ms in one run, 286-365 ms in three others; with two pairs, a 1 ms n read
      // 1.09 ms beside two 4n children at twice their 4.3 ms).
      var small = try child(inputClass.name, size: inputClass.size, repetitions: repetitions)
      var large = try child(inputClass.name, size: 4 * inputClass.size, repetitions: repetitions)
      for _ in 1..<Self.pairs {
        let again = try child(inputClass.name, size: inputClass.size, repetitions: repetitions)
        let againLarge = try child(
          inputClass.name, size: 4 * inputClass.size, repetitions: repetitions)
        small.seconds = min(small.seconds, again.seconds)
        large.seconds = min(large.seconds, againLarge.seconds)
      }
      let ideal = 4 * small.seconds
      let memoryRatio = large.bytes / max(4 * small.bytes, 1)
      // A tool run in another process has no memory figure here.
      let memory =
        inputClass.isExternal
        ? ""
        : " memory-n=\(Figure.memory(small.bytes)) memory-4n=\(Figure.memory(large.bytes))"
          + " memory-ratio=\(Figure.ratio(memoryRatio))"
      output(
        "bench scaling-\(inputClass.name) ours=\(Figure.time(large.seconds))"
          + " peer=\(Figure.time(ideal)) ratio=\(Figure.ratio(large.seconds / ideal))"
          + " n=\(inputClass.size) time-n=\(Figure.time(small.seconds))" + memory)
    }
  }

  /// What a child measured: the median time of a layout and the peak memory it added.
  struct Measured {
    var seconds: Double
    var bytes: Double
  }

  static func child(_ name: String, size: Int, repetitions: Int) throws(BenchError) -> Measured {
    let fields = try Memory.childFields([
      "scaling-child", name, "--size", String(size), "--repetitions", String(repetitions),
    ])
    guard let seconds = fields["seconds"], let bytes = fields["bytes"] else {
      throw .child(command: "scaling-child \(name)", reason: "no seconds or bytes")
    }
    return Measured(seconds: seconds, bytes: bytes)
  }

  /// In the child: makes the text, lays it out `repetitions` times, and prints the shortest
  /// time (noise on a shared machine only adds, and a ratio of two noisy medians of a few
  /// milliseconds swung past 1.5) and the growth of the peak resident memory over the text
  /// alone.
  static func measure(_ name: String, size: Int, repetitions: Int) throws(BenchError) {
    guard let inputClass = classes.first(where: { $0.name == name }) else {
      throw .usage("scaling-child takes one of \(classes.map(\.name)), not \(name)")
    }
    if let work = inputClass.work {
      let run = try work(size)
      let before = try Memory.peakResidentBytes()
      let clock = ContinuousClock()
      var times: [Double] = []
      var checksum = 0
      for _ in 0..<repetitions {
        let start = clock.now
        checksum &+= try run()
        let elapsed = start.duration(to: clock.now).components
        times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
      }
      let bytes = inputClass.isExternal ? 0 : try Memory.peakResidentBytes() - before
      output(
        "scaling seconds=\(Statistics(times).minimum) bytes=\(Int(bytes)) checksum=\(checksum)")
      return
    }
    let stack = try makeStack()
    let text = inputClass.make(size)
    let configuration = LayoutConfiguration(width: Setup.width, lineLimit: inputClass.lineLimit)
    // The font and the engine's buffers are loaded before the memory is read.
    _ = try? stack.engine.layout(
      StyledText("Warm up ...", style: style), configuration: configuration)
    let before = try Memory.peakResidentBytes()
    let clock = ContinuousClock()
    var times: [Double] = []
    var checksum = 0
    for _ in 0..<repetitions {
      let start = clock.now
      do {
        checksum &+= try stack.engine.layout(text, configuration: configuration).lines.count
      } catch {
        throw .usage("\(name) cannot be laid out: \(error)")
      }
      let elapsed = start.duration(to: clock.now).components
      times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
    }
    let after = try Memory.peakResidentBytes()
    output(
      "scaling seconds=\(Statistics(times).minimum) bytes=\(Int(after - before))"
        + " checksum=\(checksum)")
  }
}
