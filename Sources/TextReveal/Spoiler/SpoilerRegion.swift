import Foundation
@_spi(Backend) import TextLayout

/// One hidden run of a laid-out text: where a tap on it counts, where its dust goes, and its
/// color.
struct SpoilerRegion: Sendable, Hashable {
  /// The run's UTF-8 range in the text; adjacent spoiler runs (a bold word inside a spoiler)
  /// make one region.
  var range: Range<Int>
  /// One rectangle per visible word per line, as tall as the line: where a tap reveals.
  var hitRects: [LayoutRect]
  /// The same words' ink bands: from a little above the caps to a little below the baseline,
  /// so that the dust of two hidden lines never merges into one slab.
  var dustRects: [LayoutRect]
  /// The run's text color; `nil` for the theme's.
  var color: TextColor?

  /// The regions of a layout's spoiler runs, word by word over what it shows; regions wholly
  /// past the visible end are left out.
  static func regions(in layout: LaidOutText) -> [SpoilerRegion] {
    var regions: [(range: Range<Int>, color: TextColor?, size: Double)] = []
    for run in layout.text.runs where run.style.isSpoiler {
      if let last = regions.last, last.range.upperBound == run.range.lowerBound {
        regions[regions.count - 1].range = last.range.lowerBound..<run.range.upperBound
      } else {
        regions.append((run.range, run.style.color, run.style.size))
      }
    }
    guard !regions.isEmpty else { return [] }
    let baselines = Dictionary(
      layout.lines.map { ($0.top, $0.baseline) }, uniquingKeysWith: { first, _ in first })
    return regions.compactMap { region in
      let rects = layout.wordRects(in: region.range).filter { $0.width > 0 && $0.height > 0 }
      guard !rects.isEmpty else { return nil }
      let dust = rects.map { rect in
        let baseline = baselines[rect.minY] ?? rect.maxY
        let top = max(rect.minY, baseline - 0.76 * region.size)
        let bottom = min(rect.maxY, baseline + 0.18 * region.size)
        return LayoutRect(
          x: rect.minX, y: top, width: rect.width, height: max(0, bottom - top))
      }
      return SpoilerRegion(
        range: region.range, hitRects: rects, dustRects: dust, color: region.color)
    }
  }

  /// The ranges of every spoiler run of a text, adjacent runs joined, shown or not.
  static func ranges(in text: StyledText) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for run in text.runs where run.style.isSpoiler {
      if let last = result.last, last.upperBound == run.range.lowerBound {
        result[result.count - 1] = last.lowerBound..<run.range.upperBound
      } else {
        result.append(run.range)
      }
    }
    return result
  }
}
