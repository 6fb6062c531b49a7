import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension DemoGallery {
  // MARK: - Truncation detection

  mutating func drawTruncationDetection() throws {
    beginSection(
      "Truncation detection",
      "A fitness service's blurb limited to 2 lines. A TruncationDetector measures it at each"
        + " width and says when the answer changes; its \"Show all\" button is drawn only when"
        + " the text is cut, and a tap on it shows the whole text.")
    var changes: [Bool] = []
    var detector = TruncationDetector(
      text: StyledText(DemoTexts.fitnessBlurb, style: style()),
      environment: ComponentEnvironment(width: 320), lineLimit: .lines(2))
    for width in [320.0, 560.0] {
      detector.environment.width = width
      let update = try detector.update(using: engine)
      if update.hasChanged { changes.append(update.isTruncated) }
      let isTruncated = update.isTruncated
      try require(
        isTruncated == (width < 400), "truncation detection",
        "the blurb is \(width < 400 ? "cut" : "not cut") at 2 lines in \(width) points")
      let list = try detector.displayList(using: engine)
      try require(
        list.hitRegions.contains { $0.action == .showAll } == isTruncated,
        "truncation detection", "\"Show all\" is there exactly when the blurb is cut")
      try add(
        list, as: "truncation-\(isTruncated ? "cut" : "fits").png",
        caption: isTruncated
          ? "\(Int(width)) pt: cut, so \"Show all\" is shown"
          : "\(Int(width)) pt: fits in 2 lines, no button",
        options: "TruncationDetector(lineLimit: 2), width \(Int(width)), isTruncated"
          + " \(isTruncated)", theme: .light)
    }
    try require(
      changes == [true, false], "truncation detection",
      "the detector reports true, then false (reported \(changes))")
    detector.environment.width = 320
    detector.perform(.showAll, at: 0)
    try add(
      detector.displayList(using: engine), as: "truncation-show-all.png",
      caption: "After a tap on \"Show all\": the whole blurb",
      options: "TruncationDetector, width 320, after .showAll", theme: .light)
  }

  // MARK: - Full-width alignment

  mutating func drawSettingsPage() throws {
    beginSection(
      "Full-width alignment",
      "A settings page: two titled paragraphs and a segmented control in a centered vertical"
        + " stack, 320 points wide. Before, each text's frame hugs its text, so the stack"
        + " centers frames of different widths and the texts' leading edges do not line up."
        + " After, FullWidthText frames fill the width with the text at their leading edge, and"
        + " everything lines up. Magenta: the frame; green: the text's own frame.")
    let texts = [
      StyledText(DemoTexts.appearanceTitle, style: style(size: 20, weight: .bold)),
      StyledText(DemoTexts.appearanceText, style: style(size: 15)),
      StyledText(DemoTexts.remindersTitle, style: style(size: 20, weight: .bold)),
      StyledText(DemoTexts.remindersText, style: style(size: 15)),
    ]
    for isAligned in [false, true] {
      var parts: [DisplayList<FullWidthText.Action>] = []
      var edges: Set<Double> = []
      for text in texts {
        let fullWidth = FullWidthText(
          text: text, environment: ComponentEnvironment(width: Self.width),
          frameAlignment: isAligned ? .leading : .center)
        var part = try fullWidth.displayList(using: engine)
        for case .text(let item) in part.items { edges.insert(Double(item.linesFrame.minX)) }
        if isAligned {
          part = part.outliningFrames()
        } else {
          // Hugging: the frame is the text's own frame, so both outlines coincide.
          for case .text(let item) in part.items {
            part.items.append(
              .shape(
                ShapeItem(rect: item.linesFrame, color: Self.magenta, paint: .stroke(lineWidth: 1)))
            )
          }
          part = part.outliningFrames(frameColor: TextColor(red: 0, green: 0, blue: 0, alpha: 0))
        }
        parts.append(part)
      }
      parts.insert(try segmentedControl(DemoTexts.appearanceChoices), at: 2)
      try require(
        isAligned ? edges == [0] : edges.count > 1, "full-width alignment",
        isAligned
          ? "every text starts at the leading edge" : "hugging frames leave the texts misaligned")
      try add(
        Self.stacked(parts, width: Self.width, spacing: 10),
        as: "full-width-\(isAligned ? "after" : "before").png",
        caption: isAligned
          ? "After: FullWidthText(frameAlignment: .leading), frames fill the width"
          : "Before: frames hug their text in a centered stack (frame and text frame coincide)",
        options: "width 320, show frames, theme light", theme: .light)
    }
  }

  static let magenta = TextColor(red: 0.9, green: 0.1, blue: 0.75, alpha: 0.9)

  /// Display lists one under the other, as a vertical stack places views.
  static func stacked<Action>(
    _ parts: [DisplayList<Action>], width: Double, spacing: Double
  ) -> DisplayList<Action> {
    var result = DisplayList<Action>(
      size: CGSize(width: width, height: 0),
      background: parts.first?.background ?? Theme.light.background)
    var top = 0.0
    for part in parts {
      let moved = part.offsetBy(dx: 0, dy: top)
      result.items += moved.items
      result.hitRegions += moved.hitRegions
      result.accessibility += moved.accessibility
      top += Double(part.size.height) + spacing
    }
    result.size.height = max(0, top - spacing)
    return result
  }

  /// A segmented control with its first choice selected: shapes and labels, drawn like any
  /// component.
  private func segmentedControl(
    _ choices: [String]
  ) throws -> DisplayList<FullWidthText.Action> {
    let height = 32.0
    let theme = Theme.light
    var list = DisplayList<FullWidthText.Action>(
      size: CGSize(width: Self.width, height: height), background: theme.background)
    list.items.append(
      .shape(
        ShapeItem(
          rect: CGRect(x: 0, y: 0, width: Self.width, height: height), cornerRadius: 8,
          color: TextColor(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12))))
    let segment = Self.width / Double(choices.count)
    for (index, choice) in choices.enumerated() {
      let box = CGRect(
        x: Double(index) * segment + 2, y: 2, width: segment - 4, height: height - 4)
      if index == 0 {
        list.items.append(.shape(ShapeItem(rect: box, cornerRadius: 6, color: theme.background)))
      }
      list.items.append(
        .shape(
          ShapeItem(
            rect: box, cornerRadius: 6, color: TextColor(red: 0, green: 0, blue: 0, alpha: 0.2),
            paint: .stroke(lineWidth: 0.5))))
      let label = try engine.layout(
        StyledText(choice, style: style(size: 13, weight: index == 0 ? .semibold : .regular)),
        configuration: LayoutConfiguration(width: segment - 4, alignment: .leading))
      list.items.append(
        .text(
          TextItem(
            layout: label,
            origin: CGPoint(
              x: Double(box.midX) - Double(label.size.width) / 2,
              y: Double(box.midY) - Double(label.size.height) / 2),
            color: theme.primaryText, accentColor: theme.accent)))
    }
    return list
  }
}
