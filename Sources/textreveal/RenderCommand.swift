import ArgumentParser
import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport
@_spi(Backend) import TextShaping

/// `textreveal render`: draws one expandable text to a PNG, or its expand animation to an APNG.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw one expandable text to a PNG (or its expand animation to an animated PNG).",
    discussion: """
      The text comes from --text or from a UTF-8 file. It is laid out like the App Store's
      expandable text: limited to --line-limit lines, with a "more" button when it is cut, in
      the --style fade (the last line fades out before the button) or inline ("… more"). The
      image has 16 points of padding in the theme's background and is --scale pixels per
      point. --show-frames outlines the component's full-width frame and the box of its lines.
      With --animate the output is an animated PNG that starts in --state, changes to the other
      state and back, looping. The file is written atomically: on failure nothing is left.

      Spoilers: --spoiler PHRASE (repeatable) hides every occurrence of the phrase under
      particle dust. --spoiler-state revealed draws them revealed; --animate then draws the
      dust moving (a 2-second loop) instead of the expand animation; --tap X,Y (points, from
      the text's top-left corner) draws the reveal spreading from that point, and must land on
      a hidden word. --reduce-motion draws static dots and a cross-fade.
      """
  )

  @Option(help: "The text to draw.")
  var text: String?

  @Argument(help: "A UTF-8 text file to draw instead of --text.")
  var input: String?

  @Option(parsing: .unconditional, help: "The component's width in points.")
  var width: Double = 320

  @Option(parsing: .unconditional, help: "The number of lines shown while collapsed (at least 1).")
  var lineLimit: Int = 3

  @Option(help: "How the cut is shown: fade (App Store) or inline (\"… more\").")
  var style: TruncationStyle = .fade

  @Option(help: "The state to draw: collapsed or expanded.")
  var state: StateOption = .collapsed

  @OptionGroup var appearance: AppearanceOptions

  @Option(parsing: .unconditional, help: "The font size in points at the large type size.")
  var size: Double = 17

  @Option(help: "A font file to use instead of DejaVu Sans.")
  var font: String?

  @Option(help: "The expand button's label.")
  var moreLabel: String = "more"

  @Option(help: "A collapse button's label, shown after the expanded text; none when omitted.")
  var lessLabel: String?

  @Flag(help: "Outline the full-width frame and the box of the lines, to debug layout.")
  var showFrames = false

  @Flag(help: "Write the expand and collapse animation as an animated PNG.")
  var animate = false

  @Option(
    name: .customLong("spoiler"),
    help: "A phrase to hide under spoiler dust, every occurrence (repeatable).")
  var spoilers: [String] = []

  @Option(help: "The spoilers' state: hidden or revealed.")
  var spoilerState: SpoilerStateOption = .hidden

  @Option(help: "Reveal the spoilers from this point (X,Y in points) as an animated PNG.")
  var tap: TapPoint?

  @Flag(help: "Spoilers as static dots, revealed by a cross-fade (Reduce Motion).")
  var reduceMotion = false

  @Flag(
    help: """
      Read the text as inline Markdown, as SwiftUI's Text does: **bold**, *italic*, `code`, \
      ~~strikethrough~~, [links](https://…), autolinks and ||spoilers||; block syntax and \
      whitespace stay as written.
      """)
  var markdown = false

  @Option(help: "The seed of the spoiler dust.")
  var seed: UInt64 = 1

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: "The PNG file to write; - for standard output.")
  var output: String

  enum SpoilerStateOption: String, CaseIterable, ExpressibleByArgument {
    case hidden, revealed
  }

  /// A point given as `X,Y`.
  struct TapPoint: ExpressibleByArgument {
    var point: LayoutPoint

    init?(argument: String) {
      let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2,
        let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
        let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
        x.isFinite, y.isFinite
      else { return nil }
      point = LayoutPoint(x: x, y: y)
    }
  }

  enum StateOption: String, CaseIterable, ExpressibleByArgument {
    case collapsed, expanded
  }

  func validate() throws {
    switch (text, input) {
    case (nil, nil):
      throw ValidationError("give the text to draw with --text or as an input file")
    case (.some, .some):
      throw ValidationError("give the text with --text or as an input file, not both")
    default: break
    }
    try OptionRange.check(width, option: "width", maximum: OptionRange.width, unit: "points")
    try OptionRange.check(lineLimit: lineLimit)
    try OptionRange.check(size, option: "size", maximum: OptionRange.size, unit: "points")
    guard !output.isEmpty else {
      throw ValidationError("--output must name a file")
    }
    for (option, label) in [("more-label", moreLabel), ("less-label", lessLabel ?? "less")] {
      guard !label.isEmpty, !label.contains(where: \.isNewline), label.count <= 40 else {
        throw ValidationError(
          "--\(option) must be one line of 1 to 40 characters, got \(label.count) characters"
            + (label.contains(where: \.isNewline) ? " with a line break" : ""))
      }
    }
    if let empty = spoilers.first(where: \.isEmpty) {
      throw ValidationError("--spoiler must name a phrase of the text, got \"\(empty)\"")
    }
    if let blank = spoilers.first(where: { $0.allSatisfy(\.isWhitespace) }) {
      throw ValidationError(
        "--spoiler \"\(blank)\" is only white space: spoiler dust covers characters, and"
          + " white space shows none")
    }
    if tap != nil && spoilerState == .revealed {
      throw ValidationError("--tap reveals hidden spoilers: leave --spoiler-state hidden")
    }
  }

  /// The text to draw: read as Markdown if asked, with every occurrence of each --spoiler
  /// phrase hidden.
  func styledText(_ string: String, family: String) throws(CommandError) -> StyledText {
    let text = MarkdownOption.styledText(
      string, isMarkdown: markdown,
      style: TextStyle(fontFamily: family, size: size, language: appearance.language.lang))
    guard !spoilers.isEmpty else { return text }
    do {
      return try SpoilerPhrases.marking(spoilers, in: text)
    } catch {
      throw CommandError("--spoiler: \(error)")
    }
  }

  func run() throws {
    let string: String
    if let text {
      string = text
    } else if let input {
      var reader = try LineReader(path: input)
      let data = try reader.readAllBytes()
      guard let decoded = String(validating: data, as: UTF8.self) else {
        throw CommandError(
          "input file \(input) is not UTF-8: invalid byte at offset \(UTF8Check.firstInvalidOffset(in: data))"
        )
      }
      string = decoded
    } else {
      preconditionFailure("validate() requires --text or an input file")
    }
    let stack = try appearance.language.stack(fontPath: font)
    let renderer = ComponentRenderer(stack: stack, scale: appearance.scale)
    var model = ExpandableTextModel(
      text: try styledText(string, family: stack.defaultFamily),
      environment: appearance.appearance(reducesMotion: reduceMotion).environment(width: width),
      lineLimit: .lines(lineLimit), truncationStyle: style, moreLabel: moreLabel,
      lessLabel: lessLabel, isExpanded: state == .expanded)
    model.spoilers.seed = seed
    let hasSpoilers = model.text.runs.contains(where: \.style.isSpoiler)
    if tap != nil && !hasSpoilers {
      throw CommandError(
        "--tap reveals spoilers: mark some with --spoiler, or with ||…|| and --markdown")
    }
    do {
      if hasSpoilers {
        try renderSpoilers(model: model, stack: stack, renderer: renderer)
      } else if animate {
        UncoveredCharacterWarning.warn(
          for: [try model.layout(using: stack.engine, expanded: true).text], command: "render")
        let (frames, _) = try Recording.frames(
          of: model, using: stack.engine,
          script: [
            .hold(.milliseconds(model.isExpanded ? 1500 : 900)),
            .perform(model.isExpanded ? .collapse : .expand), .animate,
            .hold(.milliseconds(model.isExpanded ? 900 : 1500)),
            .perform(model.isExpanded ? .expand : .collapse), .animate,
          ])
        let animation = try renderer.animation(frames, padding: Self.padding)
        try animation.write(to: output)
        let first = animation.size ?? (width: 0, height: 0)
        try Console.print(
          "\(output): \(first.width) × \(first.height) pixels, \(animation.frameCount) frames")
        if frames.count <= 2 {
          Console.warn("render: the text fits in \(lineLimit) lines; nothing animates")
        }
      } else {
        let layout = try model.layout(using: stack.engine, expanded: model.isExpanded)
        UncoveredCharacterWarning.warn(for: [layout.text], command: "render")
        var list = try model.displayList(using: stack.engine)
        if showFrames { list = list.outliningFrames() }
        let image = try renderer.image(of: list, padding: Self.padding)
        try PNGEncoder.write(image, to: output)
        let cut = layout.isTruncated ? "cut at \(lineLimit) lines" : "not cut"
        try Console.print(
          "\(output): \(image.width) × \(image.height) pixels, \(state.rawValue), \(cut)")
        if layout.text.isClipped {
          Console.warn(
            "render: a character is wider than --width \(width) and is clipped at the edge;"
              + " lines never break inside one")
        }
      }
    } catch let error as TextRasterError {
      throw CommandError("\(error)")
    } catch let error as TextRevealError {
      throw CommandError("\(error)")
    } catch let error as Recording.Failure {
      throw CommandError("\(error)")
    }
  }

  /// The space around the component on its image, in points.
  static let padding = 16.0

  /// Draws the text with its spoilers: a still, the dust moving, or the reveal from --tap.
  private func renderSpoilers(
    model: ExpandableTextModel, stack: TextStack, renderer: ComponentRenderer
  ) throws {
    var model = model
    UncoveredCharacterWarning.warn(
      for: [try model.layout(using: stack.engine, expanded: model.isExpanded).text],
      command: "render")
    if spoilerState == .revealed { model.spoilers = SpoilerState(isRevealed: true, seed: seed) }
    let list = try model.displayList(using: stack.engine, at: 0)
    let hidden = list.hitRegions.compactMap { region -> CGRect? in
      if case .tapSpoiler = region.action { return region.rect }
      return nil
    }
    guard spoilerState == .revealed || !hidden.isEmpty else {
      throw CommandError(
        "the spoilers are all past the visible lines; draw --state expanded to show them")
    }
    if let tap {
      let point = CGPoint(x: tap.point.x, y: tap.point.y)
      guard case .tapSpoiler = model.hitTest(point, in: list) else {
        let bounds = hidden.reduce(hidden[0]) { $0.union($1) }
        throw CommandError(
          "--tap \(tap.point.x),\(tap.point.y) is not on a hidden word (the spoilers lie in"
            + " x \(Int(bounds.minX))…\(Int(bounds.maxX)), y \(Int(bounds.minY))…"
            + "\(Int(bounds.maxY)))")
      }
      let (frames, _) = try Recording.frames(
        of: model, using: stack.engine,
        script: [.play(seconds: 0.5), .tap(point), .animate(maximum: 2), .hold(.seconds(1))])
      let animation = try renderer.animation(frames, padding: Self.padding)
      try animation.write(to: output)
      try Console.print("\(output): \(animation.frameCount) frames, revealed from the tap")
      return
    }
    if animate {
      let (frames, _) = try Recording.frames(
        of: model, using: stack.engine, script: [.play(seconds: 2)])
      let animation = try renderer.animation(frames, padding: Self.padding)
      try animation.write(to: output)
      try Console.print("\(output): \(animation.frameCount) frames of spoiler dust, looping")
      return
    }
    let image = try renderer.image(of: list, padding: Self.padding)
    try PNGEncoder.write(image, to: output)
    let count = model.text.runs.indices.filter { index in
      model.text.runs[index].style.isSpoiler
        && (index == 0 || !model.text.runs[index - 1].style.isSpoiler)
    }.count
    try Console.print(
      "\(output): \(image.width) × \(image.height) pixels,"
        + " \(count) spoilers \(spoilerState.rawValue)")
  }
}
