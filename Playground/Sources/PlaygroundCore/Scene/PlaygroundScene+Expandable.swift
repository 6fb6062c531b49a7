import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal

extension PlaygroundScene {
  /// The expandable text of a session's settings and state.
  func expandableModel(_ session: PlaygroundSession) -> ExpandableTextModel {
    let settings = session.settings
    var model = ExpandableTextModel(
      text: userText(settings), environment: settings.environment(width: settings.width),
      truncationStyle: settings.style, moreLabel: "more", lessLabel: "less",
      isExpanded: session.isExpanded)
    model.togglesOnTapAnywhere = settings.togglesOnTapAnywhere
    // A still on every answer: static dots, not a frame of moving dust.
    model.environment.reducesMotion = true
    model.spoilers.seed = 3
    return model
  }

  func expandableState(_ list: DisplayList<ExpandableTextModel.Action>) -> ComponentState {
    var state = ComponentState()
    let text = list.accessibility.first
    state.isExpanded = text?.isExpanded ?? false
    state.isTruncated = text?.isExpanded != nil
    state.moreButton = Self.regions(list) { $0 == .expand }.first
    state.lessButton = Self.regions(list) { $0 == .collapse }.first
    let links = Self.regions(list) {
      if case .openLink = $0 { true } else { false }
    }
    state.links = links.isEmpty ? nil : links
    let texts = Self.texts(list.items)
    let uncovered =
      texts.first.map { text in
        text.uncoveredCharacters.map { String(text.text.string[text.stringRange($0)]) }
      } ?? []
    state.uncoveredCharacters = uncovered.isEmpty ? nil : uncovered
    return state
  }

  func tapExpandable(
    at point: CGPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var model = expandableModel(session)
    // Animated, unlike the stills.
    model.environment.reducesMotion = false
    let result = try tap(&model, at: point, state: expandableState)
    switch result.action {
    case .expand: action = "expand"
    case .collapse: action = "collapse"
    case .openLink(let url): action = "link \(url.absoluteString)"
    case .tapSpoiler: action = "reveal"
    case nil: break
    }
    session.isExpanded = model.isExpanded
    return result.view
  }
}
