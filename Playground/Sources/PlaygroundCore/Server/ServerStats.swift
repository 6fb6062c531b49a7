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
  /// Jobs drawn so far, by class and kind (`light tap expandable`, `heavy all`…).
  var drawnJobs: [String: Int]
  /// The processor seconds they took, by class and kind.
  var drawingSeconds: [String: Double]
  /// Sessions kept.
  var sessions: Int
  /// Bytes of images kept for the pages.
  var imageBytes: Int
  /// Each connection phase's deadline in seconds, by ``ConnectionPhase`` name.
  var deadlines: [String: Double]

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The deadlines of a set of limits.
  static func deadlines(_ limits: PlaygroundLimits) -> [String: Double] {
    Dictionary(
      uniqueKeysWithValues: ConnectionPhase.allCases.map { phase in
        (phase.rawValue, seconds(phase.timeout(limits)))
      })
  }

  static func encode(_ stats: ServerStats) throws -> ByteBuffer {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return ByteBuffer(bytes: try encoder.encode(stats))
  }
}
