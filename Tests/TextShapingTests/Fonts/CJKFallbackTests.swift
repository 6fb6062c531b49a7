import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// Chinese and Japanese paragraphs are drawn from one CJK face, not from whichever font first
/// covers each character (issue 15): fallback faces are sorted for the text's language, or the
/// one its script implies.
@Suite struct CJKFallbackTests {
  static let stack = try! TextStack()

  /// Paragraphs written for these tests, with their languages.
  static let written: [(text: String, language: TextLanguage)] = [
    ("這個一。繁體中文的段落，用來檢查字型是否一致。", "zh-Hant"),
    ("这个应用可以帮助你每天晚上写下一句话，记录重要的人和地方，并一眼看到自己的一周。", "zh-Hans"),
    ("昨日の展示会はとても面白かったです。古い地図の部屋で一時間以上も過ごしてしまいました。", "ja"),
  ]

  /// The faces of the CJK characters of a layout (the file and index of each: Noto Sans CJK's
  /// regional faces share one file), and its line heights.
  static func faces(
    of text: String, language: TextLanguage?, width: Double = 300
  ) throws -> (faces: Set<String>, heights: Set<Double>) {
    var styled = StyledText(text, style: TextStyle(size: 17))
    styled.setDefaultLanguage(language)
    let layout = try stack.engine.layout(styled, configuration: LayoutConfiguration(width: width))
    return faces(of: layout, text: text)
  }

  /// The faces of the CJK characters of a layout of `text`, and its line heights.
  static func faces(
    of layout: LaidOutText, text: String
  ) -> (faces: Set<String>, heights: Set<Double>) {
    var faces: Set<String> = []
    let utf8 = Array(text.utf8)
    for line in layout.lines {
      for run in line.runs {
        for glyphRun in run.glyphRuns {
          guard let face = stack.shaper.fontFace(for: glyphRun.font) else { continue }
          for cluster in run.clusters {
            let start = run.range.lowerBound + cluster.range.lowerBound
            let end = run.range.lowerBound + cluster.range.upperBound
            let character = String(decoding: utf8[start..<end], as: UTF8.self)
            let isCJK = character.unicodeScalars.contains {
              FallbackLanguage.implied(by: $0) != nil
            }
            if isCJK && glyphRun.clusters.contains(cluster.range.lowerBound) {
              faces.insert("\(face.path)#\(face.index)")
            }
          }
        }
      }
    }
    return (faces, Set(layout.lines.map { ($0.height * 1000).rounded() / 1000 }))
  }

  @Test("written Chinese and Japanese paragraphs use one CJK face, with or without a language")
  func writtenParagraphs() throws {
    for (text, language) in Self.written {
      for given in [language, nil] {
        let (faces, heights) = try Self.faces(of: text, language: given)
        let named = given?.identifier ?? "none"
        #expect(faces.count == 1, "\(language) given \(named): \(faces)")
        #expect(heights.count == 1, "\(language) given \(named): \(heights)")
      }
    }
  }

  @Test("with a CJK language every line is as tall as the CJK face's, empty or Latin alone")
  func strut() throws {
    let text = "日本語の段落です。\n\nLatin words only here\n最後の行。"
    let (_, heights) = try Self.faces(of: text, language: "ja")
    #expect(heights.count == 1, "\(heights)")
    // Untagged, its kana make it Japanese: the same heights.
    let (_, untagged) = try Self.faces(of: text, language: nil)
    #expect(untagged == heights)
    // Han alone does not say Chinese or Japanese: no language, so Latin lines keep theirs.
    let chinese = "中文的段落。\n\nLatin words only here\n最后一行。"
    let (_, han) = try Self.faces(of: chinese, language: nil)
    #expect(han.count == 2)  // the CJK face's and DejaVu Sans's
    #expect(han.max() == heights.first)
  }

  @Test("an untagged Japanese paragraph draws its Han from the face a Japanese one does")
  func untaggedJapaneseIsJapanese() throws {
    for (text, language) in Self.written where language == "ja" {
      let (tagged, _) = try Self.faces(of: text, language: "ja")
      let (untagged, _) = try Self.faces(of: text, language: nil)
      #expect(untagged == tagged)
    }
    // Hangul makes a text Korean.
    let korean = StyledText("한국어 문장입니다. 漢字", style: TextStyle(size: 17))
    #expect(korean.inferringLanguage().runs.map(\.style.language) == ["ko"])
  }

  @Test("a prepared untagged Japanese paragraph is shaped as Japanese when measured and laid out")
  func preparedUntaggedJapanese() throws {
    let configuration = LayoutConfiguration(width: 300)
    for (text, language) in Self.written where language == "ja" {
      let (tagged, heights) = try Self.faces(of: text, language: "ja")
      let styled = StyledText(text, style: TextStyle(size: 17))
      let prepared = PreparedText(styled)
      // Measured first: the batch measure is where a list's rows first ask for the language.
      let measured = try Self.stack.engine.measure([prepared], configuration: configuration)
      let plain = try Self.stack.engine.measure(styled, configuration: configuration)
      #expect(measured == [plain])
      let layout = try Self.stack.engine.layout(prepared, configuration: configuration)
      let (faces, preparedHeights) = Self.faces(of: layout, text: text)
      #expect(faces == tagged)
      #expect(preparedHeights == heights)
    }
  }

  @Test("the characters a language-less sort drew from unrelated fonts now share one face")
  func formerlyMixed() throws {
    // "一" came from Noto Traditional Nushu and "。" from Noto Sans Mongolian.
    let (mixed, _) = try Self.faces(of: "這個一。", language: nil)
    let (chinese, _) = try Self.faces(of: "這個一。", language: "zh-Hant")
    let (japanese, _) = try Self.faces(of: "這個一。", language: "ja")
    #expect(mixed.count == 1 && chinese.count == 1 && japanese.count == 1)
    #expect(mixed.allSatisfy { !$0.contains("Nushu") && !$0.contains("Mongolian") })
  }

  @Test("paragraphs of the machine's Japanese and Chinese message catalogs use one CJK face")
  func catalogParagraphs() throws {
    let catalogs: [(String, TextLanguage)] = [
      ("ja", "ja"), ("zh_CN", "zh-Hans"), ("zh_TW", "zh-Hant"),
    ]
    for (locale, language) in catalogs {
      let path = "/usr/share/locale/\(locale)/LC_MESSAGES/dpkg.mo"
      let messages = try #require(
        MessageCatalog.translations(at: path), "dpkg's \(locale) catalog is missing")
      // Paragraphs, not messages: an empty line between two has the body font's height.
      let paragraphs = messages.flatMap { $0.split(separator: "\n").map(String.init) }.filter {
        $0.unicodeScalars.filter { FallbackLanguage.implied(by: $0) != nil }.count >= 15
      }.prefix(60)
      #expect(paragraphs.count >= 10, "\(locale): \(paragraphs.count) CJK messages")
      for paragraph in paragraphs {
        for given in [language, nil] {
          let (faces, heights) = try Self.faces(of: paragraph, language: given)
          #expect(faces.count == 1, "\(locale) \(paragraph.prefix(20)): \(faces)")
          // Without a language, a line of Latin words alone has the Latin face's height.
          if given != nil {
            #expect(heights.count == 1, "\(locale) \(paragraph.prefix(20)): \(heights)")
          }
        }
      }
    }
  }

  @Test(
    "languages become Fontconfig's: Chinese by script, then region",
    arguments: [
      ("ja", "ja"), ("ja-JP", "ja"), ("ja_JP.UTF-8", "ja"), ("ko-KR", "ko"), ("ar", "ar"),
      ("zh", "zh-cn"), ("zh-Hans", "zh-cn"), ("zh_CN", "zh-cn"), ("zh-SG", "zh-cn"),
      ("zh-Hans-HK", "zh-cn"), ("zh-Hant", "zh-tw"), ("zh-TW", "zh-tw"), ("zh_TW", "zh-tw"),
      ("zh-Hant-HK", "zh-hk"), ("zh-HK", "zh-hk"), ("zh-MO", "zh-hk"), ("zh-Hant-MO", "zh-hk"),
      ("yue", "zh-hk"), ("C", nil), ("und", nil),
    ] as [(String, String?)])
  func fontconfigNames(_ identifier: String, _ name: String?) throws {
    #expect(FallbackLanguage.fontconfigName(for: try TextLanguage(identifier)) == name)
  }

  @Test(
    "each CJK language draws from its own face of Noto Sans CJK, whatever the spelling",
    arguments: [
      ("zh-Hans", 2), ("zh_CN.UTF-8", 2), ("zh-SG", 2), ("zh-Hans-HK", 2), ("zh-Hant", 3),
      ("zh_TW", 3), ("zh-HK", 4), ("zh-MO", 4), ("ja", 0), ("ja_JP.UTF-8", 0), ("ko", 1),
      ("ko_KR", 1),
    ] as [(String, Int)])
  func regionalFace(_ identifier: String, _ index: Int) throws {
    let style = TextStyle(size: 17, language: try TextLanguage(identifier))
    let shaped = Self.stack.shaper.shape("直骨", style: style, isRightToLeft: false)
    let faces = shaped.runs.compactMap { Self.stack.shaper.fontFace(for: $0.font) }
    #expect(faces.map(\.path) == [TestFonts.notoSansCJK], "\(identifier)")
    #expect(faces.map(\.index) == [index], "\(identifier): \(faces.map(\.familyName))")
  }

  @Test("scripts imply a language when none is given, Han the locale's CJK language")
  func languageNames() {
    #expect(FallbackLanguage.implied(by: "か") == "ja" && FallbackLanguage.implied(by: "한") == "ko")
    #expect(FallbackLanguage.implied(by: "a") == nil && FallbackLanguage.implied(by: "ش") == nil)
    #expect(FallbackLanguage.hanDefault(environment: ["LANG": "ja_JP.UTF-8"]) == "ja")
    #expect(FallbackLanguage.hanDefault(environment: ["LANG": "zh_TW.UTF-8"]) == "zh-tw")
    #expect(
      FallbackLanguage.hanDefault(environment: ["LC_ALL": "ko_KR", "LANG": "ja_JP"]) == "ko")
    #expect(FallbackLanguage.hanDefault(environment: ["LANG": "en_US.UTF-8"]) == "zh-cn")
    #expect(FallbackLanguage.hanDefault(environment: [:]) == "zh-cn")
  }
}

/// The translations of a compiled gettext catalog (`.mo`), read for tests.
enum MessageCatalog {
  /// Every non-empty translation, or `nil` when the file is missing or not a catalog.
  static func translations(at path: String) -> [String]? {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 28 else {
      return nil
    }
    let bytes = [UInt8](data)
    func word(_ offset: Int) -> Int? {
      guard offset >= 0, offset + 4 <= bytes.count else { return nil }
      return bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
    guard word(0) == 0x9504_12DE, let count = word(8), let table = word(16) else { return nil }
    var result: [String] = []
    for index in 0..<count {
      guard let length = word(table + 8 * index), let start = word(table + 8 * index + 4),
        start + length <= bytes.count
      else { return nil }
      // Plural forms are separated by NUL; the first is enough.
      let text = bytes[start..<start + length].split(separator: 0).first.map {
        String(decoding: $0, as: UTF8.self)
      }
      if let text, !text.isEmpty { result.append(text) }
    }
    return result
  }
}
