import Foundation
import Testing
import TextLayout

@testable import TextReveal

@Suite struct ExpandableTextModelTests {
  @Test("a long text is cut at three lines and shows more at the trailing edge (fade)")
  func collapsedFade() throws {
    let model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    let layout = try model.layout(using: engine)
    #expect(layout.isTruncated)
    #expect(!layout.isExpanded)
    #expect(layout.text.lines.count == 3)
    let button = try #require(layout.moreButton)
    #expect(abs(button.frame.maxX - 320) < 0.01)
    // "more" sits on the last line's baseline.
    let last = try #require(layout.text.lines.last)
    #expect(abs(button.origin.y + button.layout.lines[0].ascent - last.baseline) < 1e-9)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .right)
    #expect(abs(fade.rect.maxX - button.frame.minX) < 1e-9)
    #expect(abs(fade.rect.width - button.frame.width) < 1e-9)
    #expect(fade.opacity(at: LayoutPoint(x: fade.rect.minX - 1, y: last.top + 1)) == 1)
    #expect(fade.opacity(at: LayoutPoint(x: fade.rect.midX, y: last.top + 1)) == 0.5)
    #expect(fade.opacity(at: LayoutPoint(x: button.frame.midX, y: last.top + 1)) == 0)
    // Lines above the last are not faded.
    #expect(fade.opacity(at: LayoutPoint(x: fade.rect.midX, y: 1)) == 1)
    #expect(button.layout.lines[0].runs[0].style.color == Theme.light.accent)
  }

  @Test("the inline style ends the last line with … more in the accent color")
  func collapsedInline() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.truncationStyle = .inline
    let layout = try model.layout(using: engine)
    let label = try #require(layout.text.tokenLabelRect)
    #expect(layout.fade == nil)
    #expect(label.maxX <= 320)
    let run = try #require(layout.text.lines.last?.runs.first { $0.role == .tokenLabel })
    #expect(run.style.color == Theme.light.accent)
    #expect(layout.moreButton?.frame.minX == label.minX)
  }

  @Test("no button when the text fits, even at the limit")
  func fitsWithoutButton() throws {
    let model = ExpandableTextModel(
      text: StyledText("Short and sweet."), environment: ComponentEnvironment(width: 320))
    let layout = try model.layout(using: engine)
    #expect(!layout.isTruncated)
    #expect(layout.moreButton == nil)
    #expect(layout.fade == nil)
    #expect(model.hitTest(LayoutPoint(x: 10, y: 5), in: layout) == nil)
  }

  @Test("a smaller type size can make the same text fit, so the button goes")
  func typeSizes() throws {
    let text = StyledText("Every habit and every goal in one calm place, on every device.")
    var model = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 320), lineLimit: .lines(2))
    model.environment.typeSize = .extraSmall
    #expect(try !model.layout(using: engine).isTruncated)
    model.environment.typeSize = .accessibilityExtraLarge
    let large = try model.layout(using: engine)
    #expect(large.isTruncated)
    #expect(large.text.lines[0].runs[0].style.size == 40)
  }

  @Test("tapping more expands, tapping less collapses, with the whole text shown")
  func toggles() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320),
      lessLabel: "less")
    let collapsed = try model.layout(using: engine)
    let more = try #require(collapsed.moreButton).frame
    let tap = LayoutPoint(x: more.midX, y: more.midY)
    #expect(model.hitTest(tap, in: collapsed) == .expand)
    model.perform(.expand)
    let expanded = try model.layout(using: engine)
    #expect(expanded.isExpanded)
    #expect(!expanded.text.isTruncated)
    #expect(expanded.text.text.string.hasPrefix(appDescription))
    #expect(expanded.text.text.string.hasSuffix("less"))
    #expect(expanded.size.height > collapsed.size.height)
    #expect(expanded.collapsedHeight == collapsed.size.height)
    let less = try #require(expanded.lessButton)
    #expect(model.hitTest(LayoutPoint(x: less.midX, y: less.midY), in: expanded) == .collapse)
    // A tap elsewhere does nothing unless tap-anywhere is on.
    #expect(model.hitTest(LayoutPoint(x: 5, y: 5), in: expanded) == nil)
    model.togglesOnTapAnywhere = true
    #expect(model.hitTest(LayoutPoint(x: 5, y: 5), in: expanded) == .collapse)
    model.perform(.collapse)
    #expect(try !model.layout(using: engine).isExpanded)
  }

  @Test("leading and trailing whitespace is trimmed; blank lines collapse while collapsed")
  func blankLines() throws {
    let string =
      "\n\n  First paragraph of the notes.\n\n \n\nSecond paragraph.\nThird line here.  \n"
    var model = ExpandableTextModel(
      text: StyledText(string), environment: ComponentEnvironment(width: 320), lineLimit: .lines(3))
    let collapsed = try model.layout(using: engine)
    // Expanded it takes five lines (two blank), so it is cut at three; collapsed the blank lines
    // are squeezed and it shows its three lines of text.
    #expect(collapsed.isTruncated)
    #expect(
      collapsed.text.text.string
        == "First paragraph of the notes.\nSecond paragraph.\nThird line here.")
    model.collapsesBlankLines = false
    #expect(try model.layout(using: engine).text.lines.count == 3)
    #expect(
      try model.layout(using: engine).text.text.string
        == "First paragraph of the notes.\n\n \n\nSecond paragraph.\nThird line here.")
    model.perform(.expand)
    #expect(try model.layout(using: engine).text.lines.count == 6)
  }

  @Test("changing the text collapses the model again")
  func textChangeCollapses() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.perform(.expand)
    #expect(model.isExpanded)
    model.text = StyledText(appDescription)
    #expect(model.isExpanded, "the same text keeps the state")
    model.text = StyledText(appDescription + " Now with themes.")
    #expect(!model.isExpanded)
  }

  @Test("the model is a value: its state is a plain property a caller can own or bind")
  func valueState() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    let copy = model
    model.perform(.expand)
    #expect(model.isExpanded && !copy.isExpanded)
    #expect(model != copy)
    // What a SwiftUI binding does: write the flag from outside, and the layout follows it.
    model.isExpanded = false
    #expect(model == copy)
    #expect(try !model.layout(using: engine).isExpanded)
    model.isExpanded = true
    #expect(try model.layout(using: engine).isExpanded)
  }

  @Test("a zero animation duration (Reduce Motion) jumps to the other state")
  func zeroDuration() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.animationDuration = 0
    let animation = try model.toggleAnimation(using: engine)
    #expect(animation.duration == 0)
    #expect(animation.height(at: 0) == animation.toHeight)
  }

  @Test("heights come from measuring: each state's height is its layout's")
  func measuredHeights() throws {
    for width in [200.0, 320, 480] {
      for style in [TruncationStyle.fade, .inline] {
        let model = ExpandableTextModel(
          text: StyledText(appDescription + "\n\n\n" + appDescription),
          environment: ComponentEnvironment(width: width), truncationStyle: style,
          lessLabel: "less")
        let collapsed = try model.layout(using: engine, expanded: false)
        let expanded = try model.layout(using: engine, expanded: true)
        #expect(collapsed.expandedHeight == expanded.size.height, "\(width) \(style)")
        #expect(expanded.collapsedHeight == collapsed.size.height, "\(width) \(style)")
        #expect(collapsed.collapsedHeight == collapsed.size.height)
      }
    }
  }

  @Test("right-to-left text mirrors the fade: more at the left, clear edge on the left")
  func rightToLeft() throws {
    let hebrew = """
      אפליקציה לתכנון השבוע, למעקב אחר הרגלים ולצפייה בהתקדמות במבט אחד. הווידג׳טים מציגים את \
      יעדי היום במסך הבית, והתזכורות מגיעות כשהן עוזרות באמת.
      """
    let model = ExpandableTextModel(
      text: StyledText(hebrew),
      environment: ComponentEnvironment(width: 280, direction: .rightToLeft), moreLabel: "עוד")
    let layout = try model.layout(using: engine)
    #expect(layout.isTruncated)
    let button = try #require(layout.moreButton)
    #expect(abs(button.frame.minX) < 1e-9)
    // The label's own line starts at its box's left edge, so drawing matches the frame.
    #expect(button.layout.lines.first?.x == 0)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .left)
    #expect(abs(fade.rect.minX - button.frame.maxX) < 1e-9)
    let y = try #require(layout.text.lines.last).top + 1
    #expect(fade.opacity(at: LayoutPoint(x: fade.rect.minX + 1, y: y)) < 0.5)
    #expect(fade.opacity(at: LayoutPoint(x: fade.rect.maxX + 1, y: y)) == 1)
  }

  @Test("a tap on a link reports the link")
  func links() throws {
    var text = StyledText("Read the privacy policy ")
    let url = try #require(URL(string: "https://example.com/privacy"))
    text.append("here", style: TextStyle(link: url))
    text.append(" before you sign up.", style: TextStyle())
    let model = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 400))
    let layout = try model.layout(using: engine)
    let linkRange = 24..<28
    let rect = try #require(layout.text.rects(for: linkRange).first)
    #expect(model.hitTest(LayoutPoint(x: rect.midX, y: rect.midY), in: layout) == .link(url))
    #expect(
      layout.text.lines[0].runs.first { $0.range == linkRange }?.style.color == Theme.light.accent)
  }

  @Test("a link ending just before \"more\": the link's glyphs open it, \"more\" expands")
  func linkBeforeMore() throws {
    let url = try #require(URL(string: "https://example.com/terms"))
    var text = StyledText(String(repeating: "Words that fill the lines. ", count: 3))
    // Bold inside the link: two runs, one link.
    text.append("the terms ", style: TextStyle(link: url))
    text.append("of use", style: TextStyle(weight: .bold, link: url))
    text.append(String(repeating: " and more words after it", count: 4), style: TextStyle())
    var model = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 300), truncationStyle: .inline)
    for width in stride(from: 200.0, through: 400, by: 2) {
      model.environment.width = width
      let layout = try model.layout(using: engine)
      guard let more = layout.moreButton?.frame, let label = layout.text.tokenRect,
        let last = layout.text.lines.last,
        let linkRun = last.runs.last(where: { $0.role == .text && $0.style.link != nil }),
        abs(linkRun.x + linkRun.width - label.minX) < 12
      else { continue }
      // The link's last glyph sits next to the token: each tap gets its own action.
      let onLink = LayoutPoint(x: linkRun.x + linkRun.width - 1, y: last.top + last.height / 2)
      #expect(model.hitTest(onLink, in: layout) == .link(url))
      let link = try #require(layout.text.link(at: onLink))
      #expect(link.url == url && layout.text.text.slice(link.range) == "the terms of use")
      let onMore = LayoutPoint(x: more.midX, y: more.midY)
      #expect(model.hitTest(onMore, in: layout) == .expand)
      #expect(layout.text.link(at: LayoutPoint(x: label.midX, y: label.midY)) == nil)
      return
    }
    Issue.record("no width put the link right before the token")
  }

  @Test("the animation eases the height from one state to the other")
  func animation() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.animationDuration = 0.4
    let animation = try model.toggleAnimation(using: engine)
    let layout = try model.layout(using: engine)
    #expect(animation.height(at: 0) == layout.collapsedHeight)
    #expect(animation.height(at: 0.4) == layout.expandedHeight)
    #expect(animation.height(at: 1) == layout.expandedHeight)
    let samples = stride(from: 0.0, through: 0.4, by: 0.02).map { animation.height(at: $0) }
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
    // Ease-in-out: slow at both ends, half way at half time.
    #expect(abs(animation.progress(at: 0.2) - 0.5) < 1e-12)
    #expect(animation.progress(at: 0.02) < 0.05)
    #expect(animation.clip(at: 0.2).height == animation.height(at: 0.2))
  }

  @Test("accessibility reads the whole text and names the action")
  func accessibility() throws {
    var model = ExpandableTextModel(
      text: StyledText("  " + appDescription), environment: ComponentEnvironment(width: 320))
    let description = model.accessibility(isTruncated: true)
    #expect(description.label == appDescription)
    #expect(description.value == "collapsed")
    #expect(description.actionName == "more")
    model.perform(.expand)
    #expect(model.accessibility(isTruncated: true).value == "expanded")
    #expect(model.accessibility(isTruncated: false).actionName == nil)
  }
}
