import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(FrontEnd) import TextReveal

@testable import TextRaster

/// Golden PNGs of component states, compared with a small pixel tolerance.
///
/// The goldens live in `Tests/TextRasterTests/Snapshots/`. They are re-recorded only when
/// `RECORD_SNAPSHOTS=1` is set (the test then fails, so that a recording run is never mistaken
/// for a passing one); a failing comparison never overwrites them.
@Suite struct SnapshotTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Snapshots")

  /// A pixel differs when one of its straight-alpha components is off by more than this.
  static let channelTolerance = 24
  /// The share of pixels that may differ: room for FreeType's anti-aliasing between versions.
  static let differingShare = 0.005

  func assertSnapshot(_ bitmap: RGBABitmap, named name: String) throws {
    let url = Self.directory.appendingPathComponent(name + ".png")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.directory, withIntermediateDirectories: true)
      try PNGEncoder.write(bitmap, to: url.path)
      Issue.record("Recorded \(url.path); review it, then run again without RECORD_SNAPSHOTS")
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("No golden image at \(url.path); record it with RECORD_SNAPSHOTS=1")
      return
    }
    let golden = try PNGReader(Array(data))
    #expect(golden.width == bitmap.width && golden.height == bitmap.height, "size of \(name)")
    guard golden.width == bitmap.width && golden.height == bitmap.height else { return }
    let expected = try golden.image()
    let actual = bitmap.straightAlphaBytes()
    var differing = 0
    for pixel in stride(from: 0, to: actual.count, by: 4) {
      let off = (0..<4).contains {
        abs(Int(actual[pixel + $0]) - Int(expected[pixel + $0])) > Self.channelTolerance
      }
      if off { differing += 1 }
    }
    let share = Double(differing) / Double(bitmap.width * bitmap.height)
    if share > Self.differingShare {
      try? keep(bitmap, as: "snapshot-failed-" + name)
      let message =
        "\(name): \(differing) pixels (\(share * 100)%) differ from \(url.path);"
        + " set TEXTRASTER_TEST_IMAGES to keep the new image"
      Issue.record(Comment(rawValue: message))
    }
  }

  func draw(style: TruncationStyle, theme: Theme) throws -> RGBABitmap {
    let drawing = try ComponentDrawing()
    let model = ExpandableTextModel(
      text: StyledText(componentText, style: drawing.text.style),
      environment: ComponentEnvironment(width: 240, theme: theme), lineLimit: .lines(2),
      truncationStyle: style)
    return try drawing.renderer.image(
      of: try model.displayList(using: drawing.text.engine), padding: 8)
  }

  @Test("collapsed .fade in the light theme matches its golden image")
  func fadeLight() throws {
    try assertSnapshot(draw(style: .fade, theme: .light), named: "expandable-fade-light@2x")
  }

  @Test("collapsed .inline in the dark theme matches its golden image")
  func inlineDark() throws {
    try assertSnapshot(draw(style: .inline, theme: .dark), named: "expandable-inline-dark@2x")
  }
}
