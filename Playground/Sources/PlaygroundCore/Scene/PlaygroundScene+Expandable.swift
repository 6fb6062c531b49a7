import TextLayout
import TextRaster
import TextReveal

extension PlaygroundScene {
  /// The expandable text's model for a session.
  func expandableModel(_ session: PlaygroundSession) -> ExpandableTextModel {
    let settings = session.settings
    return ExpandableTextModel(
      text: userText(settings), environment: settings.environment(width: settings.width),
      truncationStyle: settings.style, moreLabel: "more", lessLabel: "less",
      isExpanded: session.isExpanded)
  }

  func expandableState(_ layout: ExpandableTextLayout) -> ComponentState {
    var state = ComponentState()
    state.isExpanded = layout.isExpanded
    state.isTruncated = layout.isTruncated
    state.moreButton = layout.moreButton.map { JSONRect($0.frame) }
    state.lessButton = layout.lessButton.map(JSONRect.init)
    let text = layout.text
    let uncovered = text.uncoveredCharacters.map { String(text.text.string[text.stringRange($0)]) }
    state.uncoveredCharacters = uncovered.isEmpty ? nil : uncovered
    return state
  }

  func expandableView(session: PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let model = expandableModel(session)
    let layout = try draw { try model.layout(using: engine) }
    var view = ComponentView(state: expandableState(layout))
    try draw { try view.setStill(try still(of: layout, theme: model.environment.theme)) }
    return view
  }

  /// A still of the expandable text, with dust over its spoilers if the text has some.
  func still(of layout: ExpandableTextLayout, theme: Theme) throws -> RasterCanvas {
    guard layout.text.text.runs.contains(where: \.style.isSpoiler) else {
      return try renderer.image(of: layout, theme: theme)
    }
    let spoilers = SpoilerModel(layout: layout.text, seed: 3, reducesMotion: true)
    return try renderer.image(of: layout, spoilers: spoilers, at: 0, theme: theme)
  }

  func tapExpandable(
    at point: LayoutPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var model = expandableModel(session)
    let before = try draw { try model.layout(using: engine) }
    guard let hit = model.hitTest(point, in: before) else {
      return try expandableView(session: session)
    }
    model.perform(hit)
    switch hit {
    case .expand: action = "expand"
    case .collapse: action = "collapse"
    case .link(let url): action = "link \(url.absoluteString)"
    }
    session.isExpanded = model.isExpanded
    let after = try draw { try model.layout(using: engine) }
    var view = ComponentView(state: expandableState(after))
    let theme = model.environment.theme
    guard before.isExpanded != after.isExpanded else {
      try draw { try view.setStill(try still(of: after, theme: theme)) }
      return view
    }
    let expanded = after.isExpanded ? after : before
    let times = steps(duration: Self.duration)
    let width = expanded.size.width
    let height = max(1, before.size.height, after.size.height)
    let change = ExpansionAnimation(
      fromHeight: before.size.height, toHeight: after.size.height, width: width,
      duration: Self.duration)
    try draw {
      try renderer.checkSize(width: width, height: height, frames: times.count)
      try view.setStill(try still(of: after, theme: theme)) {
        var writer = AnimatedPNGWriter(loopCount: 1, compression: .fast)
        for (index, time) in times.enumerated() {
          var canvas = renderer.canvas(width: width, height: height, theme: theme)
          if index == times.count - 1 {
            try renderer.draw(after, at: renderer.origin, in: &canvas, theme: theme)
          } else {
            try renderer.draw(
              change, at: time, expanded: expanded, origin: renderer.origin, in: &canvas,
              theme: theme)
          }
          try writer.append(canvas.bitmap, delay: frameDelay)
        }
        return (writer, times.count * Int(1000 / renderer.framesPerSecond))
      }
    }
    return view
  }
}
