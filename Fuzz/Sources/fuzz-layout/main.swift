import Foundation
import FuzzDriver
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

// The layout engine on the real text stack, on arbitrary UTF-8 with arbitrary widths, line
// limits, sizes, directions, tokens and a second style run; every layout is checked against the
// engine's invariants and against a measurement of the same text, which must agree with it.
//
// Input: 5 bytes of settings, then the text (invalid UTF-8 is repaired, as String does).

enum Engine {
  static let engine: TextLayoutEngine = {
    do {
      return try TextStack().engine
    } catch {
      fatalError("fuzz-layout needs the text stack: \(error)")
    }
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLayout(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzDriver.bytes(start, count)
  guard bytes.count >= 5 else { return 0 }
  let string = String(decoding: bytes[5...], as: UTF8.self)
  let width = [1, 7, 40, 120, 320, 1_000, 0.5, 3_000][Int(bytes[0] % 8)] + Double(bytes[0] / 8)
  let lineLimit: LineLimit = bytes[1] % 5 == 0 ? .unlimited : .lines(Int(bytes[1] % 5))
  let size = [1, 9, 17, 34, 120][Int(bytes[2] % 5)] + Double(bytes[2] / 5) / 10
  let flags = bytes[3]
  var style = TextStyle(size: size)
  style.isItalic = flags & 0x40 != 0
  var text = StyledText(string, style: style)
  if flags & 0x08 != 0, !string.isEmpty {
    // A second run from a character boundary on: bold, larger, hidden.
    let characters = Array(string)
    let split = Int(bytes[4]) % characters.count
    var other = style
    other.size = size * 1.7
    other.weight = .bold
    other.isSpoiler = true
    text = StyledText(String(characters[..<split]), style: style)
    text.append(String(characters[split...]), style: other)
  }
  let token: TruncationToken? =
    switch flags & 0x06 {
    case 0x02: TruncationToken()
    case 0x04: .ellipsis
    case 0x06: TruncationToken(leader: "… ", label: String(string.prefix(3)))
    default: nil
    }
  let configuration = LayoutConfiguration(
    width: width, lineLimit: lineLimit,
    alignment: [.natural, .leading, .center, .trailing][Int(flags >> 4 & 3)],
    direction: flags & 1 == 0 ? .leftToRight : .rightToLeft, truncationToken: token)
  let layout: LaidOutText
  let measurement: TextMeasurement
  do {
    layout = try Engine.engine.layout(text, configuration: configuration)
    measurement = try Engine.engine.measure(text, configuration: configuration)
  } catch {
    fatalError("a valid configuration was refused: \(error)")
  }
  check(layout, measurement: measurement, count: text.string.utf8.count)
  return 0
}

/// Stops the process (which libFuzzer reports with the input) when an invariant fails.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

func check(_ layout: LaidOutText, measurement: TextMeasurement, count: Int) {
  let lines = layout.lines
  require(!lines.isEmpty, "no line")
  require(lines[0].range.lowerBound == 0, "the first line starts at \(lines[0].range)")
  for (line, next) in zip(lines, lines.dropFirst()) {
    require(line.range.upperBound == next.range.lowerBound, "lines \(line.range) \(next.range)")
  }
  require(
    lines.last!.range.upperBound == layout.visibleEnd || layout.isTruncated,
    "the last line ends at \(lines.last!.range), visible end \(layout.visibleEnd)")
  require(layout.visibleEnd <= count, "visible end \(layout.visibleEnd) past \(count)")
  if !layout.isTruncated && layout.configuration.lineLimit == .unlimited {
    require(layout.visibleEnd == count, "all shown, yet the visible end is \(layout.visibleEnd)")
  }
  require(layout.size.width.isFinite && layout.size.height.isFinite, "size \(layout.size)")
  require(
    lines.allSatisfy { $0.frame.width.isFinite && $0.frame.width >= 0 },
    "a line width is not finite")
  // A measurement is the layout's, without placing it.
  require(measurement.lineCount == lines.count, "measured \(measurement.lineCount) lines")
  require(measurement.isTruncated == layout.isTruncated, "measured truncation differs")
  require(measurement.visibleEnd == layout.visibleEnd, "measured visible end differs")
  require(
    abs(measurement.size.height - layout.size.height) <= 1e-6
      && abs(measurement.size.width - layout.size.width) <= 1e-6,
    "measured size \(measurement.size), laid out \(layout.size)")
  // Hit testing and rectangles answer anywhere, inside the text.
  let string = layout.text.string
  for point in [
    CGPoint(x: 0, y: 0), CGPoint(x: layout.size.width / 2, y: layout.size.height / 2),
    CGPoint(x: -5, y: 1e9), CGPoint(x: 1e9, y: -1),
  ] {
    if let index = layout.characterIndex(at: point) {
      let offset = string.utf8.distance(from: string.startIndex, to: index)
      require((0...count).contains(offset), "hit offset \(offset)")
    }
  }
  let whole = string.startIndex..<string.endIndex
  for rect in layout.rects(for: layout.visibleRange) + layout.wordRects(in: whole)
    + layout.rects(for: NSRange(location: 0, length: (string as NSString).length))
  {
    require(
      rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width >= 0
        && rect.size.height >= 0, "rect \(rect)")
  }
}

exit(FuzzDriver.run(fuzzLayout))
