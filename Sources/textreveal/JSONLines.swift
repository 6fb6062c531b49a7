import Foundation

/// Splitting input into JSON Lines records and writing JSON values by hand, so that keys keep a
/// fixed order and numbers a fixed precision.
enum JSONLines {
  /// The non-blank lines of the input with their 1-based line numbers; a trailing CR is dropped.
  static func split(_ data: Data) -> [(number: Int, bytes: Data)] {
    var result: [(Int, Data)] = []
    var number = 0
    for var line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      result.append((number, Data(line)))
    }
    return result
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
  static func number(_ value: Double) -> String {
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

/// Buffered writes to standard output.
struct StandardOutput {
  private var buffer = Data()

  mutating func write(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count > 1 << 16 { flush() }
  }

  mutating func flush() {
    FileHandle.standardOutput.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
