import Foundation
@_spi(Backend) import TextLayout

/// A horizontal alpha ramp over a rectangle: text under it fades from opaque to clear.
@_spi(FrontEnd) public struct FadeMask: Sendable, Hashable {
  /// The rectangle the ramp covers.
  public var rect: CGRect
  /// Which side of the rectangle is clear.
  public var clearEdge: Edge

  /// A horizontal edge.
  public enum Edge: Sendable, Hashable {
    /// Clear at the left: right-to-left text, whose "more" sits at the left.
    case left
    /// Clear at the right: left-to-right text.
    case right
  }

  /// Creates a fade.
  public init(rect: CGRect, clearEdge: Edge) {
    self.rect = rect
    self.clearEdge = clearEdge
  }

  /// The opacity of what lies at a point: 1 off the ramp's rows and before the ramp, falling to
  /// 0 across it, 0 beyond its clear edge.
  public func opacity(at point: CGPoint) -> Double {
    guard point.y >= rect.minY && point.y < rect.maxY else { return 1 }
    let fraction = rect.width > 0 ? Double((point.x - rect.minX) / rect.width) : 1
    switch clearEdge {
    case .right: return min(1, max(0, 1 - fraction))
    case .left: return min(1, max(0, fraction))
    }
  }
}
