import Foundation
import Testing
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

let stack = try! TextStack()

@Suite struct RecordingTests {
  static let description = """
    Keep a short note for every day, tag the people and places that mattered, and read the whole \
    week back on Sunday in a minute or two.
    """

  static func model(_ text: String = description, reducesMotion: Bool = false)
    -> ExpandableTextModel
  {
    ExpandableTextModel(
      text: StyledText(text),
      environment: ComponentEnvironment(width: 300, reducesMotion: reducesMotion))
  }

  static let loop: [Recording.Step<ExpandableTextModel.Action>] = [
    .hold(.milliseconds(900)), .perform(.expand), .animate, .hold(.milliseconds(1500)),
    .perform(.collapse), .animate,
  ]

  @Test("an expandable text's loop: a still, the frames of one change, a still, the way back")
  func expansionLoop() throws {
    let (frames, model) = try Recording.frames(
      of: Self.model(), using: stack.engine, script: Self.loop)
    // 0.35 s at 30 frames a second: 11 frames of each change (from 0 to 10/30 s).
    #expect(frames.count == 2 * (1 + 11))
    #expect(!model.isExpanded)
    #expect(frames[0].delay == .milliseconds(900) && frames[12].delay == .milliseconds(1500))
    let heights = frames[1...11].map { Double($0.list.size.height) }
    #expect(heights == heights.sorted())
    #expect(heights.first! == Double(frames[0].list.size.height))
    #expect(heights.last! < Double(frames[12].list.size.height))
    #expect(frames[1...11].allSatisfy { $0.delay == .milliseconds(33) })
  }

  @Test("Reduce Motion gives the stills alone, and they draw")
  func reducedMotion() throws {
    let (frames, _) = try Recording.frames(
      of: Self.model(reducesMotion: true), using: stack.engine, script: Self.loop)
    #expect(frames.count == 2)
    let animation = try ComponentRenderer(stack: stack).animation(frames, padding: 16)
    #expect(animation.frameCount == 2)
  }

  @Test("a text that fits has nothing to animate")
  func fits() throws {
    let (frames, _) = try Recording.frames(
      of: Self.model("Short."), using: stack.engine, script: Self.loop)
    #expect(frames.count == 2)
    #expect(frames[0].list == frames[1].list)
  }

  @Test("a tap on nothing fails the script, naming the point")
  func missedTap() throws {
    #expect(throws: Recording.Failure.self) {
      try Recording.frames(
        of: Self.model(), using: stack.engine, script: [.tap(CGPoint(x: 5, y: 5))])
    }
  }

  @Test("playing frames at a rate, whatever animates")
  func play() throws {
    let (frames, _) = try Recording.frames(
      of: Self.model(), using: stack.engine, script: [.play(seconds: 1)], framesPerSecond: 10)
    #expect(frames.count == 10)
  }
}
