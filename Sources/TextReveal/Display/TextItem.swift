import Foundation
@_spi(Backend) import TextLayout

/// A laid-out text placed in a component, with the colors its styles leave open.
///
/// A run's own `TextStyle.color` wins; other text takes ``color``, and links and
/// the truncation token's label ("more") take ``accentColor``. Runs styled as spoilers are drawn
/// as ``spoilers`` says: hidden under dust, they are left out so that nothing shows through.
@_spi(FrontEnd) public struct TextItem: Sendable, Hashable {
  /// The text as laid out.
  public var layout: LaidOutText
  /// Where the layout's origin (its top-left corner) sits in the component.
  public var origin: CGPoint
  /// The color of text whose style names none.
  public var color: TextColor
  /// The color of links and of the truncation token's label.
  public var accentColor: TextColor
  /// Whether links are underlined.
  public var underlinesLinks: Bool
  /// Which runs are drawn: all of them, all but the spoilers, or the spoilers alone.
  public var spoilers: SpoilerTextVisibility

  /// Creates a text item.
  public init(
    layout: LaidOutText, origin: CGPoint, color: TextColor, accentColor: TextColor,
    underlinesLinks: Bool = false, spoilers: SpoilerTextVisibility = .visible
  ) {
    self.layout = layout
    self.origin = origin
    self.color = color
    self.accentColor = accentColor
    self.underlinesLinks = underlinesLinks
    self.spoilers = spoilers
  }

  /// The box of the text's lines in the component: from the leftmost line's start to the
  /// rightmost line's end, from the first line's top to the last line's bottom.
  public var linesFrame: CGRect {
    guard let first = layout.lines.first, let last = layout.lines.last else {
      return CGRect(origin: origin, size: .zero)
    }
    let minX = layout.lines.map(\.x).min() ?? 0
    let maxX = layout.lines.map { $0.x + $0.width }.max() ?? 0
    return CGRect(
      x: Double(origin.x) + minX, y: Double(origin.y) + first.top, width: maxX - minX,
      height: last.top + last.height - first.top)
  }
}

/// Which runs of a text item are drawn.
@_spi(FrontEnd) public enum SpoilerTextVisibility: Sendable, Hashable, CaseIterable {
  /// Every run, spoilers included (revealed spoilers).
  case visible
  /// Every run but the spoilers (hidden under dust).
  case hidden
  /// The spoilers alone: what a reveal shows inside its circle or cross-fades in.
  case only
}
