/// Whether a display list changes with time: what tells a front end to keep drawing frames.
///
/// Two things move a component: a change of state under way (expanding, a row sliding, a reveal
/// spreading), which ends at a time, and spoiler dust, which moves for as long as it shows.
public struct DisplayAnimation: Sendable, Hashable {
  /// When the change of state under way ends, in the component's clock; `nil` when none is.
  public var changeEnd: Double?
  /// Whether the picture keeps moving once every change has ended (spoiler dust).
  public var isContinuous: Bool

  /// Creates an animation.
  @_spi(FrontEnd) public init(changeEnd: Double? = nil, isContinuous: Bool = false) {
    self.changeEnd = changeEnd
    self.isContinuous = isContinuous
  }

  /// The picture stays as it is until the component changes.
  @_spi(FrontEnd) public static let still = DisplayAnimation()
  /// The picture moves for as long as it is shown, and nothing is changing.
  @_spi(FrontEnd) public static let continuous = DisplayAnimation(isContinuous: true)
  /// A change that ends at a time, after which the picture stays.
  @_spi(FrontEnd) public static func until(_ end: Double) -> DisplayAnimation {
    DisplayAnimation(changeEnd: end)
  }

  /// Whether a frame after a time may differ: a front end keeps its frame clock running.
  public func isAnimating(after time: Double) -> Bool {
    isContinuous || isChanging(after: time)
  }

  /// Whether a change of state is still under way after a time.
  public func isChanging(after time: Double) -> Bool {
    changeEnd.map { time < $0 } ?? false
  }

  /// Both animations at once: what a component made of parts shows.
  @_spi(FrontEnd) public func combined(with other: DisplayAnimation) -> DisplayAnimation {
    let end: Double? =
      switch (changeEnd, other.changeEnd) {
      case (let first?, let second?): max(first, second)
      case (let first?, nil): first
      case (nil, let second): second
      }
    return DisplayAnimation(changeEnd: end, isContinuous: isContinuous || other.isContinuous)
  }
}
