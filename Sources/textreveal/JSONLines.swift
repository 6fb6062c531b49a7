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

  /// A JSON `true` or `false` read by `JSONSerialization`, or `nil` for any other value.
  ///
  /// Foundation gives booleans and numbers as `NSNumber` alike, and `1 as? Bool` succeeds; a
  /// boolean is the one whose type is `char` (`c`), which no JSON number is read as.
  static func boolean(_ value: Any) -> Bool? {
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
      return nil
    }
    return number.boolValue
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

  /// A `\u` escape of a UTF-16 surrogate with no partner, which JSON's grammar allows but no
  /// Unicode string can hold.
  struct LoneSurrogate {
    /// The escape's byte offset in the record.
    var offset: Int
    /// The escape as written, such as `\ud800`.
    var escape: String
  }

  /// The lone surrogate escapes of a record, in order.
  static func loneSurrogates(in record: Data) -> [LoneSurrogate] {
    let bytes = Array(record)
    var found: [LoneSurrogate] = []
    /// The code unit of the `\u` escape at `index`, if there is one.
    func unit(at index: Int) -> UInt16? {
      guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { return nil }
      return UInt16(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    }
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard let value = unit(at: index) else {
        // Another escape: skip the character it escapes (which may be a backslash).
        index += 2
        continue
      }
      if (0xD800...0xDBFF).contains(value), let next = unit(at: index + 6),
        (0xDC00...0xDFFF).contains(next)
      {
        index += 12
        continue
      }
      if (0xD800...0xDFFF).contains(value) {
        found.append(
          LoneSurrogate(
            offset: index, escape: String(decoding: bytes[index..<index + 6], as: UTF8.self)))
      }
      index += 6
    }
    return found
  }

  /// The record with every lone surrogate escape replaced by `\ufffd`, to read what else it
  /// holds (its id) when it is reported.
  static func replacingLoneSurrogates(_ surrogates: [LoneSurrogate], in record: Data) -> Data {
    var bytes = Array(record)
    for surrogate in surrogates {
      bytes.replaceSubrange(surrogate.offset..<surrogate.offset + 6, with: Array("\\ufffd".utf8))
    }
    return Data(bytes)
  }

  /// Why a record that `JSONSerialization` refused is not JSON text, and the record read with
  /// its lone surrogates replaced, when that is the reason.
  static func diagnose(_ record: Data) -> (message: String, repaired: Any?) {
    let surrogates = loneSurrogates(in: record)
    guard let first = surrogates.first else { return ("malformed JSON", nil) }
    var repaired = try? JSONSerialization.jsonObject(
      with: replacingLoneSurrogates(surrogates, in: record), options: [.fragmentsAllowed])
    // An id that held a lone surrogate is not the id the writer meant: name the line instead.
    if let id = (repaired as? [String: Any])?["id"] as? String, id.contains("\u{FFFD}") {
      repaired = nil
    }
    return (
      "lone surrogate \(first.escape) at byte \(first.offset) of the record: a JSON string "
        + "must hold whole characters (a high surrogate followed by a low one)",
      repaired
    )
  }
}
