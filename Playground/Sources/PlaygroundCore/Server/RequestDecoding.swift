import Foundation
import NIOCore

/// Decodes a request's JSON body into its `Decodable` type, turning `DecodingError`s into
/// refusals that name the field and what it must be, and never quote more than the start of a
/// bad value.
enum RequestDecoding {
  /// Decodes a body.
  ///
  /// - Throws: ``PlaygroundError`` (400) naming the first bad field, or what the request types
  ///   themselves refuse (an unknown field, a value outside its choices).
  static func decode<Value: Decodable>(
    _ type: Value.Type, from body: ByteBuffer
  ) throws(PlaygroundError) -> Value {
    guard body.readableBytes > 0 else {
      throw PlaygroundError("the request body is empty; send a JSON object")
    }
    do {
      return try JSONDecoder().decode(Value.self, from: Data(body.readableBytesView))
    } catch let error as PlaygroundError {
      throw error
    } catch let error as DecodingError {
      throw PlaygroundError(message(for: error))
    } catch {
      throw PlaygroundError("the request body is not valid JSON")
    }
  }

  private static func message(for error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      guard !context.codingPath.isEmpty else { return "the request body must be a JSON object" }
      return "\(field(context.codingPath)) must be \(describe(type))"
    case .valueNotFound(let type, let context):
      return "\(field(context.codingPath)) must be \(describe(type)), got null"
    case .keyNotFound(let key, let context):
      return "the request needs \(field(context.codingPath + [key]))"
    case .dataCorrupted(let context):
      guard !context.codingPath.isEmpty else { return "the request body is not valid JSON" }
      return "\(field(context.codingPath)) is not a valid value"
    @unknown default:
      return "the request body is not what this request takes"
    }
  }

  private static func field(_ path: [any CodingKey]) -> String {
    "\"" + path.map(\.stringValue).joined(separator: ".") + "\""
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a finite number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "a JSON object"
    }
  }
}

/// Any key of a JSON object, to list the keys a request sent.
struct RequestKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}

extension Decoder {
  /// Refuses the keys a request type does not know: a typo is an error, not a silently
  /// ignored field.
  func refuseUnknownKeys<Key: CodingKey & CaseIterable>(_: Key.Type) throws {
    let sent = try container(keyedBy: RequestKey.self).allKeys.map(\.stringValue)
    let known = Set(Key.allCases.map(\.stringValue))
    let unknown = sent.filter { !known.contains($0) }.sorted()
    guard unknown.isEmpty else {
      let names = unknown.prefix(5).map { PlaygroundError.quote($0) }.joined(separator: ", ")
      throw PlaygroundError(
        "unknown field\(unknown.count == 1 ? "" : "s") \(names)\(unknown.count > 5 ? ", …" : "");"
          + " the fields are "
          + Key.allCases.map { "\"\($0.stringValue)\"" }.joined(separator: ", "))
    }
  }
}

extension KeyedDecodingContainer {
  /// One of a closed set of names, or `nil` when the field is absent or null.
  func decodeChoice<Choice: RawRepresentable<String> & CaseIterable>(
    _: Choice.Type, forKey key: Key
  ) throws -> Choice? {
    guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let choice = Choice(rawValue: name) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw PlaygroundError(
        "\"\(key.stringValue)\" must be one of \(names); got \(PlaygroundError.quote(name))")
    }
    return choice
  }
}
