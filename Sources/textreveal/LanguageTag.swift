import Foundation

/// BCP 47 language tags as the commands take them (`--lang`, a record's `"lang"`): checked for
/// their shape, so that a typo is named rather than silently ignored by font fallback.
enum LanguageTag {
  /// The problem with a tag, or `nil` when it is well formed: subtags of 1 to 8 ASCII letters
  /// or digits separated by hyphens, the first of 2 to 8 letters (`ja`, `zh-Hant`, `pt-BR`).
  static func problem(with tag: String) -> String? {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (2...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else {
      return "\"\(tag)\" is not a BCP 47 language tag (such as ja, zh-Hans, zh-Hant, ko or ar)"
    }
    for subtag in subtags.dropFirst()
    where !(1...8).contains(subtag.count)
      || !subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    {
      return "\"\(tag)\" is not a BCP 47 language tag: bad subtag \"\(subtag)\""
    }
    return nil
  }

  /// The tag a record's `"lang"` field holds: `nil` when there is no field, or the problem
  /// with it (`"lang" is not a string`, or `"lang": ` and the tag's problem).
  static func field(_ value: Any?) -> Result<String?, FieldProblem> {
    guard let value else { return .success(nil) }
    guard let tag = value as? String else {
      return .failure(FieldProblem(description: "\"lang\" is not a string"))
    }
    if let problem = problem(with: tag) {
      return .failure(FieldProblem(description: "\"lang\": \(problem)"))
    }
    return .success(tag)
  }

  /// What is wrong with a `"lang"` field.
  struct FieldProblem: Error, CustomStringConvertible {
    var description: String
  }
}
