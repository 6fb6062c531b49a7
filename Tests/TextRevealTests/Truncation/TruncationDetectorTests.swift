import Synchronization
import Testing
import TextLayout

@testable import TextReveal

@Suite struct TruncationDetectorTests {
  final class Log: Sendable {
    let values = Mutex<[Bool]>([])
    func append(_ value: Bool) { values.withLock { $0.append(value) } }
    var all: [Bool] { values.withLock { $0 } }
  }

  @Test("the observer hears each change once: width, text and type size")
  func reportsChanges() throws {
    let log = Log()
    var detector = TruncationDetector(lineLimit: 3) { log.append($0) }
    let blurb = StyledText(
      "Track runs, rides and swims with heart-rate zones, pace alerts and weekly summaries "
        + "that tell you what changed.")
    try detector.update(text: blurb, width: 400, using: engine)
    try detector.update(text: blurb, width: 400, using: engine)
    try detector.update(text: blurb, width: 390, using: engine)
    #expect(log.all == [false])
    try detector.update(text: blurb, width: 150, using: engine)
    try detector.update(text: blurb, width: 140, using: engine)
    #expect(log.all == [false, true])
    try detector.update(text: StyledText("Short."), width: 140, using: engine)
    #expect(log.all == [false, true, false])
    try detector.update(
      text: blurb, width: 400, typeSize: .accessibilityExtraExtraExtraLarge, using: engine)
    #expect(log.all == [false, true, false, true])
    #expect(detector.isTruncated == true)
  }

  @Test("invalid widths are errors, and the observer is not called")
  func invalidWidth() {
    let log = Log()
    var detector = TruncationDetector(lineLimit: 3) { log.append($0) }
    #expect(throws: TextLayoutError.self) {
      try detector.update(text: StyledText("x"), width: 0, using: engine)
    }
    #expect(log.all.isEmpty)
  }
}
