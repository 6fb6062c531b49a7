import Foundation

/// One benchmark input: a text and its UTF-8 bytes (handed to Pango as they are).
struct BenchText {
  var id: String
  var string: String
  var utf8: [UInt8]
  /// Whether the text has Han, kana or Hangul: Pango then gets the CJK face as a second
  /// family (see ``PangoPeer``).
  var hasCJK: Bool

  init(id: String, string: String) {
    var string = string
    string.makeContiguousUTF8()
    self.id = id
    self.string = string
    self.utf8 = Array(string.utf8)
    self.hasCJK = string.unicodeScalars.contains {
      (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value)
        || (0xAC00...0xD7AF).contains($0.value)
    }
  }
}

/// The benchmark corpus: paragraphs collected by Tests/Differential/corpus.py, joined into texts.
struct Corpus {
  /// A paragraph of the corpus file.
  struct Paragraph: Decodable {
    var id: String
    var lang: String
    var text: String
    /// The group of paragraphs made for one check (`emoji`), or `nil` for collected text.
    var group: String?
  }

  /// The texts the per-text benchmarks lay out.
  var texts: [BenchText]
  /// The paragraphs as read, in file order, without the emoji group.
  var paragraphs: [Paragraph]
  /// The emoji group's paragraphs (English with emoji mixed in, and emoji-only messages),
  /// joined into texts as ``texts`` are: kept apart, so the other benchmarks lay out what they
  /// always did.
  var emojiTexts: [BenchText]

  /// Text lengths in characters (Unicode scalars): each text closes at the next target reached,
  /// cycling through these, so the corpus mixes short and long texts deterministically.
  static let targetLengths = [300, 700, 1500, 3000]
  static let minimumLength = 300
  static let maximumLength = 3000

  /// Reads the JSON Lines corpus file and joins consecutive paragraphs of one language into
  /// texts of 300 to 3000 characters. Texts are single paragraphs (joined with a space, or
  /// nothing between Chinese or Japanese paragraphs), because Pango's line limit counts lines
  /// per paragraph while ours counts them across paragraphs. A language's last few paragraphs
  /// that make less than 300 characters are left out.
  init(path: String) throws(BenchError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .corpus(path: path, reason: "\(error)")
    }
    var paragraphs: [Paragraph] = []
    for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
      do {
        paragraphs.append(try JSONDecoder().decode(Paragraph.self, from: Data(line)))
      } catch {
        throw .corpus(path: path, reason: "line \(number + 1): \(error)")
      }
    }
    emojiTexts = Self.join(paragraphs.filter { $0.group == "emoji" }, prefix: "emoji")
    paragraphs.removeAll { $0.group != nil }
    self.paragraphs = paragraphs

    let texts = Self.join(paragraphs, prefix: nil)
    guard texts.count >= 10 else {
      throw .corpus(path: path, reason: "only \(texts.count) texts of 300 characters or more")
    }
    self.texts = texts
  }

  /// Joins consecutive paragraphs of one language into texts of 300 to 3000 characters, each
  /// closing at the next target length reached (see ``targetLengths``); the ids start with
  /// `prefix`, or with the language.
  static func join(_ paragraphs: [Paragraph], prefix: String?) -> [BenchText] {
    var texts: [BenchText] = []
    var current: [Paragraph] = []
    var length = 0
    func close() {
      if length >= Self.minimumLength, let first = current.first {
        let separator = ["zh", "ja"].contains(first.lang) ? "" : " "
        let string = current.map(\.text).joined(separator: separator)
        texts.append(BenchText(id: "\(prefix ?? first.lang)-\(texts.count + 1)", string: string))
      }
      current = []
      length = 0
    }
    for paragraph in paragraphs {
      let paragraphLength = paragraph.text.unicodeScalars.count + 1
      if let last = current.last,
        last.lang != paragraph.lang || length + paragraphLength > Self.maximumLength
      {
        close()
      }
      current.append(paragraph)
      length += paragraphLength
      if length >= Self.targetLengths[texts.count % Self.targetLengths.count] {
        close()
      }
    }
    close()
    return texts
  }

  /// A text of at least `byteCount` UTF-8 bytes: the corpus's paragraphs of one language (all
  /// languages when `language` is nil) joined with spaces, over and over, after a prefix.
  func text(
    id: String, startingWith prefix: String = "", language: String? = nil, byteCount: Int
  ) -> BenchText {
    let chosen = paragraphs.filter { language == nil || $0.lang == language }
    precondition(!chosen.isEmpty, "The corpus has paragraphs in \(language ?? "any language")")
    var string = prefix
    var index = 0
    while string.utf8.count < byteCount {
      if !string.isEmpty { string += " " }
      string += chosen[index % chosen.count].text
      index += 1
    }
    return BenchText(id: id, string: string)
  }
}
