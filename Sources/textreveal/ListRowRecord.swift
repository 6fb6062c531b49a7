import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport
@_spi(Backend) import TextShaping

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
  var language: TextLanguage?

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
    switch LanguageOptions.language(field: dictionary["lang"]) {
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
      id: id, text: MarkdownOption.styledText(text, isMarkdown: markdown, style: style),
      avatar: Avatars.avatar(name: name, key: id))
  }
}
