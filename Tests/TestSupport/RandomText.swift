/// Random texts for property tests, mixing scripts, spaces, newlines and combining marks.
package enum RandomText {
  /// Word pools by script.
  static let pools: [[String]] = [
    ["a", "the", "layout", "engine", "breaks", "lines", "supercalifragilistic", "x", "tapping"],
    ["шрифт", "строка", "перенос", "текст"],
    ["λέξη", "γραμμή", "κείμενο"],
    ["שלום", "עולם", "טקסט", "שורה"],
    ["مرحبا", "نص", "سطر"],
    ["你好", "世界", "文字排版", "换行"],
    ["こんにちは", "テキスト", "改行"],
    ["e\u{301}te\u{301}", "👩‍👩‍👧", "🇫🇷🇩🇪", "a\u{308}\u{323}"],
    ["123", "4.5", "(x)", "-", "—", "…"],
  ]

  /// A random text of up to `maxWords` words.
  package static func make(
    maxWords: Int, using generator: inout SeededRandomNumberGenerator
  ) -> String {
    var result = ""
    let words = Int.random(in: 0...maxWords, using: &generator)
    for index in 0..<words {
      let pool = pools.randomElement(using: &generator)!
      result += pool.randomElement(using: &generator)!
      guard index + 1 < words else { break }
      switch Int.random(in: 0..<20, using: &generator) {
      case 0: result += "\n"
      case 1: result += "\n\n"
      case 2: result += "  "
      case 3: result += ""
      default: result += " "
      }
    }
    if Bool.random(using: &generator) && !result.isEmpty { result += " " }
    return result
  }
}
