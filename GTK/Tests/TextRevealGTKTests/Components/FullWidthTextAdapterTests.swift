import Testing
import TextRaster
import TextReveal

@testable import TextRevealGTK

/// The generic adapter over a full-width text: the demo's package facts.
@Suite struct FullWidthTextAdapterTests {
  func inkColumns(
    alignment: FullWidthText.FrameAlignment, direction: InterfaceDirection
  ) throws -> ClosedRange<Int> {
    let adapter = AdapterTesting.adapter(
      FullWidthText(
        text: StyledText("Version 1.0\nSection admin"),
        environment: ComponentEnvironment(width: 1), frameAlignment: alignment),
      width: 400, direction: direction)
    let list = try AdapterTesting.list(adapter)
    #expect(list.size.width == 400)
    #expect(adapter.accessibility(of: list).label == "Version 1.0\nSection admin")
    let bitmap = try AdapterTesting.draw(adapter, list)
    let columns = (0..<bitmap.width).filter { x in
      (0..<bitmap.height).contains { bitmap[x: x, y: $0].alpha > 64 }
    }
    return try #require(columns.min())...(try #require(columns.max()))
  }

  @Test("the text's box sits at the frame's leading or trailing edge, following the direction")
  func alignment() throws {
    let leading = try inkColumns(alignment: .leading, direction: .leftToRight)
    let trailing = try inkColumns(alignment: .trailing, direction: .leftToRight)
    let leadingRTL = try inkColumns(alignment: .leading, direction: .rightToLeft)
    #expect(leading.lowerBound < 5)
    #expect(trailing.upperBound > 390 && trailing.lowerBound > 200)
    #expect(leadingRTL.upperBound > 390)
  }
}
