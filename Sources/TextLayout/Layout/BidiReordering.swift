/// Rule L2 of the Unicode bidi algorithm: the visual order of items with resolved levels.
enum BidiReordering {
  /// The visual order of items, given their levels in logical order.
  ///
  /// From the highest level down to the lowest odd level, every maximal sequence of items at
  /// that level or higher is reversed.
  ///
  /// - Parameter levels: The embedding level of each item, in logical order.
  /// - Returns: The logical indices of the items, in visual order (left to right).
  static func visualOrder(levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), highest > 0 else { return order }
    let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest
    var level = highest
    while level >= max(1, lowestOdd) {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count && levels[order[end]] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order
  }
}
