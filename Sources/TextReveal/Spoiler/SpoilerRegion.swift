import TextLayout

/// One hidden run of a text: its range, the rectangles of its visible words, and its color.
public struct SpoilerRegion: Sendable, Hashable {
  /// The run's UTF-8 range in the text.
  public var range: Range<Int>
  /// One rectangle per word per line, in the layout's coordinates: a spoiler that wraps has
  /// rectangles on two lines, and the spaces between its words are not covered. Words past
  /// the layout's visible end (cut by a line limit) have none.
  public var rects: [LayoutRect]
  /// The run's text color; `nil` for the theme's primary text color. The dust takes it, so
  /// dark mode needs nothing of its own.
  public var color: TextColor?

  /// The area the rectangles cover, in square points.
  public var area: Double { rects.reduce(0) { $0 + $1.width * $1.height } }

  /// The regions of the spoiler runs of a layout: each maximal run of spoiler-styled text,
  /// covered word by word over what the layout shows.
  ///
  /// - Parameter layout: The text as laid out.
  /// - Returns: The regions in text order; those wholly past the visible end are left out.
  public static func regions(in layout: LaidOutText) -> [SpoilerRegion] {
    var result: [SpoilerRegion] = []
    for run in layout.text.runs where run.style.isSpoiler {
      // Adjacent spoiler runs (a bold word inside a spoiler) make one region.
      if let last = result.last, last.range.upperBound == run.range.lowerBound {
        result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        result.append(SpoilerRegion(range: run.range, rects: [], color: run.style.color))
      }
    }
    return result.compactMap { region in
      var region = region
      region.rects = layout.wordRects(in: region.range).filter { $0.width > 0 && $0.height > 0 }
      return region.rects.isEmpty ? nil : region
    }
  }
}
