import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

/// The environment's tab stops reach every model's layout.
@Suite struct TabStopEnvironmentTests {
  static let text = StyledText("Price\tFree\nSize\t48 MB " + appDescription)

  /// Where "Free" starts in a layout.
  func freeStart(_ layout: LaidOutText) throws -> Double {
    let offset = "Price\t".utf8.count
    return try #require(layout.rects(for: offset..<offset + 1).first).minX
  }

  @Test("the expandable text, collapsed and expanded, puts tabs on the environment's stops")
  func expandable() throws {
    // "Price" is about 50 points wide at 17 points: the first stop past it is the interval.
    for interval in [60.0, 70, 90] {
      let environment = ComponentEnvironment(width: 320, tabStops: TabStops(interval: interval))
      let model = ExpandableTextModel(text: Self.text, environment: environment)
      for expanded in [false, true] {
        let layout = try model.layout(using: engine, expanded: expanded)
        #expect(layout.isTruncated)
        #expect(try freeStart(layout.text) == interval, "interval \(interval)")
      }
    }
  }

  @Test("the truncation detector measures with the environment's stops")
  func detector() throws {
    // "Name", a tab, and twelve x: on one line of 200 points with a stop at 56, but cut at
    // one line when the only stop is at 190 and the x follow it.
    let text = StyledText("Name\t" + String(repeating: "x", count: 12))
    var narrow = TruncationDetector(
      text: text, environment: ComponentEnvironment(width: 200), lineLimit: .lines(1))
    #expect(try narrow.update(using: engine).isTruncated == false)
    var wide = TruncationDetector(
      text: text,
      environment: ComponentEnvironment(width: 200, tabStops: TabStops(stops: [190])),
      lineLimit: .lines(1))
    #expect(try wide.update(using: engine).isTruncated == true)
  }
}
