import TextLayout
import TextRaster
import TextReveal

extension PlaygroundScene {
  /// The spoiler section's text: the session's own text when it is Markdown with
  /// `||spoilers||`, else the sample message with its hidden phrases.
  func spoilerText(_ settings: PlaygroundSettings) -> StyledText {
    let own = userText(settings)
    if settings.markdown, own.runs.contains(where: \.style.isSpoiler) { return own }
    let string = SampleTexts.spoilerMessage
    var text = StyledText(string, style: style(settings))
    for phrase in SampleTexts.spoilerPhrases {
      guard let range = string.range(of: phrase) else { continue }
      let start = string.utf8.distance(from: string.startIndex, to: range.lowerBound)
      let end = string.utf8.distance(from: string.startIndex, to: range.upperBound)
      text.updateStyle(in: start..<end) { $0.isSpoiler = true }
    }
    return text
  }

  /// The laid-out text and its spoiler model in the session's state; a tap on a revealed
  /// spoiler hides them again (`.toggle`).
  func spoilerParts(
    _ session: PlaygroundSession
  ) throws(PlaygroundError) -> (layout: LaidOutText, spoilers: SpoilerModel) {
    let settings = session.settings
    let environment = settings.environment(width: settings.width)
    let layout = try draw {
      try engine.layout(
        spoilerText(settings).scaled(to: environment.typeSize),
        configuration: LayoutConfiguration(
          width: settings.width, direction: environment.direction))
    }
    var spoilers = SpoilerModel(layout: layout, seed: 11, mode: .toggle)
    if session.spoilersRevealed { spoilers.setRevealed(true, at: -10) }
    return (layout, spoilers)
  }

  func spoilerState(_ spoilers: SpoilerModel, isRevealed: Bool) -> ComponentState {
    var state = ComponentState()
    state.isRevealed = isRevealed
    state.spoilers = spoilers.regions.flatMap(\.rects).map(JSONRect.init)
    return state
  }

  func spoilerView(session: PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let (layout, spoilers) = try spoilerParts(session)
    var view = ComponentView(state: spoilerState(spoilers, isRevealed: session.spoilersRevealed))
    let theme = session.settings.colors
    try chargeStill(width: layout.size.width, height: layout.size.height)
    try draw {
      try view.setStill(try renderer.image(of: layout, spoilers: spoilers, at: 0, theme: theme))
    }
    return view
  }

  func tapSpoiler(
    at point: LayoutPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var (layout, spoilers) = try spoilerParts(session)
    guard spoilers.tap(at: point, time: 0) else { return try spoilerView(session: session) }
    session.spoilersRevealed.toggle()
    action = session.spoilersRevealed ? "reveal" : "hide"
    let duration =
      session.spoilersRevealed ? spoilers.revealDuration(from: point) : SpoilerModel.hideDuration
    let end = duration + 1 / renderer.framesPerSecond
    var view = ComponentView(state: spoilerState(spoilers, isRevealed: session.spoilersRevealed))
    let theme = session.settings.colors
    try chargeStill(width: layout.size.width, height: layout.size.height)
    let animates = allowsAnimation(
      width: layout.size.width, height: layout.size.height,
      frames: renderer.spoilerTimeline(from: 0, to: end).count)
    try draw {
      if animates {
        var writer = try renderer.spoilerAnimation(
          of: layout, spoilers: spoilers, from: 0, to: end, theme: theme)
        writer.loopCount = 1
        try view.setAnimation(writer, milliseconds: Int((end * 1000).rounded(.up)))
      }
      // The still is the state the change ends in.
      spoilers = SpoilerModel(layout: layout, seed: 11, mode: .toggle)
      if session.spoilersRevealed { spoilers.setRevealed(true, at: -10) }
      try view.setStill(try renderer.image(of: layout, spoilers: spoilers, at: 0, theme: theme))
    }
    return view
  }
}
