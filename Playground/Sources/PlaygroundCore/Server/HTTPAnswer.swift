import Foundation
import HTTPTypes
import Hummingbird

/// The responses the routes send: JSON answers, refusals, and bodies written in chunks.
enum HTTPAnswer {
  /// How much of a body is handed to the connection at a time. Each write waits until the
  /// connection can take more, so a client that reads slowly holds one chunk in SwiftNIO's
  /// buffers, not the whole answer.
  static let chunkBytes = 64 * 1024

  /// A body written a chunk at a time.
  static func body(_ bytes: ByteBuffer) -> ResponseBody {
    ResponseBody(contentLength: bytes.readableBytes) { writer in
      var remaining = bytes
      while remaining.readableBytes > 0,
        let chunk = remaining.readSlice(length: min(chunkBytes, remaining.readableBytes))
      {
        try await writer.write(chunk)
      }
      try await writer.finish(nil)
    }
  }

  /// A JSON answer, never cached: it is the session's state at the time.
  static func json(_ bytes: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: body(bytes))
  }

  /// A drawn answer, with where its time went as `Server-Timing`.
  static func json(_ answer: PlaygroundAnswer, status: HTTPResponse.Status = .ok) -> Response {
    var response = json(answer.json, status: status)
    response.headers[.init("Server-Timing")!] = answer.serverTiming
    return response
  }

  /// A refusal: `{"error": "…"}` with its status, and `Retry-After` for a 503.
  static func refusal(_ error: PlaygroundError) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let bytes = (try? encoder.encode(["error": error.message])) ?? Data(#"{"error":"?"}"#.utf8)
    var response = json(ByteBuffer(bytes: bytes), status: HTTPResponse.Status(code: error.status))
    if let retryAfter = error.retryAfter {
      response.headers[.retryAfter] = String(retryAfter)
    }
    return response
  }
}
