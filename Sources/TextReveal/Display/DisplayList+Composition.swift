import Foundation
@_spi(Backend) import TextLayout

extension DisplayList {
  /// The same display list with everything moved by an offset: how a page places a component
  /// inside a larger display list.
  ///
  /// - Parameters:
  ///   - dx: How far to move right, in points.
  ///   - dy: How far to move down, in points.
  /// - Returns: The moved items, hit regions and accessibility frames; the size is unchanged.
  @_spi(FrontEnd) public func offsetBy(dx: Double, dy: Double) -> DisplayList {
    guard dx != 0 || dy != 0 else { return self }
    let offset = (dx: dx, dy: dy)
    var result = self
    result.items = items.map { $0.offset(by: offset) }
    result.hitRegions = hitRegions.map {
      HitRegion(rect: $0.rect.offsetBy(dx: offset.dx, dy: offset.dy), action: $0.action)
    }
    result.accessibility = accessibility.map { element in
      var element = element
      element.frame = element.frame.offsetBy(dx: offset.dx, dy: offset.dy)
      return element
    }
    return result
  }

  /// The part of the display list inside a rectangle, moved so that the rectangle's top-left
  /// corner is the origin: what a scrolling view shows of a long list.
  ///
  /// Items are clipped to the rectangle (a row cut by its edge is drawn cut), and hit regions
  /// and accessible parts outside it are left out. The size is the rectangle's, cut where the
  /// component ends.
  ///
  /// - Parameter rect: The visible part, in the component's coordinates.
  public func cropped(to rect: CGRect) -> DisplayList {
    let visible = rect.intersection(CGRect(origin: .zero, size: size))
    guard !visible.isNull else {
      var empty = self
      empty.items = []
      empty.hitRegions = []
      empty.accessibility = []
      empty.size = CGSize(width: max(0, rect.width), height: 0)
      return empty
    }
    var result = DisplayList(
      size: visible.size, background: background,
      items: [.group(GroupItem(items: items, clip: visible))],
      hitRegions: hitRegions.filter { $0.rect.intersects(visible) },
      accessibility: accessibility.filter { $0.frame.intersects(visible) },
      animation: animation)
    result = result.offsetBy(dx: -Double(visible.minX), dy: -Double(visible.minY))
    return result
  }

  /// The same display list with its actions wrapped in another type, so that the display lists
  /// of several components can be composed into one.
  ///
  /// - Parameter transform: Wraps an action, for example in a page's own action enum.
  @_spi(FrontEnd) public func mapActions<Other: Hashable & Sendable>(
    _ transform: (Action) -> Other
  ) -> DisplayList<Other> {
    DisplayList<Other>(
      size: size, background: background, items: items,
      hitRegions: hitRegions.map { HitRegion(rect: $0.rect, action: transform($0.action)) },
      accessibility: accessibility.map { element in
        AccessibilityElement<Other>(
          role: element.role, label: element.label, frame: element.frame,
          isExpanded: element.isExpanded, action: element.action.map(transform),
          actionName: element.actionName)
      }, animation: animation)
  }

  /// The display list with a thin outline around the component's frame and around the box of
  /// each of its texts' lines, the way layout bugs are debugged.
  ///
  /// - Parameters:
  ///   - frameColor: The color of the component's outline; magenta by default.
  ///   - textColor: The color of the texts' outlines; green by default.
  @_spi(FrontEnd) public func outliningFrames(
    frameColor: TextColor = TextColor(red: 0.9, green: 0.1, blue: 0.75, alpha: 0.9),
    textColor: TextColor = TextColor(red: 0.1, green: 0.72, blue: 0.3, alpha: 0.9)
  ) -> DisplayList {
    var result = self
    result.items.append(
      .shape(
        ShapeItem(
          rect: CGRect(origin: .zero, size: size), color: frameColor,
          paint: .stroke(lineWidth: 1))))
    for item in items {
      guard case .text(let text) = item, !text.layout.lines.isEmpty else { continue }
      result.items.append(
        .shape(ShapeItem(rect: text.linesFrame, color: textColor, paint: .stroke(lineWidth: 1))))
    }
    return result
  }
}

extension DisplayItem {
  /// The item moved by an offset.
  func offset(by offset: (dx: Double, dy: Double)) -> DisplayItem {
    func moved(_ point: CGPoint) -> CGPoint {
      CGPoint(x: point.x + offset.dx, y: point.y + offset.dy)
    }
    switch self {
    case .text(var text):
      text.origin = moved(text.origin)
      return .text(text)
    case .shape(var shape):
      shape.rect = shape.rect.offsetBy(dx: offset.dx, dy: offset.dy)
      return .shape(shape)
    case .dust(var dust):
      for index in dust.grains.indices {
        dust.grains[index].center = moved(dust.grains[index].center)
      }
      return .dust(dust)
    case .group(var group):
      group.items = group.items.map { $0.offset(by: offset) }
      group.clip = group.clip?.offsetBy(dx: offset.dx, dy: offset.dy)
      switch group.mask {
      case .fade(var fade):
        fade.rect = fade.rect.offsetBy(dx: offset.dx, dy: offset.dy)
        group.mask = .fade(fade)
      case .circle(let center, let radius):
        group.mask = .circle(center: moved(center), radius: radius)
      case nil:
        break
      }
      return .group(group)
    }
  }
}
