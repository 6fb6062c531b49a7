import Foundation
import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// One row of `render-list`'s input, `{"id": "…", "name": "…", "text": "…"}`, and the avatar
/// made from its name.
struct ListRowRecord: Equatable {
  /// The row's identity.
  var id: String
  /// The author's name; the initials come from it.
  var name: String?
  /// The message.
  var text: String
  /// The row's language (`"lang"`), when it differs from `--lang`.
  var language: String?

  /// The records of a JSON Lines input, or a `line N: <problem>` message for every bad line.
  ///
  /// A line is bad when it is not UTF-8, not a JSON object, has no `"id"` (a non-empty string) or
  /// no `"text"` string, has a `"name"` that is not a string, or repeats an
  /// earlier line's id. Blank lines are skipped.
  static func parse(
    _ lines: [(number: Int, bytes: Data)]
  ) -> (records: [ListRowRecord], problems: [String]) {
    var records: [ListRowRecord] = []
    var problems: [String] = []
    var firstLine: [String: Int] = [:]
    for (number, line) in lines where !JSONLines.isBlank(line) {
      switch record(from: line) {
      case .success(let record):
        if let first = firstLine[record.id] {
          problems.append(
            "line \(number): duplicate row id \"\(record.id)\", first used on line \(first)")
        } else {
          firstLine[record.id] = number
          records.append(record)
        }
      case .failure(let problem):
        problems.append("line \(number): \(problem.description)")
      }
    }
    return (records, problems)
  }

  /// Why a line is not a row.
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  private static func record(from line: Data) -> Result<ListRowRecord, Problem> {
    guard String(validating: line, as: UTF8.self) != nil else {
      return .failure(Problem(description: "invalid UTF-8"))
    }
    guard let object = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])
    else {
      let (message, repaired) = JSONLines.diagnose(line)
      guard let id = (repaired as? [String: Any])?["id"] as? String else {
        return .failure(Problem(description: message))
      }
      return .failure(Problem(description: "row \"\(id)\": \(message)"))
    }
    guard let dictionary = object as? [String: Any] else {
      return .failure(Problem(description: "not a JSON object"))
    }
    guard dictionary["id"] != nil else {
      return .failure(Problem(description: "no \"id\""))
    }
    guard let id = dictionary["id"] as? String, !id.isEmpty else {
      return .failure(Problem(description: "\"id\" is not a non-empty string"))
    }
    guard let text = dictionary["text"] as? String else {
      return .failure(Problem(description: "row \"\(id)\" has no \"text\" string"))
    }
    let name = dictionary["name"]
    guard name == nil || name is String else {
      return .failure(Problem(description: "row \"\(id)\": \"name\" is not a string"))
    }
    switch LanguageTag.field(dictionary["lang"]) {
    case .failure(let problem):
      return .failure(Problem(description: "row \"\(id)\": \(problem)"))
    case .success(let language):
      return .success(
        ListRowRecord(id: id, name: name as? String, text: text, language: language))
    }
  }

  // MARK: - Rows

  /// The list row, with the text in a style.
  func row(style: TextStyle, markdown: Bool = false) throws(CommandError) -> ListRow<String> {
    var style = style
    if let language { style.language = language }
    return ListRow(
      id: id, text: MarkdownOption.styledText(text, isMarkdown: markdown, style: style))
  }

  /// The chat look of a list of rows: each row's avatar (initials from its name, on a color
  /// the name always gets; without a name, a plain circle in the id's color) and separators.
  ///
  /// - Parameters:
  ///   - rows: Each row's id and author's name.
  ///   - family: The font family of the initials.
  ///   - diameter: The avatars' diameter, the list's accessory size.
  ///   - engine: The engine that lays the initials out.
  static func chrome(
    for rows: [(id: String, name: String?)], family: String, diameter: Double,
    using engine: TextLayoutEngine
  ) throws(TextLayoutError) -> ListChrome<String> {
    let style = TextStyle(
      fontFamily: family, size: diameter * 0.4, weight: .semibold,
      color: TextColor(red: 1, green: 1, blue: 1))
    var avatars: [String: ListChrome<String>.Avatar] = [:]
    for (id, name) in rows {
      let initials = name.map(initials) ?? ""
      // Wide enough for any initials on one line; the renderer centers them by their width.
      let laidOut =
        initials.isEmpty
        ? nil
        : try engine.layout(
          StyledText(initials, style: style),
          configuration: LayoutConfiguration(width: diameter * 4))
      avatars[id] = ListChrome.Avatar(color: color(for: name ?? id), initials: laidOut)
    }
    return ListChrome(avatars: avatars)
  }

  /// "Ana Lima" → "AL", "Chen" → "C", "נועה לוי" → "נל": the first letter of the first and
  /// the last word, in upper case where the script has it. A name that starts with an
  /// ideograph ("佐藤 健", "王芳") gets that one character, as two ideographs read as a word;
  /// one that starts with an emoji ("👩‍👩‍👧‍👦 Family") gets the emoji sequence, whole, and a last
  /// word that is an emoji adds nothing.
  static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace)
    guard let first = words.first?.first else { return "" }
    // An emoji (a whole sequence: a skin tone, a family, a flag, ❤️) is the whole avatar.
    if EmojiPresentation(first) == .emoji { return String(first) }
    var result = capital(first)
    if first.unicodeScalars.first?.properties.isIdeographic == true { return result }
    if words.count > 1, let last = words.last?.first, EmojiPresentation(last) != .emoji {
      result += capital(last)
    }
    return result
  }

  /// A letter's capital when that is one character too: "ß" stays "ß" (not "SS"), a ligature
  /// such as "ﬁ" stays one letter, a digraph such as "ǆ" takes its titlecase "ǅ".
  static func capital(_ character: Character) -> String {
    let title = character.unicodeScalars.map { $0.properties.titlecaseMapping }.joined()
    if title.count == 1 { return title }
    let upper = String(character).uppercased()
    return upper.count == 1 ? upper : String(character)
  }

  /// Dark enough for white initials; a name picks one by a stable hash (FNV-1a of its UTF-8),
  /// so the same author gets the same color in every run.
  static let palette = [
    TextColor(red: 0.85, green: 0.23, blue: 0.18),
    TextColor(red: 0.78, green: 0.42, blue: 0.0),
    TextColor(red: 0.18, green: 0.55, blue: 0.34),
    TextColor(red: 0.04, green: 0.49, blue: 0.55),
    TextColor(red: 0.12, green: 0.44, blue: 0.85),
    TextColor(red: 0.35, green: 0.34, blue: 0.84),
    TextColor(red: 0.61, green: 0.30, blue: 0.79),
    TextColor(red: 0.76, green: 0.09, blue: 0.36),
  ]

  static func color(for key: String) -> TextColor {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    // The high bits: the low bits of an FNV-1a hash depend only on the low bits of the bytes.
    return palette[Int((hash >> 32) % UInt64(palette.count))]
  }
}
