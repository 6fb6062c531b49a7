import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

@Suite struct ExpandableTextModelTests {
  @Test("a long text is cut at three lines and shows more at the trailing edge (fade)")
  func collapsedFade() throws {
    let model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    let layout = try model.layout(using: engine, expanded: false)
    #expect(layout.isTruncated)
    #expect(!layout.isExpanded)
    #expect(layout.text.lines.count == 3)
    let label = try #require(layout.moreLabel)
    #expect(abs(label.frame.maxX - 320) < 0.01)
    // "more" sits on the last line's baseline.
    let last = try #require(layout.text.lines.last)
    #expect(abs(label.origin.y + label.layout.lines[0].ascent - last.baseline) < 1e-9)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .right)
    // A clear gap between the faded glyphs and the label, and the ramp as wide as the label.
    let gap = label.frame.minX - fade.rect.maxX
    #expect(gap >= 0.25 * 17 - 1e-9)
    #expect(abs(fade.rect.width - label.frame.width) < 1e-9)
    let mask = FadeMask(rect: fade.rect.cgRect, clearEdge: fade.clearEdge)
    let y = last.top + 1
    #expect(mask.opacity(at: CGPoint(x: fade.rect.minX - 1, y: y)) == 1)
    #expect(mask.opacity(at: CGPoint(x: fade.rect.midX, y: y)) == 0.5)
    #expect(mask.opacity(at: CGPoint(x: fade.rect.maxX + gap / 2, y: y)) == 0)
    // Lines above the last are not faded.
    #expect(mask.opacity(at: CGPoint(x: fade.rect.midX, y: 1)) == 1)
    #expect(label.layout.lines[0].runs[0].style.color == Theme.light.accent)
  }

  @Test("the display list fades the last line in a group, then draws more on top")
  func fadeDisplayList() throws {
    let model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    let list = try model.displayList(using: engine)
    #expect(list.size.width == 320)
    #expect(list.background == Theme.light.background)
    guard case .group(let group) = list.items.first, case .fade = group.mask else {
      Issue.record("the text is drawn in a faded group, not \(list.items)")
      return
    }
    guard case .text(let label) = list.items.last else {
      Issue.record("\"more\" is drawn last")
      return
    }
    #expect(label.layout.text.string == "more")
    #expect(label.color == Theme.light.accent)
    #expect(list.animation == .still)
  }

  @Test("the inline style ends the last line with … more in the accent color")
  func collapsedInline() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.truncationStyle = .inline
    let layout = try model.layout(using: engine, expanded: false)
    let label = try #require(layout.text.tokenLabelRect)
    #expect(layout.fade == nil)
    #expect(label.maxX <= 320)
    let run = try #require(layout.text.lines.last?.runs.first { $0.role == .tokenLabel })
    #expect(run.style.color == Theme.light.accent)
    let list = try model.displayList(using: engine)
    #expect(model.hitTest(center(label), in: list) == .expand)
  }

  @Test("no button when the text fits, even at the limit")
  func fitsWithoutButton() throws {
    let model = ExpandableTextModel(
      text: StyledText("Short and sweet."), environment: ComponentEnvironment(width: 320))
    let layout = try model.layout(using: engine, expanded: false)
    #expect(!layout.isTruncated)
    #expect(layout.button == nil)
    #expect(layout.fade == nil)
    let list = try model.displayList(using: engine)
    #expect(list.hitRegions.isEmpty)
    #expect(model.hitTest(CGPoint(x: 10, y: 5), in: list) == nil)
    #expect(list.accessibility.first?.isExpanded == nil)
  }

  @Test("a smaller type size can make the same text fit, so the button goes")
  func typeSizes() throws {
    let text = StyledText("Every habit and every goal in one calm place, on every device.")
    var model = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 320), lineLimit: .lines(2))
    model.environment.typeSize = .extraSmall
    #expect(try !model.layout(using: engine, expanded: false).isTruncated)
    model.environment.typeSize = .accessibilityExtraLarge
    let large = try model.layout(using: engine, expanded: false)
    #expect(large.isTruncated)
    #expect(large.text.lines[0].runs[0].style.size == 40)
  }

  @Test("tapping more expands with an animation, tapping less collapses")
  func toggles() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320),
      lessLabel: "less")
    let collapsed = try model.displayList(using: engine, at: 0)
    let more = try #require(region(collapsed) { $0 == .expand })
    #expect(model.hitTest(center(more), in: collapsed) == .expand)
    #expect(model.perform(.expand, at: 1) == nil)
    #expect(model.isExpanded)
    // Half way through the animation the component is between its two heights, the expanded
    // text clipped to it.
    let middle = try model.displayList(using: engine, at: 1 + model.animationDuration / 2)
    let expandedLayout = try model.layout(using: engine, expanded: true)
    #expect(middle.size.height > collapsed.size.height)
    #expect(middle.size.height < expandedLayout.size.height)
    #expect(middle.animation == .until(1 + model.animationDuration))
    guard case .group(let clipped) = middle.items.first else {
      Issue.record("the animation frame is a clipped group")
      return
    }
    #expect(clipped.clip?.height == middle.size.height)
    let expanded = try model.displayList(using: engine, at: 2)
    #expect(expanded.animation == .still)
    #expect(Double(expanded.size.height) == expandedLayout.size.height)
    #expect(expandedLayout.text.text.string.hasPrefix(appDescription))
    #expect(expandedLayout.text.text.string.hasSuffix("less"))
    #expect(expandedLayout.collapsedHeight == Double(collapsed.size.height))
    let less = try #require(region(expanded) { $0 == .collapse })
    #expect(model.hitTest(center(less), in: expanded) == .collapse)
    // A tap elsewhere does nothing unless tap-anywhere is on.
    #expect(model.hitTest(CGPoint(x: 5, y: 5), in: expanded) == nil)
    model.togglesOnTapAnywhere = true
    let anywhere = try model.displayList(using: engine, at: 2)
    #expect(model.hitTest(CGPoint(x: 5, y: 5), in: anywhere) == .collapse)
    model.perform(.collapse, at: 3)
    #expect(!model.isExpanded)
  }

  @Test("collapsing half way through expanding turns back from the same height")
  func reversal() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.perform(.expand, at: 0)
    let time = model.animationDuration * 0.3
    let before = try model.displayList(using: engine, at: time).size.height
    model.perform(.collapse, at: time)
    let after = try model.displayList(using: engine, at: time).size.height
    #expect(abs(before - after) < 1e-9)
    let end = try model.displayList(using: engine, at: time + model.animationDuration)
    #expect(end.animation == .still)
    #expect(end.size.height < before)
  }

  @Test("leading and trailing whitespace is trimmed; blank lines collapse while collapsed")
  func blankLines() throws {
    let string =
      "\n\n  First paragraph of the notes.\n\n \n\nSecond paragraph.\nThird line here.  \n"
    var model = ExpandableTextModel(
      text: StyledText(string), environment: ComponentEnvironment(width: 320), lineLimit: .lines(3))
    let collapsed = try model.layout(using: engine, expanded: false)
    // Expanded it takes five lines (two blank), so it is cut at three; collapsed the blank lines
    // are squeezed and it shows its three lines of text.
    #expect(collapsed.isTruncated)
    #expect(
      collapsed.text.text.string
        == "First paragraph of the notes.\nSecond paragraph.\nThird line here.")
    model.collapsesBlankLines = false
    #expect(try model.layout(using: engine, expanded: false).text.lines.count == 3)
    #expect(
      try model.layout(using: engine, expanded: false).text.text.string
        == "First paragraph of the notes.\n\n \n\nSecond paragraph.\nThird line here.")
    #expect(try model.layout(using: engine, expanded: true).text.lines.count == 6)
  }

  @Test("changing the text collapses the model again")
  func textChangeCollapses() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    model.perform(.expand, at: 0)
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
    model.isExpanded = true
    #expect(model != copy)
    // What a SwiftUI binding does: write the flag from outside, and the display follows it at
    // once, with no animation.
    let list = try model.displayList(using: engine, at: 0)
    #expect(list.animation == .still)
    #expect(list.hitRegions.isEmpty, "expanded without a less label: nothing to tap")
    model.isExpanded = false
    #expect(model == copy)
  }

  @Test("Reduce Motion (or a zero duration) changes state at once")
  func reducedMotion() throws {
    var model = ExpandableTextModel(
      text: StyledText(appDescription),
      environment: ComponentEnvironment(width: 320, reducesMotion: true))
    model.perform(.expand, at: 0)
    let list = try model.displayList(using: engine, at: 0)
    #expect(list.animation == .still)
    #expect(
      Double(list.size.height) == (try model.layout(using: engine, expanded: true)).size.height)
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
    let layout = try model.layout(using: engine, expanded: false)
    #expect(layout.isTruncated)
    let label = try #require(layout.moreLabel)
    #expect(abs(label.frame.minX) < 1e-9)
    // The label's own line starts at its box's left edge, so drawing matches the frame.
    #expect(label.layout.lines.first?.x == 0)
    let fade = try #require(layout.fade)
    #expect(fade.clearEdge == .left)
    #expect(fade.rect.minX - label.frame.maxX >= 0.25 * 17 - 1e-9)
  }

  @Test("an English text in a right-to-left interface ends at the right: so do fade and more")
  func englishInRightToLeftInterface() throws {
    for style in [TruncationStyle.fade, .inline] {
      let model = ExpandableTextModel(
        text: StyledText(appDescription),
        environment: ComponentEnvironment(width: 320, direction: .rightToLeft),
        truncationStyle: style)
      let layout = try model.layout(using: engine, expanded: false)
      let button = try #require(layout.button, "\(style)")
      let last = try #require(layout.text.lines.last)
      // The last line's text is left to right: its end, and the button, are at the right.
      #expect(button.minX > 160, "\(style): the button is at the right, not at \(button.minX)")
      #expect(last.paragraphLevel == 0)
      if style == .fade {
        let fade = try #require(layout.fade)
        #expect(fade.clearEdge == .right)
        #expect(fade.rect.maxX <= button.minX)
      }
    }
  }

  @Test("less wraps alone when it does not fit: the last word stays on its line")
  func lessDoesNotPullTheLastWord() throws {
    // Widths at which the whole text's last line ends near the right edge, so that "less"
    // cannot follow it.
    var checked = 0
    for width in stride(from: 200.0, through: 360, by: 1) {
      let environment = ComponentEnvironment(width: width)
      let plain = try engine.layout(
        StyledText(appDescription), configuration: LayoutConfiguration(width: width))
      let model = ExpandableTextModel(
        text: StyledText(appDescription), environment: environment, lessLabel: "less",
        isExpanded: true)
      let withLess = try model.layout(using: engine, expanded: true)
      let lastLine = try #require(plain.lines.last)
      // Every line of the text keeps its range; "less" adds at most a line of its own.
      #expect(
        Array(withLess.text.lines.prefix(plain.lines.count - 1).map(\.range))
          == Array(plain.lines.dropLast().map(\.range)), "\(width)")
      #expect(
        withLess.text.lines[plain.lines.count - 1].range.lowerBound
          == lastLine.range.lowerBound, "\(width)")
      if withLess.text.lines.count > plain.lines.count {
        let lessLine = try #require(withLess.text.lines.last)
        #expect(withLess.text.text.slice(lessLine.contentRange) == "less", "\(width)")
        checked += 1
      }
    }
    #expect(checked > 0, "some width puts less on a line of its own")
  }

  @Test("a tap on a link opens it, handed back to the caller")
  func links() throws {
    var text = StyledText("Read the privacy policy ")
    let url = try #require(URL(string: "https://example.com/privacy"))
    text.append("here", style: TextStyle(link: url))
    text.append(" before you sign up.", style: TextStyle())
    var model = ExpandableTextModel(
      text: text, environment: ComponentEnvironment(width: 400))
    let layout = try model.layout(using: engine, expanded: false)
    let list = try model.displayList(using: engine)
    let rect = try #require(layout.text.rects(for: 24..<28).first)
    let action = model.hitTest(CGPoint(x: rect.midX, y: rect.midY), in: list)
    #expect(action == .openLink(url))
    #expect(model.perform(.openLink(url), at: 0) == url)
    #expect(!model.isExpanded)
    #expect(
      layout.text.lines[0].runs.first { $0.range == 24..<28 }?.style.color == Theme.light.accent)
    #expect(list.accessibility.contains { $0.role == .link && $0.label == "here" })
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
      let layout = try model.layout(using: engine, expanded: false)
      guard let more = layout.button, let label = layout.text.tokenRect,
        let last = layout.text.lines.last,
        let linkRun = last.runs.last(where: { $0.role == .text && $0.style.link != nil }),
        abs(linkRun.x + linkRun.width - label.minX) < 12
      else { continue }
      let list = try model.displayList(using: engine)
      // The link's last glyph sits next to the token: each tap gets its own action.
      let onLink = CGPoint(x: linkRun.x + linkRun.width - 1, y: last.top + last.height / 2)
      #expect(model.hitTest(onLink, in: list) == .openLink(url))
      let link = try #require(layout.text.link(at: onLink))
      #expect(link.url == url && layout.text.text.slice(link.range) == "the terms of use")
      #expect(model.hitTest(CGPoint(x: more.midX, y: more.midY), in: list) == .expand)
      #expect(layout.text.link(at: CGPoint(x: label.midX, y: label.midY)) == nil)
      return
    }
    Issue.record("no width put the link right before the token")
  }

  @Test("accessibility reads the whole text, its state and the action, never the cut")
  func accessibility() throws {
    var model = ExpandableTextModel(
      text: StyledText("  " + appDescription), environment: ComponentEnvironment(width: 320))
    let collapsed = try #require(try model.displayList(using: engine).accessibility.first)
    #expect(collapsed.label == appDescription)
    #expect(collapsed.isExpanded == false)
    #expect(collapsed.action == .expand)
    #expect(collapsed.actionName == "more")
    model.perform(.expand, at: 0)
    let expanded = try #require(try model.displayList(using: engine, at: 1).accessibility.first)
    #expect(expanded.isExpanded == true)
    #expect(expanded.action == .collapse)
  }

  @Test("spoilers in an expandable text: covered, tapped, revealed from the tap")
  func spoilers() throws {
    var text = StyledText("The ending: ")
    text.append("the butler did it with the candlestick", style: TextStyle(isSpoiler: true))
    text.append(
      String(repeating: " and then a long epilogue follows", count: 4), style: TextStyle())
    var model = ExpandableTextModel(text: text, environment: ComponentEnvironment(width: 320))
    let list = try model.displayList(using: engine, at: 0)
    #expect(list.animation == .continuous)
    let hidden = try #require(region(list) { if case .tapSpoiler = $0 { true } else { false } })
    #expect(!grains(list.items).isEmpty)
    #expect(textItems(list.items).first?.spoilers == .hidden)
    let accessible = try #require(list.accessibility.first).label
    #expect(!accessible.contains("butler") && accessible.contains("spoiler"))
    let tap = center(hidden)
    guard case .tapSpoiler(let spoilerTap) = model.hitTest(tap, in: list) else {
      Issue.record("a tap on a hidden word is a spoiler tap")
      return
    }
    #expect(spoilerTap.point == tap)
    model.perform(.tapSpoiler(spoilerTap), at: 1)
    #expect(model.spoilers.isRevealed(at: 1))
    let revealed = try model.displayList(using: engine, at: 3)
    #expect(grains(revealed.items).isEmpty)
    #expect(textItems(revealed.items).first?.spoilers == .visible)
    #expect(try #require(revealed.accessibility.first).label.contains("butler"))
  }
}
