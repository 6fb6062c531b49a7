import Foundation
@_spi(Backend) import TextLayout

extension ExpandableTextModel {
  /// The text as shown expanded: trimmed, scaled to the type size, links in the accent color.
  func expandedText() -> StyledText {
    var result = cache.trimmed(text).scaled(to: environment.typeSize)
    // One pass over the runs: a run at a time made a text of many links quadratic.
    let accent = environment.theme.accent
    result.updateEveryStyle { style in
      if style.link != nil && style.color == nil { style.color = accent }
    }
    return result
  }

  /// The style of the buttons: the text's last style, in the accent color.
  func buttonStyle(for text: StyledText) -> TextStyle {
    var style = text.runs.last?.style ?? TextStyle()
    style.color = environment.theme.accent
    style.link = nil
    style.isSpoiler = false
    style.isStrikethrough = false
    return style
  }

  /// Lays the model out in a given state.
  ///
  /// The engine is asked the cheapest question that answers each part: whether the text is
  /// cut and the other state's height come from measuring (lines filled, no glyphs placed),
  /// and only the state shown is laid out. The text's analysis is prepared once and shared by
  /// the passes over it.
  ///
  /// The layout is kept in the model's cache, shared by its copies, under everything it
  /// depends on: asked again with nothing changed (the next frame of an animation, a hit test,
  /// a redraw), it is not made again.
  ///
  /// - Complexity: One line-limited measurement, one layout of the state shown, one
  ///   measurement of the other state (none when the text is not cut), and the label's layout;
  ///   nothing when the cache holds the layout.
  package func layout(
    using engine: TextLayoutEngine, expanded: Bool
  ) throws(TextRevealError) -> ExpandableTextLayout {
    let key = ExpandableTextCache.Key(self, expanded: expanded)
    if let kept = cache.layout(for: key) { return kept }
    let layout = try uncachedLayout(using: engine, expanded: expanded)
    cache.keep(layout, for: key)
    return layout
  }

  /// Lays the model out in a given state without looking in the cache or filling it.
  func uncachedLayout(
    using engine: TextLayoutEngine, expanded: Bool
  ) throws(TextRevealError) -> ExpandableTextLayout {
    do {
      return try layOut(using: engine, expanded: expanded)
    } catch {
      throw .layout(error)
    }
  }

  private func layOut(
    using engine: TextLayoutEngine, expanded: Bool
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let full = PreparedText(expandedText())
    let limited = LayoutConfiguration(
      width: environment.width, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
    // Decided on the text as the reader will see it expanded, before blank lines collapse: a
    // text that only fits once its blank lines are squeezed is still cut.
    let isTruncated = try engine.measure(full, configuration: limited).isTruncated
    let shown =
      collapsesBlankLines && isTruncated
      ? BlankLineCollapsing.collapsed(full, before: .max) ?? full : full
    if expanded && isTruncated {
      var result = try layoutExpanded(full, using: engine)
      result.collapsedHeight =
        try engine.measure(shown, configuration: collapsedConfiguration(for: shown.text))
        .layoutSize.height
      return result
    }
    var collapsed = try layoutCollapsed(shown, isTruncated: isTruncated, using: engine)
    if isTruncated {
      collapsed.expandedHeight = try engine.measure(
        expandedText(full), configuration: expandedConfiguration
      ).layoutSize.height
    }
    return collapsed
  }

  /// The configuration of the expanded text: every line.
  var expandedConfiguration: LayoutConfiguration {
    LayoutConfiguration(
      width: environment.width, direction: environment.direction, tabStops: environment.tabStops)
  }

  /// The configuration of the collapsed, cut text: the line limit, and the token of the
  /// `.inline` style.
  func collapsedConfiguration(for text: StyledText) -> LayoutConfiguration {
    var configuration = LayoutConfiguration(
      width: environment.width, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
    if truncationStyle == .inline {
      configuration.truncationToken = TruncationToken(
        leader: "\u{2026} ", label: moreLabel, labelStyle: buttonStyle(for: text))
    }
    return configuration
  }

  /// What separates the expanded text from its "less" label: an EN SPACE, a little wider than
  /// a space. Like a space it is a break opportunity and hangs at a line's end, so the label
  /// wraps alone when it does not fit, and the last word stays where it was.
  static let lessSeparator = "\u{2002}"

  /// The expanded text with the "less" label after it, when there is one.
  func expandedText(_ full: PreparedText) -> PreparedText {
    guard let lessLabel else { return full }
    var text = full.text
    text.append(Self.lessSeparator, style: text.runs.last?.style ?? TextStyle())
    text.append(lessLabel, style: buttonStyle(for: text))
    return PreparedText(text)
  }

  func layoutExpanded(
    _ full: PreparedText, using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let text = expandedText(full)
    let lessRange =
      lessLabel.map { _ in
        (full.text.string.utf8.count + Self.lessSeparator.utf8.count)..<text.text.string.utf8.count
      }
    let laidOut = try engine.layout(text, configuration: expandedConfiguration)
    return ExpandableTextLayout(
      text: laidOut, isExpanded: true, isTruncated: true, moreLabel: nil,
      button: lessRange.flatMap { laidOut.rects(for: $0).last }, fade: nil,
      size: LayoutSize(width: environment.width, height: laidOut.layoutSize.height),
      collapsedHeight: 0, expandedHeight: laidOut.layoutSize.height)
  }

  func layoutCollapsed(
    _ text: PreparedText, isTruncated: Bool, using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ExpandableTextLayout {
    let style = buttonStyle(for: text.text)
    let width = environment.width
    let configuration =
      isTruncated
      ? collapsedConfiguration(for: text.text)
      : LayoutConfiguration(
        width: width, lineLimit: lineLimit, direction: environment.direction,
        tabStops: environment.tabStops)
    let laidOut = try engine.layout(text, configuration: configuration)
    var result = ExpandableTextLayout(
      text: laidOut, isExpanded: false, isTruncated: isTruncated, moreLabel: nil, button: nil,
      fade: nil, size: LayoutSize(width: width, height: laidOut.layoutSize.height),
      collapsedHeight: laidOut.layoutSize.height, expandedHeight: laidOut.layoutSize.height)
    guard isTruncated, let last = laidOut.lines.last else { return result }

    switch truncationStyle {
    case .inline:
      result.button = laidOut.layoutTokenLabelRect
    case .fade:
      // "more" sits at the trailing end of the last line, on its baseline, where the line's
      // own paragraph ends (an English text in a right-to-left interface still ends at the
      // right); the text under a ramp as wide as the label fades out, a small gap before it.
      // Left-aligned in its own box whatever the label's script, so that the box's left edge
      // is the label's: a right-to-left label ("עוד") would otherwise align to the far right.
      let label = try engine.layout(
        StyledText(moreLabel, style: style),
        configuration: LayoutConfiguration(width: width, alignment: .leading))
      let labelWidth = label.layoutSize.width
      let labelAscent = label.lines.first?.ascent ?? 0
      let gap = Self.fadeGap * style.size
      let isRightToLeft = last.paragraphLevel & 1 == 1
      let labelX = isRightToLeft ? 0 : width - labelWidth
      let placed = PlacedLabel(
        layout: label, origin: LayoutPoint(x: labelX, y: last.baseline - labelAscent))
      result.moreLabel = placed
      result.button = placed.frame
      let rampX = isRightToLeft ? labelWidth + gap : labelX - gap - labelWidth
      result.fade = (
        LayoutRect(x: rampX, y: last.top, width: labelWidth, height: last.height),
        isRightToLeft ? .left : .right
      )
    }
    return result
  }

  /// The clear gap between the fade's clear end and the "more" label, in ems of the label.
  static let fadeGap = 0.3
}
