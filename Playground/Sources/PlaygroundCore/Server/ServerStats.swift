import Foundation
import NIOCore

/// `GET /api/stats`: what the server holds, for the load check and for a person watching.
struct ServerStats: Codable, Sendable {
  /// The connections and why they were closed.
  var connections: ConnectionRegistry.Counts
  /// Drawing jobs waiting for a thread.
  var queuedDrawings: Int
  /// Drawing jobs being drawn.
  var runningDrawings: Int
  /// Sessions kept.
  var sessions: Int
  /// Bytes of images kept for the pages.
  var imageBytes: Int

  static func encode(_ stats: ServerStats) throws -> ByteBuffer {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return ByteBuffer(bytes: try encoder.encode(stats))
  }
}
