import Foundation

/// A JSON value as it was sent, so that a request's fields are checked one by one and a wrong
/// type is named ("x is not a number") instead of failing a whole `Decodable`.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses a request body: a JSON object, or a refusal saying why it is not one.
  ///
  /// - Throws: ``PlaygroundError`` (400) when the bytes are not UTF-8 JSON or not an object.
  public static func object(from bytes: [UInt8]) throws(PlaygroundError) -> [String: JSONValue] {
    guard !bytes.isEmpty else { throw PlaygroundError("the request body is empty; send JSON") }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw PlaygroundError("the request body is not valid JSON")
    }
    guard case .object(let object) = value else {
      throw PlaygroundError("the request body must be a JSON object")
    }
    return object
  }

  /// The name of the value's type, for messages.
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
