import Foundation
import TextLayout
import TextMarkdown
import TextRaster
import TextReveal
import TextShaping

/// The demos of `textreveal demo`: each draws its images into the gallery directory, adds them
/// to the page, and checks the premise it illustrates.
struct DemoGallery {
  let stack: TextStack
  let renderer: ComponentRenderer
  let directory: String
  var page = GalleryPage(title: "TextReveal gallery")
  var imageCount = 0

  /// The width of most demos, in points: an iPhone's width less its margins.
  static let width = 320.0

  var engine: TextLayoutEngine { stack.engine }

  func style(
    size: Double = 17, weight: FontWeight = .regular, language: String? = nil
  ) -> TextStyle {
    TextStyle(fontFamily: stack.defaultFamily, size: size, weight: weight, language: language)
  }

  /// Checks that a CJK layout draws every CJK character from one face and that its lines are
  /// equally tall: what choosing fallback faces by language is for.
  func requireOneCJKFace(_ layout: LaidOutText, _ demo: String) throws {
    var faces: Set<String> = []
    for line in layout.lines {
      for run in line.runs {
        for glyphRun in run.glyphRuns {
          let face = stack.shaper.fontFace(for: glyphRun.font)
          if let face, face.path != HarfBuzzShaper.defaultFontPath { faces.insert(face.path) }
        }
      }
    }
    try require(faces.count == 1, demo, "every CJK character comes from one face, not \(faces)")
    let heights = Set(layout.lines.map { ($0.height * 1000).rounded() })
    try require(heights.count == 1, demo, "every line is as tall as the others")
  }

  /// An expandable text's expand-and-collapse loop, and whether the text is cut.
  func animation(of model: ExpandableTextModel) throws -> (AnimatedPNGWriter, isTruncated: Bool) {
    let collapsed = try model.layout(using: engine, expanded: false)
    let animation = try renderer.expansionAnimation(
      collapsed: collapsed, expanded: try model.layout(using: engine, expanded: true),
      startsExpanded: model.isExpanded, duration: model.animationDuration,
      theme: model.environment.theme)
    return (animation, collapsed.isTruncated)
  }

  /// The chat look of the demo messages: avatars with their authors' initials.
  func chrome(_ messages: [DemoMessages.Message], list: ExpandingList<String>) throws
    -> ListChrome<String>
  {
    try ListRowRecord.chrome(
      for: messages.map { ($0.id, $0.name) }, family: stack.defaultFamily,
      diameter: list.metrics.accessorySize, using: engine)
  }

  // MARK: - Writing images

  /// Fails the demo, naming it, when its premise does not hold.
  func require(_ premise: Bool, _ demo: String, _ description: String) throws {
    guard premise else {
      throw CommandError("demo \"\(demo)\": its premise does not hold: \(description)")
    }
  }

  mutating func add(
    _ canvas: RasterCanvas, as file: String, caption: String, options: String, theme: Theme
  ) throws {
    try PNGEncoder.write(canvas.bitmap, to: path(file))
    append(
      file, width: canvas.bitmap.width, height: canvas.bitmap.height, caption: caption,
      options: options, theme: theme)
  }

  mutating func add(
    _ animation: AnimatedPNGWriter, as file: String, caption: String, options: String, theme: Theme
  ) throws {
    try animation.write(to: path(file))
    let size = animation.size ?? (width: 0, height: 0)
    append(
      file, width: size.width, height: size.height, caption: caption, options: options,
      theme: theme)
  }

  private mutating func append(
    _ file: String, width: Int, height: Int, caption: String, options: String, theme: Theme
  ) {
    let scale = renderer.scale.rawValue
    page.sections[page.sections.count - 1].images.append(
      GalleryPage.Image(
        file: file, caption: caption, options: options + ", scale \(scale)",
        isDark: theme == .dark, width: width / scale, height: height / scale))
    imageCount += 1
  }

  private func path(_ file: String) -> String {
    (directory as NSString).appendingPathComponent(file)
  }

  mutating func beginSection(_ title: String, _ summary: String) {
    page.sections.append(GalleryPage.Section(title: title, summary: summary))
  }

  func model(
    _ text: String, width: Double = DemoGallery.width, theme: Theme = .light,
    style truncationStyle: TruncationStyle = .fade, typeSize: TypeSize = .large,
    direction: InterfaceDirection = .leftToRight, moreLabel: String = "more",
    lessLabel: String? = nil, language: String? = nil
  ) -> ExpandableTextModel {
    ExpandableTextModel(
      text: StyledText(text, style: style(language: language)),
      environment: ComponentEnvironment(
        width: width, typeSize: typeSize, theme: theme, direction: direction),
      truncationStyle: truncationStyle, moreLabel: moreLabel, lessLabel: lessLabel)
  }

  // MARK: - Expandable text

  mutating func drawExpandableStates() throws {
    beginSection(
      "Expandable text",
      "An app description limited to 3 lines. Collapsed with .fade, the last line fades out over"
        + " the width of the \"more\" button at its trailing end; with .inline, the last line is"
        + " shortened and \"… more\" follows it. The blank line between the paragraphs is"
        + " collapsed while the text is collapsed. Expanded, the whole text shows, here with a"
        + " \"less\" button (the expanded state is the same for both styles).")
    for theme in [Theme.light, .dark] {
      for truncationStyle in [TruncationStyle.fade, .inline] {
        let layout = try model(DemoTexts.appDescription, theme: theme, style: truncationStyle)
          .layout(using: engine, expanded: false)
        try require(
          layout.isTruncated && layout.moreButton != nil, "expandable",
          "the app description is cut at 3 lines in \(Self.width) points")
        try require(
          truncationStyle == .fade ? layout.fade != nil : layout.text.tokenLabelRect != nil,
          "expandable", "the \(truncationStyle) style shows its \"more\"")
        try add(
          renderer.image(of: layout, theme: theme),
          as: "expandable-\(truncationStyle)-collapsed-\(theme.name).png",
          caption: "Collapsed, .\(truncationStyle), \(theme.name)",
          options: "state collapsed, style \(truncationStyle), theme \(theme.name), width 320,"
            + " line limit 3, type size large", theme: theme)
      }
      let expanded = try model(DemoTexts.appDescription, theme: theme, lessLabel: "less")
        .layout(using: engine, expanded: true)
      try require(
        expanded.isExpanded && expanded.lessButton != nil, "expandable",
        "the expanded text ends with \"less\"")
      try add(
        renderer.image(of: expanded, theme: theme), as: "expandable-expanded-\(theme.name).png",
        caption: "Expanded with \"less\", \(theme.name)",
        options: "state expanded, less label \"less\", theme \(theme.name), width 320",
        theme: theme)
    }
  }

  mutating func drawTypeSizes() throws {
    beginSection(
      "Dynamic type",
      "The same text at the same width (300 points) and line limit (3) at three type sizes. At"
        + " extra small it fits, so no button is shown; at large and AX3 it is cut.")
    for (typeSize, name) in [
      (TypeSize.extraSmall, "xSmall"), (.large, "large"),
      (.accessibilityExtraLarge, "AX3"),
    ] {
      let layout = try model(DemoTexts.typeSizes, width: 300, typeSize: typeSize)
        .layout(using: engine, expanded: false)
      let fits = typeSize == .extraSmall
      try require(
        layout.isTruncated != fits && (layout.moreButton == nil) == fits, "dynamic type",
        "the text \(fits ? "fits" : "is cut") at \(name) (\(typeSize.bodySize) points)")
      try add(
        renderer.image(of: layout, theme: .light), as: "type-size-\(name).png",
        caption:
          "\(name): \(typeSize.bodySize.formatted()) pt, \(fits ? "fits, no button" : "cut")",
        options: "type size \(name), state collapsed, style fade, width 300, line limit 3",
        theme: .light)
    }
  }

  mutating func drawMarkdown() throws {
    beginSection(
      "Markdown",
      "A description written in inline Markdown, read as SwiftUI's Text reads it:"
        + " bold, italic, code, strikethrough, a link and an autolink in the accent color, and a"
        + " ||spoiler||. Whitespace and line breaks stay as written.")
    var text = MarkdownParser.styledText(from: DemoTexts.markdownDescription, base: style())
    text.setDefaultLanguage("en")
    for expanded in [false, true] {
      let model = ExpandableTextModel(
        text: text, environment: ComponentEnvironment(width: Self.width),
        truncationStyle: .inline, lessLabel: expanded ? "less" : nil)
      let layout = try model.layout(using: engine, expanded: expanded)
      try require(layout.isTruncated, "markdown", "the description is cut at 3 lines")
      let links = layout.text.text.runs.filter { $0.style.link != nil }
      try require(
        !links.isEmpty && layout.text.text.runs.contains { $0.style.weight == .bold }
          && !layout.text.text.string.contains("**"),
        "markdown", "the Markdown is read: bold and links, no asterisks left")
      let spoilers = SpoilerModel(layout: layout.text, seed: 3, reducesMotion: true)
      let state = expanded ? "expanded" : "collapsed"
      try add(
        renderer.image(of: layout, spoilers: spoilers, at: 0, theme: .light),
        as: "markdown-\(state).png", caption: "Markdown description, \(state)",
        options: "render --markdown, style inline, \(state), width 320", theme: .light)
    }
  }

  mutating func drawScripts() throws {
    beginSection(
      "Right-to-left and Chinese",
      "Hebrew and Arabic descriptions in a right-to-left layout: \"more\" sits at the left end"
        + " of the last line and the fade runs toward it, mirrored. The Chinese and Japanese"
        + " paragraphs break between ideographs; each is set with its language, so every"
        + " character comes from the one fallback face Fontconfig sorts first for it, and every"
        + " line is as tall as the others.")
    let texts: [(String, String, InterfaceDirection, String, String, String)] = [
      ("hebrew", DemoTexts.hebrew, .rightToLeft, "עוד", "Hebrew", "he"),
      ("arabic", DemoTexts.arabic, .rightToLeft, "المزيد", "Arabic", "ar"),
      ("chinese", DemoTexts.chinese, .leftToRight, "更多", "Chinese", "zh-Hans"),
      (
        "traditional-chinese", DemoTexts.traditionalChinese, .leftToRight, "更多",
        "Traditional Chinese", "zh-Hant"
      ),
      ("japanese", DemoTexts.japanese, .leftToRight, "もっと見る", "Japanese", "ja"),
    ]
    for (file, text, direction, label, language, tag) in texts {
      let layout = try model(
        text, width: 300, direction: direction, moreLabel: label, language: tag
      ).layout(using: engine, expanded: false)
      try require(layout.isTruncated, language, "the text is cut at 3 lines in 300 points")
      if tag.hasPrefix("zh") || tag == "ja" { try requireOneCJKFace(layout.text, language) }
      if direction == .rightToLeft {
        try require(
          layout.fade?.clearEdge == .left && (layout.moreButton?.frame.minX ?? 1) < 1, language,
          "the fade and the button are mirrored to the left")
      }
      let isRightToLeft = direction == .rightToLeft
      try add(
        renderer.image(of: layout, theme: .light), as: "script-\(file).png",
        caption: "\(language), collapsed\(isRightToLeft ? ", fade mirrored" : "")",
        options: "direction \(isRightToLeft ? "rtl" : "ltr"), lang \(tag), more label"
          + " \"\(label)\", style fade, width 300, line limit 3", theme: .light)
    }
  }

  mutating func drawAnimation() throws {
    beginSection(
      "Expand animation",
      "An animated PNG: collapsed, then the height eases open (smoothstep) while the expanded"
        + " text is clipped to it, expanded, and back. 30 frames a second; slowed to 0.6 s from"
        + " the model's default 0.35 s so that it can be followed.")
    var model = model(DemoTexts.appDescription)
    model.animationDuration = 0.6
    let (animation, isTruncated) = try animation(of: model)
    try require(
      isTruncated && animation.frameCount > 2, "animation",
      "the description is cut, so there is something to expand")
    try add(
      animation, as: "expand-animation.png",
      caption: "Expand and collapse, \(animation.frameCount) frames (APNG)",
      options: "render --animate, style fade, theme light, width 320, duration 0.6 s",
      theme: .light)
  }

  // MARK: - Expanding list

  /// The width of the list demos, in points: an iPhone's full width.
  static let listWidth = 390.0

  func list(
    _ messages: [DemoMessages.Message], theme: Theme = .light,
    direction: InterfaceDirection = .leftToRight, expansion: ExpansionSet<String> = ExpansionSet()
  ) -> ExpandingList<String> {
    ExpandingList(
      rows: messages.map { message in
        ListRow(
          id: message.id,
          text: StyledText(
            message.text, style: style(language: DemoMessages.languages[message.id])))
      },
      environment: ComponentEnvironment(
        width: Self.listWidth, theme: theme, direction: direction),
      expansion: expansion)
  }

  mutating func drawList() throws {
    beginSection(
      "Expanding list",
      "Chat messages in English, Hebrew, Japanese and Russian in an ExpandingList 390 points"
        + " wide. Each row's height comes from the layout engine, and \"Read more\" appears only"
        + " on rows whose text is really cut at 3 lines. The expanded rows are an ExpansionSet"
        + " keyed by the rows' ids, not their positions, so inserting a row keeps the right rows"
        + " expanded. render-list draws the same from JSON Lines.")
    let demo = "expanding list"
    let messages = DemoMessages.messages
    let ids = messages.map(\.id)
    let cut: Set = ["m1", "m3", "m4", "m6"]
    let chrome = try chrome(messages + [DemoMessages.inserted], list: list(messages))
    let initial = try list(messages).layout(using: engine)
    try require(
      initial.rows.map(\.isTruncated) == ids.map(cut.contains)
        && initial.rows.allSatisfy { ($0.label != nil) == $0.isTruncated }, demo,
      "the long messages (\(cut.sorted().joined(separator: ", "))) are cut at 3 lines in"
        + " \(Self.listWidth) points and only they have \"Read more\"")
    try add(
      renderer.image(of: initial, chrome: chrome, theme: .light), as: "list-initial.png",
      caption: "Initial state: four long messages cut at 3 lines with \"Read more\", two short"
        + " ones whole", options: "render-list, width 390, line limit 3, theme light",
      theme: .light)

    var expansion = ExpansionSet<String>()
    expansion.expand("m1")
    expansion.expand("m4")
    let expanded = try list(messages, expansion: expansion).layout(using: engine)
    try require(
      expanded.rows.map(\.isExpanded) == ids.map { $0 == "m1" || $0 == "m4" }
        && expanded.size.height > initial.size.height, demo,
      "expanding m1 and m4 shows them whole and makes the list taller")
    if let japanese = expanded.row("m4")?.text {
      try requireOneCJKFace(japanese, "Japanese list row")
    }
    try add(
      renderer.image(of: expanded, chrome: chrome, theme: .light), as: "list-expanded.png",
      caption: "After expanding two rows (Ana's and Ken Sato's): their whole text shows, with"
        + " \"Show less\", and the rows below move down",
      options: "render-list --expand m1 --expand m4, width 390", theme: .light)

    // A new message at the top: every row moves down one place. The expanded state follows the
    // ids, so m1 and m4 stay expanded and the new row starts collapsed; a state kept by index
    // would now expand the new row and the one above m4.
    let withInserted = [DemoMessages.inserted] + messages
    let inserted = try list(withInserted, expansion: expansion).layout(using: engine)
    let newRow = inserted.row(DemoMessages.inserted.id)
    try require(
      inserted.rows.map(\.id) == [DemoMessages.inserted.id] + ids
        && inserted.row("m1")?.isExpanded == true && inserted.row("m4")?.isExpanded == true
        && newRow?.isTruncated == true && newRow?.isExpanded == false, demo,
      "after inserting a row above them, m1 and m4 are still expanded and the new, cut row"
        + " is collapsed")
    try add(
      renderer.image(of: inserted, chrome: chrome, theme: .light), as: "list-inserted.png",
      caption: "After inserting Irina's message above the expanded rows: they stay expanded"
        + " (the state follows the ids), the new row starts collapsed",
      options: "ExpansionSet keyed by id, rows m0 + m1…m6, m1 and m4 expanded, width 390",
      theme: .light)

    let rightToLeft = try list(
      messages, theme: .dark, direction: .rightToLeft, expansion: expansion
    )
    .layout(using: engine)
    try require(
      rightToLeft.rows.allSatisfy { $0.accessoryFrame.minX > $0.textOrigin.x }, demo,
      "right to left, every avatar is on the right of its text")
    try add(
      renderer.image(of: rightToLeft, chrome: chrome, theme: .dark), as: "list-rtl-dark.png",
      caption: "Right to left, dark: avatars on the right, labels and separators mirrored; each"
        + " message keeps its own paragraph direction",
      options: "render-list --direction rtl --theme dark --expand m1 --expand m4, width 390",
      theme: .dark)

    var toggled = ExpansionSet<String>()
    toggled.expand("m1")
    let before = try list(messages).layout(using: engine)
    let animation = try renderer.toggleAnimation(
      from: before, to: try list(messages, expansion: toggled).layout(using: engine), row: "m1",
      duration: 0.6, chrome: chrome, theme: .light)
    let isTruncated = before.row("m1")?.isTruncated == true
    try require(
      isTruncated && animation.frameCount > 2, demo,
      "m1 is cut, so toggling it animates")
    try add(
      animation, as: "list-toggle-animation.png",
      caption: "Toggling the first row, \(animation.frameCount) frames (APNG): its frame grows"
        + " and reveals its text while the rows below slide; \"Read more\" cross-fades to the"
        + " fourth line and \"Show less\" is uncovered, then back",
      options: "render-list --animate --toggle m1, width 390, duration 0.6 s, 30 frames a"
        + " second", theme: .light)
  }

  // MARK: - Truncation detection

  mutating func drawTruncationDetection() throws {
    beginSection(
      "Truncation detection",
      "A fitness service's blurb limited to 2 lines. A TruncationDetector measures it at each"
        + " width and says when the answer changes; the \"show all\" button is drawn only when"
        + " the text is cut.")
    var changes: [Bool] = []
    let blurb = StyledText(DemoTexts.fitnessBlurb, style: style())
    var detector = TruncationDetector(
      text: blurb, environment: ComponentEnvironment(width: 320), lineLimit: .lines(2))
    for width in [320.0, 560.0] {
      detector.environment.width = width
      let update = try detector.update(using: engine)
      if update.hasChanged { changes.append(update.isTruncated) }
      let isTruncated = update.isTruncated
      try require(
        isTruncated == (width < 400), "truncation detection",
        "the blurb is \(width < 400 ? "cut" : "not cut") at 2 lines in \(width) points")
      let canvas = try blurbImage(blurb, width: width, isTruncated: isTruncated)
      try add(
        canvas, as: "truncation-\(isTruncated ? "cut" : "fits").png",
        caption: isTruncated
          ? "\(Int(width)) pt: cut, so \"show all\" is shown"
          : "\(Int(width)) pt: fits in 2 lines, no button",
        options: "TruncationDetector(lineLimit: 2), width \(Int(width)), isTruncated"
          + " \(isTruncated)", theme: .light)
    }
    let reported = changes
    try require(
      reported == [true, false], "truncation detection",
      "the detector reports true, then false (reported \(reported))")
  }

  private func blurbImage(
    _ blurb: StyledText, width: Double, isTruncated: Bool
  ) throws -> RasterCanvas {
    let layout = try engine.layout(
      blurb,
      configuration: LayoutConfiguration(
        width: width, lineLimit: .lines(2), truncationToken: .ellipsis))
    let label = try engine.layout(
      StyledText("Show all", style: style(size: 15, weight: .semibold)),
      configuration: LayoutConfiguration(width: width))
    return try renderer.image(of: layout, showAllLabel: isTruncated ? label : nil, theme: .light)
  }

  // MARK: - Full-width alignment

  mutating func drawSettingsPage() throws {
    beginSection(
      "Full-width alignment",
      "A settings page: two titled paragraphs and a segmented control (drawn as boxes) in a"
        + " centered vertical stack, 320 points wide. Before, each text's frame hugs its text,"
        + " so the stack centers frames of different widths and the texts' leading edges do not"
        + " line up. After, FullWidthText frames fill the width with the text at their leading"
        + " edge, and everything lines up. Magenta: the frame; green: the text's own frame.")
    let texts = [
      StyledText(DemoTexts.appearanceTitle, style: style(size: 20, weight: .bold)),
      StyledText(DemoTexts.appearanceText, style: style(size: 15)),
      StyledText(DemoTexts.remindersTitle, style: style(size: 20, weight: .bold)),
      StyledText(DemoTexts.remindersText, style: style(size: 15)),
    ]
    for isAligned in [false, true] {
      var items: [ComponentRenderer.StackItem] = []
      for text in texts {
        let fullWidth = FullWidthText(
          text: text, environment: ComponentEnvironment(width: Self.width),
          frameAlignment: isAligned ? .leading : .center)
        var aligned = try fullWidth.layout(using: engine)
        if !isAligned { aligned.frame = aligned.textFrame }
        items.append(.text(aligned))
      }
      items.insert(try segmentedControl(DemoTexts.appearanceChoices), at: 2)
      let edges = Set(
        items.compactMap { item -> Double? in
          if case .text(let aligned) = item { return aligned.textFrame.minX }
          return nil
        })
      try require(
        isAligned ? edges == [0] : edges.count > 1, "full-width alignment",
        isAligned
          ? "every text starts at the leading edge" : "hugging frames leave the texts misaligned")
      try add(
        renderer.image(
          ofStack: items, width: Self.width, spacing: 10, theme: .light, frameBorders: .debug),
        as: "full-width-\(isAligned ? "after" : "before").png",
        caption: isAligned
          ? "After: FullWidthText(frameAlignment: .leading), frames fill the width"
          : "Before: frames hug their text in a centered stack (frame and text frame coincide)",
        options: "width 320, show frames, theme light", theme: .light)
    }
  }

  /// A segmented control with its first choice selected, its labels laid out.
  private func segmentedControl(_ choices: [String]) throws -> ComponentRenderer.StackItem {
    let height = 32.0
    let segment = Self.width / Double(choices.count) - 4
    let labels = try choices.enumerated().map { index, choice in
      try engine.layout(
        StyledText(choice, style: style(size: 13, weight: index == 0 ? .semibold : .regular)),
        configuration: LayoutConfiguration(width: segment))
    }
    return .segmentedControl(labels: labels, selected: 0, height: height)
  }
}
