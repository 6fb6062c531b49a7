import Foundation
@_spi(Backend) import TextLayout

/// One thing a display list draws.
///
/// Items are drawn back to front. A ``group(_:)`` draws its own items into a layer first, so
/// that a clip, an opacity or a mask applies to them together.
@_spi(FrontEnd) public enum DisplayItem: Sendable, Hashable {
  /// A laid-out text placed at an origin.
  case text(TextItem)
  /// A rectangle, circle or pill, filled or outlined.
  case shape(ShapeItem)
  /// Grains of spoiler dust at the display list's moment.
  case dust(DustItem)
  /// Items drawn together, then clipped, masked or faded.
  indirect case group(GroupItem)
}
