import Foundation
@_spi(Backend) import TextLayout

extension PlaygroundScene {
  /// Charges the budget for a still of a component's size, before it is drawn.
  func chargeStill(_ size: CGSize) throws(PlaygroundError) {
    try budget.chargeStill(
      width: Double(size.width), height: Double(size.height), scale: renderer.scale.factor,
      padding: Self.padding)
  }

  /// Whether the budget has room for an animation of a component's size; charges it if so.
  func allowsAnimation(_ size: CGSize, frames: Int) -> Bool {
    budget.allowsAnimation(
      width: Double(size.width), height: Double(size.height), frames: frames,
      scale: renderer.scale.factor, padding: Self.padding)
  }

  /// Refuses a Markdown text with more markup than the playground reads.
  ///
  /// Work that grows faster than the text (a style update per span, dust per hidden phrase)
  /// grows with the number of spans, so bounding them bounds the work whatever the library's
  /// own costs are. Every span needs a piece of markup, and the markup is counted before
  /// anything is parsed, in one pass over the bytes.
  ///
  /// - Throws: ``PlaygroundError`` 413 naming the count and the limit.
  public static func checkMarkup(
    _ settings: PlaygroundSettings, limits: PlaygroundLimits
  ) throws(PlaygroundError) {
    guard settings.markdown else { return }
    let markup = markupRuns(in: settings.text)
    guard markup <= limits.markupRuns else {
      throw PlaygroundError(
        status: 413,
        "the Markdown text has \(markup) pieces of markup (runs of * _ ~ | ` [ < &, and each @,"
          + " www. and ://); the playground reads at most \(limits.markupRuns)")
    }
  }

  /// Refuses a Markdown text with more hidden phrases than the playground draws.
  ///
  /// - Throws: ``PlaygroundError`` 413 naming the count and the limit.
  public func checkSpoilers(
    _ settings: PlaygroundSettings, limits: PlaygroundLimits
  ) throws(PlaygroundError) {
    guard settings.markdown else { return }
    let text = userText(settings)
    var spoilers = 0
    var previousWasSpoiler = false
    for run in text.runs {
      if run.style.isSpoiler && !previousWasSpoiler { spoilers += 1 }
      previousWasSpoiler = run.style.isSpoiler
    }
    guard spoilers <= limits.spoilers else {
      throw PlaygroundError(
        status: 413,
        "the text has \(spoilers) hidden phrases; the playground draws at most \(limits.spoilers)")
    }
  }

  /// Counts what could start a styled span: runs of the delimiter characters, and each
  /// autolink's `@`, `www.` or `://` (an autolink needs no delimiter).
  static func markupRuns(in text: String) -> Int {
    var count = 0
    var previous: UInt8 = 0
    var window: UInt32 = 0
    for byte in text.utf8 {
      window = window << 8 | UInt32(byte)
      switch byte {
      case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "|"),
        UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "&"):
        if byte != previous { count += 1 }
      case UInt8(ascii: "@"):
        count += 1
      case UInt8(ascii: "/") where window & 0xFF_FFFF == 0x3A_2F2F:  // "://"
        count += 1
      case UInt8(ascii: ".") where window == 0x7777_772E:  // "www."
        count += 1
      default:
        break
      }
      previous = byte
    }
    return count
  }
}
