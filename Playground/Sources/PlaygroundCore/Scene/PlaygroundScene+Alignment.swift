import TextLayout
import TextRaster
import TextReveal

extension PlaygroundScene {
  /// The settings page: titles and paragraphs in full-width frames (or hugging frames, to
  /// show the problem), with the frames outlined.
  func alignmentView(session: PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let settings = session.settings
    let environment = settings.environment(width: settings.width)
    var items: [ComponentRenderer.StackItem] = []
    var frames: [JSONRect] = []
    var y = 0.0
    let spacing = 10.0
    for (title, text) in SampleTexts.settingsPage {
      for (string, size, weight) in [
        (title, 20.0, FontWeight.bold), (text, 15.0, FontWeight.regular),
      ] {
        let alignment: FullWidthText.FrameAlignment =
          switch settings.alignment {
          case .leading: .leading
          case .center, .hug: .center
          case .trailing: .trailing
          }
        let model = FullWidthText(
          text: StyledText(string, style: style(settings, size: size, weight: weight)),
          environment: environment, frameAlignment: alignment)
        var aligned = try draw { try model.layout(using: engine) }
        // Hugging frames: what a centered stack does with frames as wide as their text.
        if settings.alignment == .hug { aligned.frame = aligned.textFrame }
        var textFrame = aligned.textFrame
        textFrame.origin.y += y
        frames.append(JSONRect(textFrame))
        y += aligned.frame.height + spacing
        items.append(.text(aligned))
      }
    }
    var state = ComponentState()
    state.textFrames = frames
    var view = ComponentView(state: state)
    try chargeStill(width: settings.width, height: y)
    try draw {
      try view.setStill(
        try renderer.image(
          ofStack: items, width: settings.width, spacing: spacing, theme: settings.colors,
          frameBorders: .debug))
    }
    return view
  }
}
