import QtShim

/// Qt 6's `QTextLayout` (Debian's qt6-base-dev, offscreen platform) set up to lay text out the
/// way TextReveal's engine does: DejaVu Sans at 17 pixels with Fontconfig fallback, unhinted
/// design metrics (`QTextOption::setUseDesignMetrics`, `QFont::PreferNoHinting`), 320 pixels
/// wide, wrapping at words and then anywhere. A limited layout stops after creating the line
/// past the limit (the early exit a list row needs); every layout makes a new `QTextLayout`
/// from the UTF-8, as the engine's check makes a new text object.
///
/// Qt counts in UTF-16 code units; the line starts are turned into UTF-8 offsets for the
/// line-agreement checks, outside the timed calls. Not shared across threads.
final class QtPeer {
  private let peer: OpaquePointer

  /// Starts Qt (once per process), makes the peer, and checks its metrics are unhinted.
  init() throws(BenchError) {
    var error = [CChar](repeating: 0, count: 256)
    guard
      let peer = qt_peer_create(Setup.family, Setup.size, Setup.width, &error, Int32(error.count))
    else {
      throw .setup(
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.peer = peer
    // Ten "i" are ten fractional advances (569/2048 em each), as Pango's check asks.
    let width = qt_peer_natural_width(peer, "iiiiiiiiii")
    let expected = 10 * Setup.size * 569 / 2048
    guard abs(width - expected) < 0.05 else {
      throw .setup("Qt measures ten 'i' \(width) px, expected \(expected): hinted metrics?")
    }
  }

  deinit {
    qt_peer_destroy(peer)
  }

  /// Lays a text out up to the line after the limit; returns whether it is cut.
  func truncationCheck(_ text: BenchText) -> Bool {
    layout(text, lineLimit: Setup.lineLimit).truncated
  }

  /// Lays a text out up to the line after the limit; returns the height of the shown lines.
  func limitedHeight(_ text: BenchText) -> Double {
    _ = layout(text, lineLimit: Setup.lineLimit)
    return qt_peer_height(peer, Int32(Setup.lineLimit))
  }

  /// Lays a text out with no line limit; returns the number of lines.
  func fullLayout(_ text: BenchText) -> Int {
    layout(text, lineLimit: 0).lines
  }

  private func layout(_ text: BenchText, lineLimit: Int) -> (lines: Int, truncated: Bool) {
    var truncated: Int32 = 0
    let lines = text.utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        qt_peer_layout(peer, $0.baseAddress, Int32($0.count), Int32(lineLimit), &truncated)
      }
    }
    return (Int(lines), truncated != 0)
  }

  /// The UTF-8 start offsets of the lines of the last layout, up to `limit` of them.
  func lineStarts(of text: BenchText, limit: Int = .max) -> [Int] {
    var starts = [Int32](repeating: 0, count: 4096)
    let count = Int(qt_peer_line_starts(peer, &starts, Int32(starts.count)))
    // UTF-16 offsets to UTF-8 ones, walking the string once.
    var utf8ByUTF16: [Int: Int] = [0: 0]
    var utf16 = 0
    var utf8 = 0
    for scalar in text.string.unicodeScalars {
      utf16 += scalar.utf16.count
      utf8 += scalar.utf8.count
      utf8ByUTF16[utf16] = utf8
    }
    return starts.prefix(min(count, limit, starts.count)).map { utf8ByUTF16[Int($0)] ?? -1 }
  }
}
