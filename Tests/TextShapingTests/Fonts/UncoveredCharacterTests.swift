import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Nothing silently becomes a box: a character no installed font covers is reported by the
/// layout and the measurement, and every script the README claims is covered (issue 27).
@Suite struct UncoveredCharacterTests {
  static let stack = try! TextStack()

  /// Characters no installed font covers: Kawi (Unicode 15, after every font Debian 12 ships),
  /// and U+0378, a code point no version of Unicode has assigned.
  static let kawi = "\u{11F04}\u{11F05}\u{11F06}"
  static let unassigned = "\u{0378}"

  /// The UTF-8 ranges of the characters of `needle` in `text`.
  static func ranges(of needle: String, in text: String) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    let utf8 = Array(text.utf8)
    var offset = 0
    while offset < utf8.count {
      let end = offset + (String(decoding: utf8[offset...], as: UTF8.self).first?.utf8.count ?? 1)
      let character = String(decoding: utf8[offset..<end], as: UTF8.self)
      if needle.contains(character) { ranges.append(offset..<end) }
      offset = end
    }
    return ranges
  }

  @Test("a text with characters no font covers reports each one, and measures the same count")
  func reported() throws {
    let text = "Kawi \(Self.kawi) and \(Self.unassigned) here, then plain words."
    let expected = Self.ranges(of: Self.kawi + Self.unassigned, in: text)
    #expect(expected.count == 4)
    let styled = StyledText(text, style: TextStyle(size: 17))
    let configuration = LayoutConfiguration(width: 120)
    let layout = try Self.stack.engine.layout(styled, configuration: configuration)
    #expect(layout.lines.count > 1)
    #expect(layout.uncoveredCharacters == expected)
    #expect(layout.measurement.uncoveredCharacterCount == 4)
    let measured = try Self.stack.engine.measure(styled, configuration: configuration)
    #expect(measured == layout.measurement)
  }

  @Test("only visible characters count: the ones after a cut are not drawn")
  func onlyVisible() throws {
    let text = "First line of words\n\(Self.kawi)\nand the rest"
    let styled = StyledText(text, style: TextStyle(size: 17))
    for limit in [1, 2] {
      let configuration = LayoutConfiguration(width: 300, lineLimit: .lines(limit))
      let layout = try Self.stack.engine.layout(styled, configuration: configuration)
      #expect(layout.uncoveredCharacters.count == (limit == 1 ? 0 : 3))
      #expect(
        try Self.stack.engine.measure(styled, configuration: configuration)
          == layout.measurement)
    }
  }

  @Test("right to left, the characters come back in logical order")
  func rightToLeft() throws {
    let text = "שלום \(Self.unassigned) עולם \(Self.kawi)"
    let layout = try Self.stack.engine.layout(
      StyledText(text, style: TextStyle(size: 17, language: "he")),
      configuration: LayoutConfiguration(width: 300, direction: .rightToLeft))
    #expect(layout.uncoveredCharacters == Self.ranges(of: Self.kawi + Self.unassigned, in: text))
  }

  /// Sentences written for this test in each language the README names, and the catalog
  /// directory of the machine's translations in it.
  static let languages: [(language: TextLanguage, locale: String, sentence: String)] = [
    ("ko", "ko", "오늘은 날씨가 맑고 바람이 시원합니다. 내일 다시 만나요!"),
    ("th", "th", "วันนี้อากาศดีมาก เราจะไปเดินเล่นที่สวนสาธารณะกัน"),
    ("hi", "hi", "आज मौसम बहुत अच्छा है, चलो पार्क में टहलने चलते हैं।"),
    ("fa", "fa", "امروز هوا خیلی خوب است؛ بیایید در پارک قدم بزنیم."),
    ("uk", "uk", "Сьогодні чудова погода, ходімо гуляти в парк! Ґанок, їжак, є."),
    ("vi", "vi", "Hôm nay trời đẹp quá, chúng ta hãy đi dạo trong công viên nhé."),
    ("tr", "tr", "Bugün hava çok güzel; parkta yürüyüşe çıkalım mı? İğde, şeker."),
    ("pl", "pl", "Dziś jest piękna pogoda, chodźmy na spacer do parku. Żółć, źdźbło."),
    ("es", "es", "¿Hoy hace muy buen tiempo, vamos a pasear por el parque? ¡Sí, señor!"),
    ("fr", "fr", "Aujourd’hui il fait très beau : allons nous promener au parc, ça ira."),
    ("zh-Hans", "zh_CN", "今天天气很好，我们去公园散步吧。“好的！”"),
    ("zh-Hant", "zh_TW", "今天天氣很好，我們去公園散步吧。「好的！」"),
    ("ja", "ja", "今日はとても良い天気ですね。公園へ散歩に行きましょう！"),
  ]

  @Test("every language the README claims is covered: a sentence and GLib's translations")
  func claimedLanguages() throws {
    for (language, locale, sentence) in Self.languages {
      var texts = [sentence]
      // Real text in the language, from a package the bootstrap installs (libglib2.0-data).
      let path = "/usr/share/locale/\(locale)/LC_MESSAGES/glib20.mo"
      let messages = try #require(MessageCatalog.translations(at: path), "\(path) is missing")
      #expect(messages.count > 100, "\(locale): \(messages.count) messages")
      texts.append(messages.joined(separator: "\n"))
      for text in texts {
        let styled = StyledText(text, style: TextStyle(size: 17, language: language))
        let measured = try Self.stack.engine.measure(
          styled, configuration: LayoutConfiguration(width: 320))
        guard measured.uncoveredCharacterCount > 0 else { continue }
        let layout = try Self.stack.engine.layout(
          styled, configuration: LayoutConfiguration(width: 320))
        let missing = layout.uncoveredCharacters.prefix(10).map {
          String(text[layout.stringRange($0)]).unicodeScalars.map {
            "U+" + String($0.value, radix: 16, uppercase: true)
          }.joined(separator: " ")
        }
        Issue.record("\(language): \(measured.uncoveredCharacterCount) uncovered: \(missing)")
      }
    }
  }
}
