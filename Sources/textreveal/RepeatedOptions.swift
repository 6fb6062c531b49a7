import ArgumentParser
import Foundation

/// Arguments rewritten so that swift-argument-parser reads each option once.
///
/// swift-argument-parser 1.x costs time proportional to the occurrences so far for each
/// occurrence of an option: `ParsedValues.update` copies a repeating option's array out of an
/// `Any` and back (so each append copies it), and every occurrence unites the set of input
/// positions it came from with all earlier ones (`InputOrigin.formUnion`). An option given
/// 10,000 times took 13 s to parse. Before it reads them, the arguments after the subcommand
/// are rewritten, with the options read from the commands' own description (`_dumpHelp()`):
///
/// - an option that takes one value keeps its last occurrence, the one swift-argument-parser
///   would keep;
/// - a flag given several times is given once;
/// - the values of `--spoiler` (render) and `--expand` (render-list), the repeating options,
///   become one occurrence with the values joined by a NUL, which no argument can hold, and
///   the command splits them again (``JoinedRepeatingOptions``) before it is validated once
///   more.
///
/// Anything else (positional arguments, `--` and what follows, an option without its value,
/// an unknown option) goes through as it was, in its order, after the rewritten options, so
/// errors read as before. The rewriting is linear in the arguments.
enum RepeatedOptions {
  static let separator: Character = "\u{0}"

  /// The repeating options whose values are joined, by command; each has a
  /// ``JoinedRepeatingOptions`` conformance that splits them.
  static let joined: [String: Set<String>] = [
    "render": ["spoiler"], "render-list": ["expand"],
  ]

  /// What the commands' description says of one option.
  struct Option {
    /// The long name without dashes, or the short name: the option's identity.
    var key: String
    var takesValue: Bool
    var isRepeating: Bool
    /// Whether the value may start with `-` (`parsing: .unconditional`).
    var isUnconditional: Bool
  }

  /// The options of each subcommand, by spelling (`--width`, `-o`).
  static func options(
    of command: any ParsableCommand.Type
  ) -> [String: [String: Option]] {
    guard
      let data = command._dumpHelp().data(using: .utf8),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tool = root["command"] as? [String: Any],
      let subcommands = tool["subcommands"] as? [[String: Any]]
    else { return [:] }
    var result: [String: [String: Option]] = [:]
    for subcommand in subcommands {
      guard let name = subcommand["commandName"] as? String else { continue }
      var options: [String: Option] = [:]
      for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
        let kind = argument["kind"] as? String
        guard kind == "option" || kind == "flag" else { continue }
        let names = argument["names"] as? [[String: Any]] ?? []
        let spellings = names.compactMap { entry -> String? in
          guard let name = entry["name"] as? String else { return nil }
          return (entry["kind"] as? String) == "short" ? "-" + name : "--" + name
        }
        guard let key = spellings.first(where: { $0.hasPrefix("--") }) ?? spellings.first
        else { continue }
        let option = Option(
          key: String(key.drop(while: { $0 == "-" })), takesValue: kind == "option",
          isRepeating: argument["isRepeating"] as? Bool ?? false,
          isUnconditional: argument["parsingStrategy"] as? String == "unconditional")
        for spelling in spellings { options[spelling] = option }
      }
      result[name] = options
    }
    return result
  }

  /// The arguments with every option of the subcommand given once (see the type).
  static func rewrite(
    _ arguments: [String], options table: [String: [String: Option]]
  ) -> [String] {
    guard let commandIndex = arguments.firstIndex(where: { table[$0] != nil }),
      let options = table[arguments[commandIndex]]
    else { return arguments }
    let joinedKeys = joined[arguments[commandIndex]] ?? []
    var passed: [String] = []
    // Each option's spelling and values, in the order the options first appear.
    var order: [String] = []
    var values: [String: (spelling: String, values: [String])] = [:]
    func record(_ option: Option, _ spelling: String, _ value: String?) {
      if values[option.key] == nil { order.append(option.key) }
      // Changed in place: a copy taken out and put back would copy the values each time,
      // the very cost this avoids.
      values[option.key, default: (spelling, [])].spelling = spelling
      guard let value else { return }
      if option.isRepeating {
        values[option.key, default: (spelling, [])].values.append(value)
      } else {
        values[option.key, default: (spelling, [])].values = [value]
      }
    }
    var index = commandIndex + 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        passed += arguments[index...]
        break
      }
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
        let option = options[String(argument[..<equals])], option.takesValue
      {
        record(
          option, String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        index += 1
        continue
      }
      guard let option = options[argument] else {
        passed.append(argument)
        index += 1
        continue
      }
      guard option.takesValue else {
        record(option, argument, nil)
        index += 1
        continue
      }
      // A value that looks like an option is an error of swift-argument-parser's to report.
      guard index + 1 < arguments.count,
        option.isUnconditional || !looksLikeOption(arguments[index + 1])
      else {
        passed.append(argument)
        index += 1
        continue
      }
      if option.isRepeating && !joinedKeys.contains(option.key) {
        passed += [argument, arguments[index + 1]]
      } else {
        record(option, argument, arguments[index + 1])
      }
      index += 2
    }
    var result = Array(arguments[...commandIndex])
    for key in order {
      guard let entry = values[key] else { continue }
      let option = options[entry.spelling]!
      if !option.takesValue {
        result.append(entry.spelling)
      } else if option.isRepeating {
        result += [entry.spelling, entry.values.joined(separator: String(separator))]
      } else {
        result += [entry.spelling, entry.values[0]]
      }
    }
    return result + passed
  }

  private static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument != "-"
  }
}

/// A command with a repeating option whose values ``RepeatedOptions`` joined into one.
protocol JoinedRepeatingOptions: ParsableCommand {
  /// Splits the joined values back into one each.
  mutating func splitJoinedValues()
}

extension RepeatedOptions {
  /// The values of one joined occurrence.
  static func split(_ values: [String]) -> [String] {
    values.flatMap { value in
      value.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
  }
}

extension RenderCommand: JoinedRepeatingOptions {
  mutating func splitJoinedValues() { spoilers = RepeatedOptions.split(spoilers) }
}

extension RenderListCommand: JoinedRepeatingOptions {
  mutating func splitJoinedValues() { expand = RepeatedOptions.split(expand) }
}
