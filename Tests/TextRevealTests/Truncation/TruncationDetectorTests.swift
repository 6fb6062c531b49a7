import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

@Suite struct TruncationDetectorTests {
  static let blurb = StyledText(
    "Track runs, rides and swims with heart-rate zones, pace alerts and weekly summaries "
      + "that tell you what changed.")

  @Test("an update says when the answer changed: width, text and type size")
  func reportsChanges() throws {
    var detector = TruncationDetector(
      text: Self.blurb, environment: ComponentEnvironment(width: 400), lineLimit: .lines(3))
    var changes: [Bool] = []
    func update(_ change: (inout TruncationDetector) -> Void) throws {
      change(&detector)
      let update = try detector.update(using: engine)
      #expect(update.isTruncated == detector.isTruncated)
      if update.hasChanged { changes.append(update.isTruncated) }
    }
    try update { _ in }
    try update { _ in }
    try update { $0.environment.width = 390 }
    #expect(changes == [false])
    try update { $0.environment.width = 150 }
    try update { $0.environment.width = 140 }
    #expect(changes == [false, true])
    try update { $0.text = StyledText("Short.") }
    #expect(changes == [false, true, false])
    try update {
      $0.text = Self.blurb
      $0.environment.width = 400
      $0.environment.typeSize = .accessibilityExtraExtraExtraLarge
    }
    #expect(changes == [false, true, false, true])
    #expect(detector.isTruncated == true)
  }

  @Test("the answer is the engine's: a layout at the same limit is cut exactly when it says")
  func agreesWithLayout() throws {
    for width in stride(from: 120.0, through: 480, by: 40) {
      var detector = TruncationDetector(
        text: Self.blurb, environment: ComponentEnvironment(width: width), lineLimit: .lines(2))
      let layout = try engine.layout(
        Self.blurb, configuration: LayoutConfiguration(width: width, lineLimit: .lines(2)))
      #expect(try detector.update(using: engine).isTruncated == layout.isTruncated, "\(width)")
    }
  }

  @Test("an invalid width is an error, and the last answer stays")
  func invalidWidth() throws {
    var detector = TruncationDetector(
      text: StyledText("x"), environment: ComponentEnvironment(width: 100), lineLimit: .lines(3))
    try detector.update(using: engine)
    detector.environment.width = 0
    #expect(throws: TextRevealError.self) { try detector.update(using: engine) }
    #expect(detector.isTruncated == false)
  }

  @Test("Show all is drawn exactly when the text is cut, and a tap on it shows the whole text")
  func showAll() throws {
    var detector = TruncationDetector(
      text: Self.blurb, environment: ComponentEnvironment(width: 200), lineLimit: .lines(2))
    for width in stride(from: 120.0, through: 900, by: 20) {
      detector.environment.width = width
      let isTruncated = try detector.update(using: engine).isTruncated
      let list = try detector.displayList(using: engine)
      let button = region(list) { $0 == .showAll }
      #expect((button != nil) == isTruncated, "\(width)")
      let pills = list.items.filter { if case .shape = $0 { true } else { false } }
      #expect(pills.count == (isTruncated ? 1 : 0), "\(width)")
      if let button {
        #expect(button.minY >= list.size.height - button.height - 1e-9)
        #expect(list.accessibility.contains { $0.role == .button && $0.action == .showAll })
      }
    }
    detector.environment.width = 200
    let cut = try detector.displayList(using: engine)
    let button = try #require(region(cut) { $0 == .showAll })
    let action = try #require(detector.hitTest(center(button), in: cut))
    detector.perform(action, at: 0)
    let whole = try detector.displayList(using: engine)
    #expect(whole.hitRegions.isEmpty, "no button once everything shows")
    #expect(whole.size.height > cut.size.height - button.height)
    let text = try #require(textItems(whole.items).first)
    #expect(!text.layout.isTruncated)
    detector.showLessLabel = "Show less"
    let less = try detector.displayList(using: engine)
    #expect(region(less) { $0 == .showLess } != nil)
  }

  @Test("right to left, the button sits at the leading edge, on the right")
  func rightToLeftButton() throws {
    let detector = TruncationDetector(
      text: Self.blurb, environment: ComponentEnvironment(width: 200, direction: .rightToLeft),
      lineLimit: .lines(2))
    let button = try #require(region(try detector.displayList(using: engine)) { $0 == .showAll })
    #expect(abs(button.maxX - 200) < 1e-9)
  }
}
