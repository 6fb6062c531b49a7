import Foundation

/// An answer of the playground, independent of the HTTP server that sends it.
public struct PlaygroundResponse: Sendable {
  /// The HTTP status code.
  public var status: Int
  /// The body's media type.
  public var contentType: String
  /// The body.
  public var body: [UInt8]

  /// Creates an answer.
  public init(status: Int, contentType: String, body: [UInt8]) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// A JSON answer.
  static func json(_ value: some Encodable, status: Int = 200) -> PlaygroundResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(value)).map(Array.init) ?? Array(#"{"error":"encoding"}"#.utf8)
    return PlaygroundResponse(status: status, contentType: "application/json", body: body)
  }

  /// A refusal, as `{"error": "…"}` with its status.
  static func refusal(_ error: PlaygroundError) -> PlaygroundResponse {
    json(["error": error.message], status: error.status)
  }

  /// The body as text, for tests and logs.
  public var text: String { String(decoding: body, as: UTF8.self) }
}
