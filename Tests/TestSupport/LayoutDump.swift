import Foundation
@_spi(Backend) import TextLayout

/// A readable text dump of a layout, one line per line, for golden-file tests: what a reviewer
/// reads to see where lines end and what they measure.
///
/// ```
/// size 45x30 truncated visibleEnd 14 token 25..45 label 35..45
/// 0 [0..5) "aaaa" x 0 w 20 top 0 h 10 base 8 level 0
/// ```
package enum LayoutDump {
  /// The dump of a layout.
  package static func dump(_ layout: LaidOutText) -> String {
    var lines: [String] = []
    var header =
      "size \(number(layout.size.width))x\(number(layout.size.height))"
      + (layout.isTruncated ? " truncated" : "") + " visibleEnd \(layout.visibleEnd)"
    if let token = layout.tokenRect {
      header += " token \(number(token.minX))..\(number(token.maxX))"
    }
    if let label = layout.tokenLabelRect {
      header += " label \(number(label.minX))..\(number(label.maxX))"
    }
    lines.append(header)
    for (index, line) in layout.lines.enumerated() {
      let text = layout.text.string[layout.stringRange(line.contentRange)]
      let escaped = text.unicodeScalars.map { scalar in
        scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
      }.joined()
      lines.append(
        "\(index) [\(line.range.lowerBound)..\(line.range.upperBound)) \"\(escaped)\""
          + " x \(number(line.x)) w \(number(line.width)) top \(number(line.top))"
          + " h \(number(line.height)) base \(number(line.baseline))"
          + " level \(line.paragraphLevel)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A number rounded to a hundredth of a point, without a trailing ".0".
  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Compares a dump with the golden file of a name next to the calling test file, in a
  /// `Golden` folder; records the file instead when `RECORD_GOLDEN=1` is set (never on its own).
  ///
  /// - Returns: `nil` when they agree, or a message with both texts.
  package static func compare(
    _ dump: String, golden name: String, file: StaticString = #filePath
  ) -> String? {
    let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
      .appendingPathComponent("Golden")
    let url = directory.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? dump.write(to: url, atomically: true, encoding: .utf8)
      return nil
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
      return "no golden file \(name).txt (record it with RECORD_GOLDEN=1 and review it)"
    }
    return golden == dump
      ? nil : "layout differs from \(name).txt:\n--- golden\n\(golden)--- now\n\(dump)"
  }
}
