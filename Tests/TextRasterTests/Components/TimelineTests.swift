import Testing
import TextLayout
import TextReveal

@testable import TextRaster

@Suite struct TimelineTests {
  @Test("an expandable text's loop: a still, the frames of one change, a still, the way back")
  func expansionLoop() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model()
    let collapsed = try model.layout(using: drawing.text.engine, expanded: false)
    let expanded = try model.layout(using: drawing.text.engine, expanded: true)
    let timeline = drawing.renderer.expansionTimeline(
      collapsed: collapsed, expanded: expanded, startsExpanded: false, duration: 0.35)
    // 0.35 s at 30 frames a second: 11 steps, the last of which is the next still.
    #expect(timeline.count == 2 * (1 + 10))
    guard case .still(let first) = timeline[0].content,
      case .still(let middle) = timeline[11].content
    else {
      Issue.record("stills expected at 0 and 11")
      return
    }
    #expect(!first.isExpanded && middle.isExpanded)
    var times: [Double] = []
    for frame in timeline[1..<11] {
      guard case .transition(let animation, let time, _) = frame.content else {
        Issue.record("a transition expected between the stills")
        return
      }
      #expect(animation.fromHeight == collapsed.size.height)
      #expect(animation.toHeight == expanded.size.height)
      times.append(time)
    }
    #expect(times == times.sorted() && times.first! > 0 && times.last! < 0.35)
  }

  @Test("a zero duration (Reduce Motion) gives the two stills alone, and draws without trapping")
  func zeroDuration() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model()
    let collapsed = try model.layout(using: drawing.text.engine, expanded: false)
    let expanded = try model.layout(using: drawing.text.engine, expanded: true)
    let timeline = drawing.renderer.expansionTimeline(
      collapsed: collapsed, expanded: expanded, startsExpanded: true, duration: 0)
    #expect(timeline.count == 2)
    let animation = try drawing.renderer.expansionAnimation(
      collapsed: collapsed, expanded: expanded, startsExpanded: true, duration: 0,
      theme: .light)
    #expect(animation.frameCount == 2)
  }

  @Test("a text that fits has nothing to animate: one still")
  func fits() throws {
    let drawing = try ComponentDrawing()
    let model = drawing.model("Short.")
    let collapsed = try model.layout(using: drawing.text.engine, expanded: false)
    let expanded = try model.layout(using: drawing.text.engine, expanded: true)
    #expect(!collapsed.isTruncated)
    let timeline = drawing.renderer.expansionTimeline(
      collapsed: collapsed, expanded: expanded, startsExpanded: false, duration: 0.35)
    #expect(timeline.count == 1)
  }

  @Test("a list row's toggle loop frames every transition between the two layouts")
  func toggleLoop() throws {
    let list = try ListDrawing()
    let before = try list.layout()
    let after = try list.layout(expanded: ["long"])
    let timeline = list.drawing.renderer.toggleTimeline(
      from: before, to: after, row: "long", duration: 0.6)
    // 0.6 s at 30 frames a second: 18 steps, 17 frames between the stills.
    #expect(timeline.count == 2 * (1 + 17))
    let fitting = list.drawing.renderer.toggleTimeline(
      from: before, to: before, row: "short", duration: 0.6)
    #expect(fitting.count == 1)
  }
}
