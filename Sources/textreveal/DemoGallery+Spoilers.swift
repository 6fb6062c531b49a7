import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension DemoGallery {
  /// A message with two spoilers, the first long enough to wrap at 320 points.
  static let spoilerMessage =
    "Finished the series last night. In the final episode the butler turns out to be the"
    + " detective's twin brother, and nobody survives the storm. Do not read this before"
    + " you watch it!"
  /// The hidden phrases of ``spoilerMessage``.
  static let spoilerPhrases = [
    "the butler turns out to be the detective's twin brother", "nobody survives the storm",
  ]

  /// The rectangles of a display list's hidden words, where a tap reveals.
  static func spoilerRects<Action>(
    _ list: DisplayList<Action>, isSpoiler: (Action) -> Bool
  ) -> [CGRect] {
    list.hitRegions.filter { isSpoiler($0.action) }.map(\.rect)
  }

  mutating func drawSpoilers() throws {
    beginSection(
      "Spoilers",
      "Telegram-style spoilers: hidden words are covered by fine dust drawn only inside the"
        + " words' ink band (spaces stay clear, a spoiler that wraps covers two lines that"
        + " never merge into one slab), about 1.3 live grains per square point, each under a"
        + " point wide and living a second, in the text's color. A tap on a hidden word reveals"
        + " every spoiler of the message, in a circle spreading from the tap point (faster from"
        + " an edge: 0.55 − 0.2·f s). The grains are a pure function of the seed and the time.")
    let demo = "spoilers"
    let text = try SpoilerPhrases.marking(
      Self.spoilerPhrases, in: StyledText(Self.spoilerMessage, style: style()))
    let message = SpoilerText(
      text: text, environment: ComponentEnvironment(width: Self.width), seed: 11)
    let hidden = try message.displayList(using: engine)
    let isSpoiler: (SpoilerText.Action) -> Bool = {
      if case .tapSpoiler = $0 { true } else { false }
    }
    let rects = Self.spoilerRects(hidden, isSpoiler: isSpoiler)
    try require(
      Set(rects.map(\.minY)).count >= 2 && text.runs.filter(\.style.isSpoiler).count == 2,
      demo, "two spoilers, the first wrapping across two lines")
    let options = "render --spoiler … --state expanded, width 320"
    try add(
      hidden, as: "spoiler-hidden-light.png",
      caption: "Hidden: dust over each hidden word, the first spoiler wrapping onto a second line",
      options: options, theme: .light)
    try add(
      hidden, as: "spoiler-hidden-3x.png",
      caption: "The same at 3×: fine grains, a clear gap between the two hidden lines, nothing"
        + " outside the hidden words", options: options + ", scale 3", theme: .light,
      renderer: ComponentRenderer(stack: stack, scale: .x3))
    for theme in [Theme.light, .dark] {
      var themed = message
      themed.environment.theme = theme
      try add(
        recording: themed, script: [.play(seconds: 1.5)], as: "spoiler-dust-\(theme.name).png",
        caption: { _ in
          "The dust moving, \(theme.name) (APNG, 1.5 s loop): the color follows the theme"
        }, options: options + " --animate, theme \(theme.name)", theme: theme)
    }
    var durations: [Double] = []
    for (side, rect) in [("left", rects.first!), ("right", rects.last!)] {
      let tap = CGPoint(x: side == "left" ? rect.minX + 3 : rect.maxX - 3, y: rect.midY)
      var tapped = message
      guard let action = tapped.hitTest(tap, in: hidden) else {
        throw CommandError("demo \"\(demo)\": a tap on a hidden word does nothing")
      }
      tapped.perform(action, at: 0.3)
      guard case .revealing(_, _, _, let duration) = tapped.spoilers.phase else {
        throw CommandError("demo \"\(demo)\": a tap on a hidden word does not reveal")
      }
      durations.append(duration)
      try add(
        recording: message,
        script: [.play(seconds: 0.3), .tap(tap), .animate(maximum: 2), .hold(.seconds(1))],
        as: "spoiler-reveal-\(side).png",
        caption: { _ in
          "Revealed by a tap near the \(side) end (APNG): the circle spreads from the tap over"
            + " \(Int((duration * 1000).rounded())) ms and reveals both spoilers"
        }, options: options + " --tap \(Int(tap.x)),\(Int(tap.y))", theme: .light)
    }
    try require(
      durations.allSatisfy { $0 < 0.55 }, demo,
      "taps near either end spread faster than one at the centre")
    var revealed = message
    revealed.spoilers = SpoilerState(isRevealed: true)
    try add(
      revealed.displayList(using: engine), as: "spoiler-revealed.png",
      caption: "Revealed: the text, with no dust",
      options: options + " --spoiler-state revealed", theme: .light)

    let hebrew = SpoilerText(
      text: try SpoilerPhrases.marking(
        ["שהגנן הוא הרוצח"],
        in: StyledText(
          "סיימתי את הסדרה אתמול. בפרק האחרון מתברר שהגנן הוא הרוצח, ואף אחד לא שורד.",
          style: style())),
      environment: ComponentEnvironment(width: Self.width, theme: .dark, direction: .rightToLeft),
      seed: 3)
    let hebrewList = try hebrew.displayList(using: engine)
    try require(
      !Self.spoilerRects(hebrewList, isSpoiler: isSpoiler).isEmpty, demo,
      "the Hebrew message has a spoiler")
    try add(
      hebrewList, as: "spoiler-rtl.png",
      caption: "Right to left, dark: the dust sits over the hidden Hebrew words",
      options: options + " --direction rtl --theme dark", theme: .dark)

    var expandable = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: Self.width), lineLimit: .lines(2))
    expandable.spoilers.seed = 5
    let collapsed = try expandable.displayList(using: engine)
    let covered = collapsed.hitRegions.filter {
      if case .tapSpoiler = $0.action { true } else { false }
    }
    try require(
      !covered.isEmpty && covered.allSatisfy { $0.rect.maxY <= collapsed.size.height + 1e-9 },
      demo, "in a collapsed expandable text the dust covers only the visible lines")
    try add(
      collapsed, as: "spoiler-expandable.png",
      caption: "Inside a collapsed expandable text with \"more\": only the visible part is"
        + " covered, and no grain reaches under the fade or the button",
      options: "render --spoiler … --line-limit 2, width 320", theme: .light)

    var still = message
    still.environment.reducesMotion = true
    try add(
      still.displayList(using: engine), as: "spoiler-reduced-motion.png",
      caption: "Reduced motion: static dots; a tap cross-fades",
      options: options + " --reduce-motion", theme: .light)
  }
}
