import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension PlaygroundScene {
  /// The narrowest list: an avatar and a few words beside it.
  static let minimumListWidth = 160.0

  func listModel(_ session: PlaygroundSession) -> ExpandingList<String> {
    let settings = session.settings
    let base = style(settings)
    return ExpandingList(
      rows: session.rows.map {
        ListRow(
          id: $0.id, text: StyledText($0.text, style: base),
          avatar: Avatars.avatar(name: $0.name, key: $0.id))
      },
      environment: settings.environment(width: max(Self.minimumListWidth, settings.width)),
      expansion: session.expansion)
  }

  func listState(
    _ session: PlaygroundSession
  ) -> (DisplayList<ExpandingList<String>.Action>) -> ComponentState {
    { list in
      var state = ComponentState()
      let rows = list.accessibility.filter { $0.role == .row }
      state.rows = zip(session.rows, rows).map { message, row in
        ComponentState.Row(
          id: message.id, name: message.name, frame: JSONRect(row.frame),
          isTruncated: row.isExpanded != nil, isExpanded: row.isExpanded == true)
      }
      if Double(list.size.width) != session.settings.width {
        state.width = Double(list.size.width)
      }
      return state
    }
  }

  func tapList(
    at point: CGPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var list = listModel(session)
    let result = try tap(&list, at: point, state: listState(session))
    switch result.action {
    case .toggle(let id): action = "\(list.expansion.isExpanded(id) ? "expand" : "collapse") \(id)"
    case .openLink(let url): action = "link \(url.absoluteString)"
    case .tapSpoiler(let id, _): action = "reveal \(id)"
    case nil: break
    }
    session.expansion = list.expansion
    return result.view
  }
}
