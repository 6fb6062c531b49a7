import Foundation
@_spi(Backend) import TextLayout

/// A laid-out text placed in a component, with its links and spoilers: the part every
/// component is made of. It turns the text, the spoilers' state and a time into display items,
/// hit regions and what assistive technologies read, so that no component draws a text, a
/// link or a spoiler its own way.
struct TextContent {
  /// The text as laid out.
  let layout: LaidOutText
  /// Where the layout's origin sits in the component.
  let origin: LayoutPoint
  /// The hidden runs shown, in the layout's coordinates.
  let regions: [SpoilerRegion]

  /// How far dust inside a spreading reveal is pushed outward by its end, in points.
  static let pushDistance = 12.0

  init(layout: LaidOutText, origin: LayoutPoint) {
    self.layout = layout
    self.origin = origin
    self.regions = SpoilerRegion.regions(in: layout)
  }

  /// The smallest rectangle holding every hidden word, in the component; `nil` without any.
  var spoilerArea: CGRect? {
    let rects = regions.flatMap(\.hitRects)
    guard let first = rects.first else { return nil }
    var (minX, minY, maxX, maxY) = (first.minX, first.minY, first.maxX, first.maxY)
    for rect in rects {
      minX = min(minX, rect.minX)
      minY = min(minY, rect.minY)
      maxX = max(maxX, rect.maxX)
      maxY = max(maxY, rect.maxY)
    }
    return CGRect(x: origin.x + minX, y: origin.y + minY, width: maxX - minX, height: maxY - minY)
  }

  private func moved(_ rect: LayoutRect) -> CGRect {
    CGRect(x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height)
  }

  private func textItem(
    _ environment: ComponentEnvironment, _ spoilers: SpoilerTextVisibility
  ) -> DisplayItem {
    .text(
      TextItem(
        layout: layout, origin: origin.cgPoint, color: environment.theme.primaryText,
        accentColor: environment.theme.accent, spoilers: spoilers))
  }

  // MARK: - Drawing

  /// The items that draw the text at a time: its glyphs, hidden spoilers' glyphs only where a
  /// reveal shows them, and the dust over what is still hidden.
  func items(
    environment: ComponentEnvironment, spoilers: SpoilerState, seed: UInt64? = nil,
    at time: Double
  ) -> [DisplayItem] {
    let seed = seed ?? spoilers.seed
    guard !regions.isEmpty else { return [textItem(environment, .visible)] }
    let phase = spoilers.phase(at: time)
    if case .revealed = phase { return [textItem(environment, .visible)] }
    var items = [textItem(environment, .hidden)]
    let hiddenText = textItem(environment, .only)
    var circle: (center: LayoutPoint, radius: Double, progress: Double)?
    var dustOpacity = 1.0
    switch phase {
    case .hidden, .revealed:
      break
    case .revealing(let center, let radius, let start, let duration):
      let linear = duration > 0 ? max(0, min(1, (time - start) / duration)) : 1
      if environment.reducesMotion {
        items.append(.group(GroupItem(items: [hiddenText], opacity: linear)))
        dustOpacity = 1 - linear
      } else {
        // Ease in: slow at the tap, fast as it reaches the far corners.
        let eased = linear * linear
        let circleCenter = LayoutPoint(x: Double(center.x), y: Double(center.y))
        items.append(
          .group(
            GroupItem(
              items: [hiddenText], mask: .circle(center: center, radius: radius * eased))))
        circle = (circleCenter, radius * eased, eased)
      }
    case .hiding(let start):
      let linear = max(0, min(1, (time - start) / SpoilerState.hideDuration))
      items.append(.group(GroupItem(items: [hiddenText], opacity: 1 - linear)))
      dustOpacity = linear
    }
    items.append(
      .dust(
        dust(
          environment: environment, seed: seed, at: time, circle: circle, opacity: dustOpacity)))
    return items
  }

  /// The dust at a time: the field's grains, those inside a spreading circle pushed outward and
  /// faded with the reveal's progress, every opacity times the dust's.
  private func dust(
    environment: ComponentEnvironment, seed: UInt64, at time: Double,
    circle: (center: LayoutPoint, radius: Double, progress: Double)?, opacity: Double
  ) -> DustItem {
    let field = ParticleField(
      regions: regions.map(\.dustRects), seed: seed, reducesMotion: environment.reducesMotion)
    var grains: [ParticleField.Grain] = []
    field.grains(at: time, into: &grains)
    var result: [DustGrain] = []
    result.reserveCapacity(grains.count)
    for grain in grains {
      var x = origin.x + grain.x
      var y = origin.y + grain.y
      var alpha = grain.opacity * opacity
      if let circle {
        let dx = x - circle.center.x
        let dy = y - circle.center.y
        let distance = hypot(dx, dy)
        if distance <= circle.radius {
          let push = Self.pushDistance * circle.progress
          if distance > 0 {
            x += dx / distance * push
            y += dy / distance * push
          }
          alpha *= max(0, 1 - circle.progress) * (1 - distance / max(circle.radius, 1e-9))
        }
      }
      guard alpha > 0.004 else { continue }
      result.append(
        DustGrain(
          center: CGPoint(x: x, y: y), diameter: grain.size, opacity: alpha,
          colorIndex: grain.region))
    }
    return DustItem(
      grains: result, colors: regions.map { $0.color ?? environment.theme.primaryText })
  }

  /// Whether the text's picture changes after a time: dust moves while it shows, and a reveal
  /// or hide runs to its end.
  func animation(
    environment: ComponentEnvironment, spoilers: SpoilerState, at time: Double
  ) -> DisplayAnimation {
    guard !regions.isEmpty else { return .still }
    // The dust moves while it shows: hidden, or fading back in while hiding.
    let end = spoilers.changeEnd(after: time)
    let dustShows: Bool =
      switch spoilers.phase(at: time) {
      case .hidden, .hiding, .revealing: true
      case .revealed: false
      }
    let movesAfterward = !environment.reducesMotion && !spoilers.isRevealed(at: end ?? time)
    return DisplayAnimation(
      changeEnd: end, isContinuous: dustShows && movesAfterward)
  }

  // MARK: - Taps

  /// The hit regions of the text: its hidden words (which answer before the links over them),
  /// and its visible links.
  ///
  /// - Parameters:
  ///   - spoilers: The spoilers' state; revealed spoilers answer only in toggle mode.
  ///   - time: The moment.
  ///   - spoiler: The action of a tap on a spoiler.
  ///   - link: The action of a tap on a link.
  func hitRegions<Action>(
    spoilers: SpoilerState, at time: Double, spoiler: (SpoilerTap) -> Action,
    link: (URL) -> Action
  ) -> [HitRegion<Action>] {
    var result: [HitRegion<Action>] = []
    let answersSpoilers = !spoilers.isRevealed(at: time) || spoilers.mode == .toggle
    if answersSpoilers, let area = spoilerArea {
      let action = spoiler(SpoilerTap(point: CGPoint(x: area.midX, y: area.midY), area: area))
      for region in regions {
        for rect in region.hitRects { result.append(HitRegion(rect: moved(rect), action: action)) }
      }
    }
    var start = 0
    let runs = layout.text.runs
    while start < runs.count {
      guard let url = runs[start].style.link else {
        start += 1
        continue
      }
      var end = start
      while end + 1 < runs.count && runs[end + 1].style.link == url { end += 1 }
      let range = runs[start].range.lowerBound..<runs[end].range.upperBound
      if range.lowerBound < layout.visibleEnd {
        for rect in layout.rects(for: range) {
          result.append(HitRegion(rect: moved(rect), action: link(url)))
        }
      }
      start = end + 1
    }
    return result
  }

  /// A tap's action with the point filled in, when it is a tap on a spoiler.
  static func located(_ tap: SpoilerTap, at point: CGPoint) -> SpoilerTap {
    SpoilerTap(point: point, area: tap.area)
  }

  // MARK: - Accessibility

  /// What assistive technologies read of a text: all of it, with each hidden spoiler read as
  /// "spoiler" until the spoilers are revealed.
  static func accessibleLabel(
    of text: StyledText, spoilers: SpoilerState, at time: Double
  ) -> String {
    let ranges = SpoilerRegion.ranges(in: text)
    guard !ranges.isEmpty, !spoilers.isRevealed(at: time) else { return text.string }
    var result = ""
    var offset = 0
    for range in ranges {
      result += text.slice(offset..<range.lowerBound)
      result += "spoiler"
      offset = range.upperBound
    }
    result += text.slice(offset..<text.string.utf8.count)
    return result
  }

  /// The accessible links of the text, each a link element with its action.
  func linkElements<Action>(link: (URL) -> Action) -> [AccessibilityElement<Action>] {
    var result: [AccessibilityElement<Action>] = []
    var start = 0
    let runs = layout.text.runs
    while start < runs.count {
      guard let url = runs[start].style.link, !runs[start].style.isSpoiler else {
        start += 1
        continue
      }
      var end = start
      while end + 1 < runs.count && runs[end + 1].style.link == url { end += 1 }
      let range = runs[start].range.lowerBound..<runs[end].range.upperBound
      if let first = layout.rects(for: range).first, range.lowerBound < layout.visibleEnd {
        result.append(
          AccessibilityElement(
            role: .link, label: String(layout.text.slice(range)), frame: moved(first),
            action: link(url), actionName: "open"))
      }
      start = end + 1
    }
    return result
  }
}
