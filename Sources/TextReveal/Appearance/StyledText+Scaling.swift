@_spi(Backend) import TextLayout

extension StyledText {
  /// The text with every run's font size multiplied by a content size category's scale.
  ///
  /// - Parameter category: The type size; ``TypeSize/large`` leaves sizes unchanged.
  /// - Returns: The scaled text.
  public func scaled(to category: TypeSize) -> StyledText {
    guard category != .large else { return self }
    var result = self
    for run in runs {
      result.updateStyle(in: run.range) { $0.size = run.style.size * category.scale }
    }
    return result
  }
}
