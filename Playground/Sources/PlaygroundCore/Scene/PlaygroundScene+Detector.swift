import TextLayout
import TextRaster
import TextReveal

extension PlaygroundScene {
  /// The detector's line limit: a short blurb of 2 lines.
  static let detectorLineLimit = 2

  /// The detector's text at the type size, and "Show all" laid out.
  private func detectorParts(
    _ session: PlaygroundSession
  ) throws(PlaygroundError) -> (text: LaidOutText, label: LaidOutText) {
    let settings = session.settings
    let environment = settings.environment(width: settings.width)
    let text = userText(settings).scaled(to: environment.typeSize)
    let lineLimit: LineLimit = session.showsAll ? .unlimited : .lines(Self.detectorLineLimit)
    return try draw {
      let laidOut = try engine.layout(
        text,
        configuration: LayoutConfiguration(
          width: settings.width, lineLimit: lineLimit, direction: environment.direction,
          truncationToken: .ellipsis))
      var labelStyle = style(settings, size: 15, weight: .semibold)
      labelStyle.language = nil
      let label = try engine.layout(
        StyledText("Show all", style: labelStyle).scaled(to: environment.typeSize),
        configuration: LayoutConfiguration(width: settings.width))
      return (laidOut, label)
    }
  }

  /// Where the renderer puts "Show all" under a cut text.
  ///
  /// `ComponentRenderer.image(of:showAllLabel:theme:)` computes this pill without exposing
  /// it, so the same three numbers are repeated here (10 points below the text, 14 and 6
  /// points of padding around the label). If the renderer's numbers change, this must follow.
  static func showAllButton(below text: LaidOutText, label: LaidOutText) -> LayoutRect {
    LayoutRect(
      x: 0, y: text.size.height + 10, width: label.size.width + 28,
      height: label.size.height + 12)
  }

  /// Asks the detector whether the text is cut at the session's width, text and type size,
  /// and keeps what it reports when the answer changes.
  private func updateDetector(_ session: inout PlaygroundSession) throws(PlaygroundError) -> Bool {
    let settings = session.settings
    var detector =
      session.detector
      ?? TruncationDetector(
        text: userText(settings), environment: settings.environment(width: settings.width),
        lineLimit: .lines(Self.detectorLineLimit))
    detector.text = userText(settings)
    detector.environment = settings.environment(width: settings.width)
    let update = try draw { try detector.update(using: engine) }
    session.detector = detector
    if update.hasChanged {
      session.detectorChanges.append(
        "\(update.isTruncated ? "cut" : "fits") at \(settings.width.formatted()) pt,"
          + " \(settings.typeSize)")
      session.detectorChanges.removeFirst(
        max(0, session.detectorChanges.count - PlaygroundSession.maximumChanges))
    }
    return update.isTruncated
  }

  func detectorView(session: inout PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let isTruncated = try updateDetector(&session)
    let (text, label) = try detectorParts(session)
    let showsButton = isTruncated && !session.showsAll
    var state = ComponentState()
    state.isTruncated = isTruncated
    state.showsAll = session.showsAll
    state.changes = session.detectorChanges
    if showsButton {
      state.showAllButton = JSONRect(Self.showAllButton(below: text, label: label))
    }
    var view = ComponentView(state: state)
    let theme = session.settings.colors
    let pill = showsButton ? Self.showAllButton(below: text, label: label).maxY : 0
    try chargeStill(width: text.size.width, height: max(text.size.height, pill))
    try draw {
      try view.setStill(
        try renderer.image(of: text, showAllLabel: showsButton ? label : nil, theme: theme))
    }
    return view
  }

  func tapDetector(
    at point: LayoutPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    let before = try detectorView(session: &session)
    guard let button = before.state.showAllButton,
      LayoutRect(x: button.x, y: button.y, width: button.width, height: button.height).contains(
        point)
    else { return before }
    session.showsAll = true
    action = "show all"
    return try detectorView(session: &session)
  }
}
