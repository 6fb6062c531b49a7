import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension PlaygroundScene {
  /// The user's text when it is Markdown with spoilers, else the sample message with its
  /// phrases hidden.
  func spoilerText(_ settings: PlaygroundSettings) -> StyledText {
    let own = userText(settings)
    if settings.markdown, own.runs.contains(where: \.style.isSpoiler) { return own }
    let text = StyledText(SampleTexts.spoilerMessage, style: style(settings))
    return (try? SpoilerPhrases.marking(SampleTexts.spoilerPhrases, in: text)) ?? text
  }

  func spoilerModel(_ session: PlaygroundSession) -> SpoilerText {
    let settings = session.settings
    var model = SpoilerText(
      text: spoilerText(settings), environment: settings.environment(width: settings.width),
      mode: .toggle, seed: 11)
    model.spoilers = SpoilerState(mode: .toggle, isRevealed: session.spoilersRevealed)
    return model
  }

  func spoilerState(
    _ session: PlaygroundSession
  ) -> (DisplayList<SpoilerText.Action>) -> ComponentState {
    { list in
      var state = ComponentState()
      state.isRevealed = session.spoilersRevealed
      state.spoilers = Self.regions(list) { if case .tapSpoiler = $0 { true } else { false } }
      return state
    }
  }

  func tapSpoiler(
    at point: CGPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var model = spoilerModel(session)
    var after = session
    after.spoilersRevealed.toggle()
    let result = try tap(&model, at: point, state: spoilerState(after))
    switch result.action {
    case .tapSpoiler:
      session.spoilersRevealed.toggle()
      action = session.spoilersRevealed ? "reveal" : "hide"
    case .openLink(let url): action = "link \(url.absoluteString)"
    case nil: break
    }
    return result.view
  }
}
