import TextLayout
import TextRaster
import TextReveal

extension DemoGallery {
  /// A chat message with two spoilers, the first long enough to wrap at 320 points.
  static let spoilerMessage =
    "Finished the series last night. In the final episode the butler turns out to be the"
    + " detective's twin brother, and nobody survives the storm. Do not read this before"
    + " you watch it!"
  static let spoilerPhrases = [
    "the butler turns out to be the detective's twin brother", "nobody survives the storm",
  ]

  /// A text with every occurrence of some phrases styled as spoilers.
  func spoilerText(_ string: String, phrases: [String]) -> StyledText {
    SpoilerPhrases.marking(phrases, in: StyledText(string, style: style())).text
  }

  mutating func drawSpoilers() throws {
    beginSection(
      "Spoilers",
      "Telegram-style spoilers: hidden words are covered by particle dust drawn only over the"
        + " words' rectangles (spaces stay clear, a spoiler that wraps covers two lines), about"
        + " 0.35 live particles per square point living a second each, in the text's color."
        + " A tap on a hidden word reveals every spoiler of the message, in a circle spreading"
        + " from the tap point (faster from an edge: 0.55 − 0.2·f s). The particles are a pure"
        + " function of the seed and the time.")
    let demo = "spoilers"
    let text = spoilerText(Self.spoilerMessage, phrases: Self.spoilerPhrases)
    let layout = try engine.layout(text, configuration: LayoutConfiguration(width: Self.width))
    let spoilers = SpoilerModel(layout: layout, seed: 11)
    try require(
      spoilers.regions.count == 2 && Set(spoilers.regions[0].rects.map(\.minY)).count == 2,
      demo, "two spoilers, the first wrapping across two lines")
    let options = "render --spoiler … --state expanded, width 320"
    try add(
      renderer.image(of: layout, spoilers: spoilers, at: 0, theme: .light),
      as: "spoiler-hidden-light.png",
      caption: "Hidden: dust over each hidden word, the first spoiler wrapping onto a second line",
      options: options, theme: .light)
    for theme in [Theme.light, .dark] {
      let dust = try renderer.spoilerAnimation(
        of: layout, spoilers: spoilers, from: 0, to: 1.5, theme: theme)
      try add(
        dust, as: "spoiler-dust-\(theme.name).png",
        caption: "The dust moving, \(theme.name) (APNG, 1.5 s loop): the color follows the theme",
        options: options + " --animate, theme \(theme.name)", theme: theme)
    }
    var durations: [Double] = []
    for (side, rect) in [
      ("left", spoilers.regions[0].rects.first!), ("right", spoilers.regions[1].rects.last!),
    ] {
      var tapped = spoilers
      let tap = LayoutPoint(x: side == "left" ? rect.minX + 3 : rect.maxX - 3, y: rect.midY)
      try require(tapped.tap(at: tap, time: 0.3), demo, "a tap on a hidden word reveals")
      let duration = tapped.revealDuration(from: tap)
      durations.append(duration)
      let reveal = try renderer.spoilerAnimation(
        of: layout, spoilers: tapped, from: 0, to: 0.3 + duration + 0.04, hold: .seconds(1),
        theme: .light)
      try add(
        reveal, as: "spoiler-reveal-\(side).png",
        caption: "Revealed by a tap near the \(side) end (APNG): the circle spreads from"
          + " the tap over \(Int((duration * 1000).rounded())) ms and reveals both spoilers",
        options: options + " --tap \(Int(tap.x)),\(Int(tap.y))", theme: .light)
    }
    try require(
      durations.count == 2 && durations[0] != durations[1] || durations.allSatisfy { $0 < 0.55 },
      demo, "taps near either end spread faster than one at the centre")
    var revealed = spoilers
    revealed.setRevealed(true, at: -1)
    try add(
      renderer.image(of: layout, spoilers: revealed, at: 0, theme: .light),
      as: "spoiler-revealed.png", caption: "Revealed: the text, with no dust",
      options: options + " --spoiler-state revealed", theme: .light)

    let hebrew = spoilerText(
      "סיימתי את הסדרה אתמול. בפרק האחרון מתברר שהגנן הוא הרוצח, ואף אחד לא שורד.",
      phrases: ["שהגנן הוא הרוצח"])
    let hebrewLayout = try engine.layout(
      hebrew, configuration: LayoutConfiguration(width: Self.width, direction: .rightToLeft))
    let hebrewSpoilers = SpoilerModel(layout: hebrewLayout, seed: 3)
    try require(
      hebrewSpoilers.regions.count == 1, demo, "the Hebrew message has one spoiler")
    try add(
      renderer.image(of: hebrewLayout, spoilers: hebrewSpoilers, at: 0, theme: .dark),
      as: "spoiler-rtl.png",
      caption: "Right to left, dark: the dust sits over the hidden Hebrew words",
      options: options + " --direction rtl --theme dark", theme: .dark)

    let expandable = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: Self.width), lineLimit: .lines(2))
    let collapsed = try expandable.layout(using: engine)
    let cut = SpoilerModel(layout: collapsed.text, seed: 5)
    try require(
      collapsed.isTruncated
        && cut.regions.flatMap(\.rects).allSatisfy { $0.maxY <= collapsed.size.height + 1e-9 },
      demo, "in a collapsed expandable text the dust covers only the visible lines")
    try add(
      renderer.image(of: collapsed, spoilers: cut, at: 0, theme: .light),
      as: "spoiler-expandable.png",
      caption: "Inside a collapsed expandable text with \"more\": only the visible part is"
        + " covered; expanding recomputes the rectangles",
      options: "render --spoiler … --line-limit 2, width 320", theme: .light)

    let still = SpoilerModel(layout: layout, seed: 11, reducesMotion: true)
    try add(
      renderer.image(of: layout, spoilers: still, at: 0, theme: .light),
      as: "spoiler-reduced-motion.png",
      caption: "Reduced motion: static dots (about 0.25 per square point); a tap cross-fades",
      options: options + " --reduce-motion", theme: .light)
  }
}
