import Foundation
import FuzzDriver
@_spi(Backend) import TextLayout
@_spi(Backend) @_spi(Testing) import TextShaping

// The direct shaping path (runs whose shaping is provably trivial, measured from the font's
// character map, advances and pair kerning) against HarfBuzz on arbitrary text: every word of
// the input, shaped whole in DejaVu Sans (three styles), Droid Sans Fallback and Noto Sans CJK
// KR in the script of its first letter, must give HarfBuzz's glyphs, clusters, advances and
// offsets to the bit wherever the path answers; and the text's lines, with the path and without
// it, must be the same.
//
// Input: 1 byte of settings (width, line limit, language), then the text (invalid UTF-8 is
// repaired, as String does).

enum Shaping {
  static let direct = HarfBuzzShaper(shapesDirectly: true)
  static let reference = HarfBuzzShaper(shapesDirectly: false)
  static let engines = [direct, reference].map {
    TextLayoutEngine(shaper: $0, analyzer: ICUAnalyzer())
  }
  static let faces: [FontID] = {
    var faces = [FontWeight.regular, .bold].map {
      direct.fontID(for: TextStyle(weight: $0))
    }
    faces.append(direct.fontID(for: TextStyle(isItalic: true)))
    if let droid = try? direct.register(
      fontAt: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", as: "Fuzz CJK")
    {
      _ = droid
      faces.append(direct.fontID(for: TextStyle(fontFamily: "Fuzz CJK")))
    }
    // Hangul: neither face above has it.
    faces.append(direct.fontID(for: TextStyle(fontFamily: "Noto Sans CJK KR")))
    return faces
  }()
  static let languages: [String?] = [nil, "tr", "sr", "ja", "zh-cn", "ko"]

  /// The script of a word, as its first letter of a script the direct path takes says
  /// (Common when it has none): the run the engine would shape it in.
  static func script(of word: Substring) -> String {
    for scalar in word.unicodeScalars {
      switch scalar.value {
      case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return "Latn"
      case 0x370...0x3FF, 0x1F00...0x1FFF: return "Grek"
      case 0x400...0x52F: return "Cyrl"
      case 0x531...0x58F: return "Armn"
      case 0x10A0...0x10FF: return "Geor"
      case 0x3040...0x309F: return "Hira"
      case 0x30A0...0x30FF: return "Kana"
      case 0x3400...0x4DBF, 0x4E00...0x9FFF: return "Hani"
      case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return "Hang"
      default: continue
      }
    }
    return "Zyyy"
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzShaping(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzDriver.bytes(start, count)
  guard bytes.count >= 1 else { return 0 }
  let string = String(decoding: bytes[1...], as: UTF8.self)
  let language = Shaping.languages[Int(bytes[0]) % Shaping.languages.count]
  for word in string.split(whereSeparator: \.isWhitespace).prefix(64) {
    let script = Shaping.script(of: word)
    for face in Shaping.faces {
      let result = Shaping.direct.compareDirectShaping(
        String(word), font: face, script: script, language: language)
      if case .differs(let difference) = result {
        fatalError("\(script) \(language ?? "-") \"\(word)\":\n\(difference)")
      }
    }
  }
  let width = [40.0, 120, 320][Int(bytes[0] / 5 % 3)]
  let limit: LineLimit = bytes[0] & 0x80 != 0 ? .lines(3) : .unlimited
  let text = StyledText(
    string, style: TextStyle(size: 17, language: language.flatMap { try? TextLanguage($0) }))
  let configuration = LayoutConfiguration(width: width, lineLimit: limit)
  var lines: [[String]] = []
  for engine in Shaping.engines {
    guard let layout = try? engine.layout(text, configuration: configuration) else { return 0 }
    lines.append(layout.lines.map { "\($0.range) \($0.frame)" })
  }
  if lines[0] != lines[1] {
    fatalError("lines differ with the direct path: \(lines[0]) against \(lines[1])")
  }
  return 0
}

exit(FuzzDriver.run(fuzzShaping))
