import Foundation

/// Splitting input into JSON Lines records and writing JSON values by hand, so that keys keep a
/// fixed order and numbers a fixed precision.
enum JSONLines {
  /// Whether a line holds nothing but spaces and tabs: such lines are skipped.
  static func isBlank(_ line: Data) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// A JSON string literal.
  static func string(_ value: String) -> String {
    var result = "\""
    result.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        result +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A JSON number with at most four decimals.
  ///
  /// - Precondition: The value is finite (JSON has no infinity): callers check sizes first.
  static func number(_ value: Double) -> String {
    precondition(value.isFinite, "JSON has no number for \(value)")
    // Past 10^15 four decimals mean nothing, and scaling by 10^4 could overflow to infinity.
    guard abs(value) < 1e15 else { return String(value) }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
  }

  /// Re-encodes a JSON value (an id) from `JSONSerialization`.
  static func value(_ value: Any) -> String {
    if let string = value as? String { return self.string(string) }
    // Wrapping in an array lets `JSONSerialization` write numbers, booleans and null exactly as
    // they were read; the brackets are then dropped.
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
    else { return "null" }
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }
}
