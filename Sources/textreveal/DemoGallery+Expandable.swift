import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension DemoGallery {
  mutating func drawExpandableStates() throws {
    beginSection(
      "Expandable text",
      "An app description limited to 3 lines. Collapsed with .fade, the last line fades out over"
        + " the width of the \"more\" button at its trailing end, clear for a small gap before"
        + " the button; with .inline, the last line is shortened and \"… more\" follows it."
        + " The blank line between the paragraphs is collapsed while the text is collapsed."
        + " Expanded, the whole text shows, here with a \"less\" button that wraps alone when"
        + " it does not fit after the last word.")
    for theme in [Theme.light, .dark] {
      for truncationStyle in [TruncationStyle.fade, .inline] {
        let model = model(DemoTexts.appDescription, theme: theme, style: truncationStyle)
        let layout = try model.layout(using: engine, expanded: false)
        try require(
          layout.isTruncated && layout.button != nil, "expandable",
          "the app description is cut at 3 lines in \(Self.width) points")
        try require(
          truncationStyle == .fade ? layout.fade != nil : layout.text.tokenLabelRect != nil,
          "expandable", "the \(truncationStyle) style shows its \"more\"")
        try add(
          model.displayList(using: engine),
          as: "expandable-\(truncationStyle)-collapsed-\(theme.name).png",
          caption: "Collapsed, .\(truncationStyle), \(theme.name)",
          options: "state collapsed, style \(truncationStyle), theme \(theme.name), width 320,"
            + " line limit 3, type size large", theme: theme)
      }
      let expanded = model(
        DemoTexts.appDescription, theme: theme, lessLabel: "less", isExpanded: true)
      try require(
        try expanded.layout(using: engine, expanded: true).button != nil, "expandable",
        "the expanded text ends with \"less\"")
      try add(
        expanded.displayList(using: engine), as: "expandable-expanded-\(theme.name).png",
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
    for typeSize in [TypeSize.extraSmall, .large, .accessibilityExtraLarge] {
      let model = model(DemoTexts.typeSizes, width: 300, typeSize: typeSize)
      let layout = try model.layout(using: engine, expanded: false)
      let fits = typeSize == .extraSmall
      let name = typeSize.shortName
      try require(
        layout.isTruncated != fits && (layout.button == nil) == fits, "dynamic type",
        "the text \(fits ? "fits" : "is cut") at \(name) (\(typeSize.bodySize) points)")
      try add(
        model.displayList(using: engine), as: "type-size-\(name).png",
        caption:
          "\(name): \(typeSize.bodySize.formatted()) pt, \(fits ? "fits, no button" : "cut")",
        options: "type size \(name), state collapsed, style fade, width 300, line limit 3",
        theme: .light)
    }
  }

  mutating func drawMarkdown() throws {
    beginSection(
      "Markdown",
      "A description written in inline Markdown, read as SwiftUI's Text reads it: bold,"
        + " italic, code, strikethrough, a link and an autolink in the accent color, and a"
        + " ||spoiler|| under dust. Whitespace and line breaks stay as written.")
    var text = MarkdownParser.styledText(from: DemoTexts.markdownDescription, base: style())
    text.setDefaultLanguage("en")
    for expanded in [false, true] {
      var model = ExpandableTextModel(
        text: text, environment: ComponentEnvironment(width: Self.width, reducesMotion: true),
        truncationStyle: .inline, lessLabel: expanded ? "less" : nil, isExpanded: expanded)
      model.spoilers.seed = 3
      let layout = try model.layout(using: engine, expanded: expanded)
      try require(layout.isTruncated, "markdown", "the description is cut at 3 lines")
      let list = try model.displayList(using: engine)
      try require(
        layout.text.text.runs.contains { $0.style.link != nil }
          && (!expanded
            || list.hitRegions.contains { if case .openLink = $0.action { true } else { false } })
          && layout.text.text.runs.contains { $0.style.weight == .bold }
          && !layout.text.text.string.contains("**"),
        "markdown",
        "the Markdown is read: bold and links (answering taps when shown), no asterisks left")
      let state = expanded ? "expanded" : "collapsed"
      try add(
        list, as: "markdown-\(state).png", caption: "Markdown description, \(state)",
        options: "render --markdown, style inline, \(state), width 320", theme: .light)
    }
  }

  mutating func drawScripts() throws {
    beginSection(
      "Right-to-left and Chinese",
      "Hebrew and Arabic descriptions in a right-to-left layout: \"more\" sits at the left end"
        + " of the last line and the fade runs toward it, mirrored. An English description in"
        + " the same right-to-left interface keeps its own direction: its last line ends at the"
        + " right, and so do the fade and \"more\". The Chinese and Japanese paragraphs break"
        + " between ideographs; each is set with its language, so every character comes from"
        + " the one fallback face Fontconfig sorts first for it, and every line is as tall as"
        + " the others.")
    let texts: [(String, String, InterfaceDirection, String, String, TextLanguage)] = [
      ("hebrew", DemoTexts.hebrew, .rightToLeft, "עוד", "Hebrew", "he"),
      ("arabic", DemoTexts.arabic, .rightToLeft, "المزيد", "Arabic", "ar"),
      ("english-rtl", DemoTexts.typeSizes, .rightToLeft, "more", "English, RTL interface", "en"),
      ("chinese", DemoTexts.chinese, .leftToRight, "更多", "Chinese", "zh-Hans"),
      (
        "traditional-chinese", DemoTexts.traditionalChinese, .leftToRight, "更多",
        "Traditional Chinese", "zh-Hant"
      ),
      ("japanese", DemoTexts.japanese, .leftToRight, "もっと見る", "Japanese", "ja"),
    ]
    for (file, text, direction, label, language, tag) in texts {
      let model = model(
        text, width: 300, direction: direction, moreLabel: label, language: tag)
      let layout = try model.layout(using: engine, expanded: false)
      try require(layout.isTruncated, language, "the text is cut at 3 lines in 300 points")
      if ["zh", "ja"].contains(tag.languageCode) { try requireOneCJKFace(layout.text, language) }
      let isRightToLeftText = tag == "he" || tag == "ar"
      try require(
        (layout.fade?.clearEdge == .left) == isRightToLeftText
          && ((layout.button?.minX ?? 1) < 1) == isRightToLeftText, language,
        "the fade and the button sit at the end of the last line in the text's own direction")
      try add(
        model.displayList(using: engine), as: "script-\(file).png",
        caption: "\(language), collapsed\(isRightToLeftText ? ", fade mirrored" : "")",
        options: "direction \(direction.shortName), lang \(tag), more label"
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
    try require(
      try model.layout(using: engine, expanded: false).isTruncated, "animation",
      "the description is cut, so there is something to expand")
    let frames = try add(
      recording: model,
      script: [
        .hold(.milliseconds(900)), .perform(.expand), .animate, .hold(.milliseconds(1500)),
        .perform(.collapse), .animate,
      ],
      as: "expand-animation.png",
      caption: { "Expand and collapse, \($0) frames (APNG)" },
      options: "render --animate, style fade, theme light, width 320, duration 0.6 s",
      theme: .light)
    try require(frames > 30, "animation", "both changes are animated, \(frames) frames")
  }
}
