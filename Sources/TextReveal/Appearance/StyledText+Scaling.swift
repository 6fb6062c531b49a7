@_spi(Backend) import TextLayout

extension StyledText {
  /// The text with every run's font size multiplied by a content size category's scale.
  ///
  /// - Parameter category: The type size; ``TypeSize/large`` leaves sizes unchanged.
  /// - Returns: The scaled text.
  /// - Complexity: O(*r*) in the number of runs: one pass over them.
  public func scaled(to category: TypeSize) -> StyledText {
    guard category != .large else { return self }
    var result = self
    let scale = category.scale
    result.updateEveryStyle { $0.size *= scale }
    return result
  }
}
