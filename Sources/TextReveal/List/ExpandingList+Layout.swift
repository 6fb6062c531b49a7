import Foundation
@_spi(Backend) import TextLayout

extension ExpandingList {
  /// The two labels under cut rows, laid out once for all rows.
  struct Labels {
    var readMore: LaidOutText
    var showLess: LaidOutText
  }

  /// The configuration of a collapsed row's text.
  var limitedConfiguration: LayoutConfiguration {
    LayoutConfiguration(
      width: textWidth, lineLimit: lineLimit, direction: environment.direction,
      tabStops: environment.tabStops)
  }

  /// The configuration of an expanded row's text.
  var unlimitedConfiguration: LayoutConfiguration {
    LayoutConfiguration(
      width: textWidth, direction: environment.direction, tabStops: environment.tabStops)
  }

  /// Where rows' text starts, and where their avatars sit: mirrored right to left.
  var textX: Double {
    environment.direction == .rightToLeft
      ? metrics.padding : metrics.padding + metrics.accessorySize + metrics.spacing
  }

  var accessoryX: Double {
    environment.direction == .rightToLeft
      ? environment.width - metrics.padding - metrics.accessorySize : metrics.padding
  }

  /// The prepared text of every row, which also finds an identity used twice.
  func preparedTexts() throws(TextRevealError) -> [PreparedText] {
    switch cache.texts(for: rows, version: rowsVersion, typeSize: environment.typeSize) {
    case .success(let texts): return texts
    case .failure(let duplicate): throw .duplicateRowID(String(describing: duplicate.id))
    }
  }

  func labels(using engine: TextLayoutEngine) throws(TextLayoutError) -> Labels {
    var style = TextStyle(
      fontFamily: rows.first?.text.runs.first?.style.fontFamily ?? TextStyle().fontFamily,
      size: 15 * environment.typeSize.scale, weight: .semibold)
    style.color = environment.theme.accent
    let configuration = LayoutConfiguration(width: textWidth, alignment: .leading)
    return Labels(
      readMore: try engine.layout(
        StyledText(readMoreLabel, style: style), configuration: configuration),
      showLess: try engine.layout(
        StyledText(showLessLabel, style: style), configuration: configuration))
  }

  /// The frames of every row in an expansion state, kept in the list's cache.
  ///
  /// - Complexity: One line-limited measurement per row, plus an unlimited one per expanded
  ///   row; nothing when the cache holds the state.
  func geometry(
    _ texts: [PreparedText], expansion: ExpansionSet<ID>, labels: Labels,
    using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ListGeometry {
    let key = ListCache<ID>.GeometryKey(
      version: rowsVersion, environment: environment, lineLimit: lineLimit,
      collapsesBlankLines: collapsesBlankLines, metrics: metrics,
      labels: [readMoreLabel, showLessLabel], expanded: expansion.expanded)
    if let kept = cache.geometry(for: key) { return kept }
    let geometry = try measureRows(
      texts, expanded: expandedFlags(expansion), labelHeight: labels.readMore.layoutSize.height,
      using: engine)
    cache.keep(geometry, for: key)
    return geometry
  }

  /// Which rows an expansion set expands, read once so that the loop over rows is not generic.
  @_specialize(where ID == Int)
  @_specialize(where ID == String)
  func expandedFlags(_ expansion: ExpansionSet<ID>) -> [Bool] {
    var expanded = [Bool](repeating: false, count: rows.count)
    if !expansion.expanded.isEmpty {
      for index in rows.indices where expansion.isExpanded(rows[index].id) {
        expanded[index] = true
      }
    }
    return expanded
  }

  /// Measures every row's text and stacks the rows.
  private func measureRows(
    _ texts: [PreparedText], expanded: [Bool], labelHeight: Double,
    using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ListGeometry {
    let width = environment.width
    let unlimited = unlimitedConfiguration
    var rows: [ListGeometry.Row] = []
    rows.reserveCapacity(texts.count)
    var collapsedTexts: [Int: PreparedText] = [:]
    var top = 0.0
    // Every row's height at the line limit, in one call: one run of the layout algorithm
    // measures them all.
    let measurements = try engine.measure(texts, configuration: limitedConfiguration)
    for index in texts.indices {
      let collapsed = measurements[index]
      let isExpanded = collapsed.isTruncated && expanded[index]
      var shown = collapsed
      if isExpanded {
        shown = try engine.measure(texts[index], configuration: unlimited)
      } else if collapsed.isTruncated && collapsesBlankLines,
        let squeezed = BlankLineCollapsing.collapsed(texts[index], before: collapsed.visibleEnd)
      {
        // Cut on the whole text, shown without its blank lines, as an expandable text is.
        collapsedTexts[index] = squeezed
        shown = try engine.measure(squeezed, configuration: limitedConfiguration)
      }
      var contentHeight = shown.layoutSize.height
      if collapsed.isTruncated { contentHeight += metrics.labelSpacing + labelHeight }
      let height = max(metrics.accessorySize, contentHeight) + 2 * metrics.padding
      rows.append(
        ListGeometry.Row(
          frame: LayoutRect(x: 0, y: top, width: width, height: height),
          textHeight: shown.layoutSize.height, isTruncated: collapsed.isTruncated,
          isExpanded: isExpanded))
      top += height
    }
    return ListGeometry(rows: rows, height: top, collapsedTexts: collapsedTexts)
  }

  /// The geometry of the current expansion state, for tests and callers that want frames.
  package func geometry(using engine: TextLayoutEngine) throws(TextRevealError) -> ListGeometry {
    let texts = try preparedTexts()
    do {
      return try geometry(
        texts, expansion: expansion, labels: try labels(using: engine), using: engine)
    } catch {
      throw .layout(error)
    }
  }

  // MARK: - Display list

  /// The rows a visible rectangle meets, drawn at a time: avatars, separators, each row's text
  /// with its links and spoilers, and "Read more" or "Show less" under cut rows. While a toggle
  /// animates, every row moves from its old frame to its new one and a toggled row's text is
  /// clipped to its growing or shrinking height, its label moving with the text's end and
  /// the old one fading out before the new one fades in.
  ///
  /// - Complexity: Measuring every row once per expansion state (kept between frames), and
  ///   laying out the text of the rows `visibleRect` meets.
  public func displayList(
    using engine: TextLayoutEngine, at time: Double, visibleRect: CGRect?
  ) throws(TextRevealError) -> DisplayList<Action> {
    let texts = try preparedTexts()
    do {
      return try makeDisplayList(texts, using: engine, at: time, visibleRect: visibleRect)
    } catch {
      throw .layout(error)
    }
  }

  private func makeDisplayList(
    _ texts: [PreparedText], using engine: TextLayoutEngine, at time: Double,
    visibleRect: CGRect?
  ) throws(TextLayoutError) -> DisplayList<Action> {
    let labels = try labels(using: engine)
    let target = try geometry(texts, expansion: expansion, labels: labels, using: engine)
    var previous: ListGeometry?
    var progress = 1.0
    var animation = DisplayAnimation.still
    if let transition, transition.timing.isRunning(at: time) {
      let before = try geometry(
        texts, expansion: transition.previous, labels: labels, using: engine)
      if before.rows.count == target.rows.count {
        previous = before
        progress = transition.timing.progress(at: time)
        animation = .until(transition.timing.end)
      }
    }
    func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * progress }
    let height = previous.map { mix($0.height, target.height) } ?? target.height
    let visible = visibleRect.map(LayoutRect.init)

    var items: [DisplayItem] = []
    var regions: [HitRegion<Action>] = []
    var accessibility: [AccessibilityElement<Action>] = []
    var index = previous == nil ? target.firstRow(endingAfter: visible?.minY ?? -.infinity) : 0
    while index < target.rows.count {
      let row = target.rows[index]
      let old = previous?.rows[index] ?? row
      let frame = LayoutRect(
        x: 0, y: mix(old.frame.minY, row.frame.minY), width: row.frame.width,
        height: mix(old.frame.height, row.frame.height))
      if let visible, frame.minY >= visible.maxY { break }
      defer { index += 1 }
      if let visible, frame.maxY <= visible.minY || frame.height <= 0 { continue }
      try drawRow(
        index, frame: frame, textHeight: mix(old.textHeight, row.textHeight),
        isExpanded: (before: old.isExpanded, after: row.isExpanded), progress: progress,
        isLast: index == target.rows.count - 1,
        text: old.isExpanded || row.isExpanded
          ? texts[index] : target.collapsedTexts[index] ?? texts[index],
        labels: labels,
        using: engine, at: time, items: &items, regions: &regions,
        accessibility: &accessibility, animation: &animation, isTruncated: row.isTruncated)
    }
    return DisplayList(
      size: CGSize(width: environment.width, height: height),
      background: environment.theme.background, items: items, hitRegions: regions,
      accessibility: accessibility, animation: animation)
  }

  /// Draws one row at a frame.
  private func drawRow(
    _ index: Int, frame: LayoutRect, textHeight: Double, isExpanded: (before: Bool, after: Bool),
    progress: Double, isLast: Bool, text: PreparedText, labels: Labels,
    using engine: TextLayoutEngine, at time: Double, items: inout [DisplayItem],
    regions: inout [HitRegion<Action>], accessibility: inout [AccessibilityElement<Action>],
    animation: inout DisplayAnimation, isTruncated: Bool
  ) throws(TextLayoutError) {
    let row = rows[index]
    let theme = environment.theme
    let isRightToLeft = environment.direction == .rightToLeft
    let changes = isExpanded.before != isExpanded.after
    // Avatar and separator.
    if let avatar = row.avatar, metrics.accessorySize > 0 {
      let side = metrics.accessorySize
      let center = CGPoint(x: accessoryX + side / 2, y: frame.minY + metrics.padding + side / 2)
      items.append(.shape(.circle(center: center, radius: side / 2, color: avatar.color)))
      if !avatar.initials.isEmpty {
        let initials = try engine.layout(
          StyledText(
            avatar.initials,
            style: TextStyle(
              fontFamily: row.text.runs.first?.style.fontFamily ?? TextStyle().fontFamily,
              size: side * 0.4, weight: .semibold, color: TextColor(red: 1, green: 1, blue: 1))),
          configuration: LayoutConfiguration(width: side * 4, alignment: .leading))
        if let line = initials.lines.first {
          // The line box centered in the circle: with its ascent and descent, capitals and
          // ideographs sit at the optical center.
          items.append(
            .text(
              TextItem(
                layout: initials,
                origin: CGPoint(
                  x: Double(center.x) - line.x - line.width / 2,
                  y: Double(center.y) - line.top - initials.layoutSize.height / 2),
                color: TextColor(red: 1, green: 1, blue: 1),
                accentColor: TextColor(red: 1, green: 1, blue: 1))))
        }
      }
    }
    if metrics.showsSeparators && !isLast {
      let thickness = 0.5
      let minX = isRightToLeft ? 0 : textX
      let maxX = isRightToLeft ? textX + textWidth : environment.width
      let gray = theme.secondaryText
      items.append(
        .shape(
          ShapeItem(
            rect: CGRect(
              x: minX, y: frame.maxY - thickness, width: maxX - minX, height: thickness),
            color: TextColor(
              red: gray.red, green: gray.green, blue: gray.blue, alpha: gray.alpha * 0.5))))
    }

    // The text, its label, and their taps, clipped to the row.
    let textTop = frame.minY + metrics.padding
    let laidOut = try engine.layout(
      text,
      configuration: isExpanded.after || isExpanded.before
        ? unlimitedConfiguration : limitedConfiguration)
    let content = TextContent(layout: laidOut, origin: LayoutPoint(x: textX, y: textTop))
    let spoilers = spoilers[row.id] ?? defaultSpoilers
    let seed = spoilers.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    var rowItems = content.items(
      environment: environment, spoilers: spoilers, seed: seed, at: time)
    if changes {
      rowItems = [
        .group(
          GroupItem(
            items: rowItems,
            clip: CGRect(x: 0, y: textTop, width: environment.width, height: textHeight)))
      ]
    }
    if isTruncated {
      let labelTop = textTop + textHeight + metrics.labelSpacing
      func label(_ layout: LaidOutText) -> DisplayItem {
        let x = isRightToLeft ? textX + textWidth - layout.layoutSize.width : textX
        return .text(
          TextItem(
            layout: layout, origin: CGPoint(x: x - (layout.lines.first?.x ?? 0), y: labelTop),
            color: theme.accent, accentColor: theme.accent))
      }
      let shown = isExpanded.after ? labels.showLess : labels.readMore
      if changes {
        // The old label fades out in the first half, the new one in over the second: never
        // two labels over each other.
        let gone = isExpanded.before ? labels.showLess : labels.readMore
        rowItems.append(
          .group(GroupItem(items: [label(gone)], opacity: max(0, 1 - 2 * progress))))
        rowItems.append(.group(GroupItem(items: [label(shown)], opacity: max(0, 2 * progress - 1))))
      } else {
        rowItems.append(label(shown))
      }
    }
    items.append(.group(GroupItem(items: rowItems, clip: frame.cgRect)))

    regions += content.hitRegions(
      spoilers: spoilers, at: time, spoiler: { .tapSpoiler(row.id, $0) },
      link: { .openLink($0) })
    if isTruncated { regions.append(HitRegion(rect: frame.cgRect, action: .toggle(row.id))) }
    accessibility.append(
      AccessibilityElement(
        role: .row,
        label: TextContent.accessibleLabel(of: row.text, spoilers: spoilers, at: time),
        frame: frame.cgRect, isExpanded: isTruncated ? isExpanded.after : nil,
        action: isTruncated ? .toggle(row.id) : nil,
        actionName: isTruncated ? (isExpanded.after ? showLessLabel : readMoreLabel) : nil))
    accessibility += content.linkElements { .openLink($0) }
    animation = animation.combined(
      with: content.animation(environment: environment, spoilers: spoilers, at: time))
  }
}
