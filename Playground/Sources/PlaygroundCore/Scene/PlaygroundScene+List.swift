import TextLayout
import TextRaster
import TextReveal

extension PlaygroundScene {
  /// The narrowest list drawn: room for the avatar, the margins and a few words.
  static let minimumListWidth = 160.0

  /// The list's model for a session: its rows, the expanded ids, the shared controls.
  func listModel(_ session: PlaygroundSession) -> ExpandingList<String> {
    let settings = session.settings
    let base = style(settings)
    return ExpandingList(
      rows: session.rows.map { ListRow(id: $0.id, text: StyledText($0.text, style: base)) },
      environment: settings.environment(width: max(Self.minimumListWidth, settings.width)),
      expansion: session.expansion)
  }

  /// Avatars with their authors' initials, in a color picked by the name.
  func chrome(
    _ session: PlaygroundSession, diameter: Double
  ) throws(PlaygroundError) -> ListChrome<String> {
    let palette = [
      TextColor(red: 0.20, green: 0.47, blue: 0.96), TextColor(red: 0.18, green: 0.65, blue: 0.40),
      TextColor(red: 0.92, green: 0.45, blue: 0.15), TextColor(red: 0.60, green: 0.33, blue: 0.85),
      TextColor(red: 0.85, green: 0.25, blue: 0.40), TextColor(red: 0.10, green: 0.60, blue: 0.70),
    ]
    var initialsStyle = style(session.settings, size: diameter * 0.4, weight: .semibold)
    initialsStyle.color = TextColor(red: 1, green: 1, blue: 1)
    var avatars: [String: ListChrome<String>.Avatar] = [:]
    for row in session.rows {
      let initials = String(
        row.name.split(separator: " ").prefix(2).compactMap(\.first).map(Character.init))
      let laidOut = try draw {
        try engine.layout(
          StyledText(initials, style: initialsStyle),
          configuration: LayoutConfiguration(width: diameter * 4))
      }
      let hash = row.name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xffff }
      avatars[row.id] = ListChrome.Avatar(color: palette[hash % palette.count], initials: laidOut)
    }
    return ListChrome(avatars: avatars)
  }

  func listState(
    _ layout: ListLayout<String>, session: PlaygroundSession
  ) -> ComponentState {
    var state = ComponentState()
    let names = Dictionary(session.rows.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    state.rows = layout.rows.map { row in
      ComponentState.Row(
        id: row.id, name: names[row.id] ?? "", frame: JSONRect(row.frame),
        isTruncated: row.isTruncated, isExpanded: row.isExpanded)
    }
    if layout.size.width != session.settings.width { state.width = layout.size.width }
    return state
  }

  func listView(session: PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let list = listModel(session)
    let layout = try draw { try list.layout(using: engine) }
    let chrome = try chrome(session, diameter: list.metrics.accessorySize)
    var view = ComponentView(state: listState(layout, session: session))
    let theme = session.settings.colors
    try chargeStill(width: layout.size.width, height: layout.size.height)
    try draw { try view.setStill(try renderer.image(of: layout, chrome: chrome, theme: theme)) }
    return view
  }

  func tapList(
    at point: LayoutPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var list = listModel(session)
    let before = try draw { try list.layout(using: engine) }
    guard let hit = before.hitTest(point) else { return try listView(session: session) }
    list.perform(hit)
    session.expansion = list.expansion
    action = "\(hit.action == .expand ? "expand" : "collapse") \(hit.id)"
    let after = try draw { try list.layout(using: engine) }
    let chrome = try chrome(session, diameter: list.metrics.accessorySize)
    var view = ComponentView(state: listState(after, session: session))
    let theme = session.settings.colors
    try chargeStill(width: after.size.width, height: after.size.height)
    let times = steps(duration: Self.duration)
    let width = after.size.width
    let height = max(before.size.height, after.size.height)
    let animates = allowsAnimation(width: width, height: height, frames: times.count)
    try draw {
      let change = ListAnimation(from: before, to: after, duration: Self.duration)
      try view.setStill(try renderer.image(of: after, chrome: chrome, theme: theme)) {
        guard animates else { return nil }
        var writer = AnimatedPNGWriter(loopCount: 1, compression: .fast)
        for time in times {
          var canvas = renderer.canvas(width: width, height: height, theme: theme)
          try renderer.draw(
            change, at: time, chrome: chrome, origin: renderer.origin, in: &canvas, theme: theme)
          try writer.append(canvas.bitmap, delay: frameDelay)
        }
        return (writer, times.count * Int(1000 / renderer.framesPerSecond))
      }
    }
    return view
  }
}
