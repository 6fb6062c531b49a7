import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal

extension PlaygroundScene {
  /// The settings page: each title and paragraph a full-width text (or, for "hug", a frame as
  /// wide as its text, centered, as a stack does), stacked, with their frames outlined.
  func alignmentView(session: PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let settings = session.settings
    let environment = settings.environment(width: settings.width)
    var page = DisplayList<FullWidthText.Action>(
      size: CGSize(width: settings.width, height: 0), background: environment.theme.background)
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
        var part = try draw { try model.displayList(using: engine) }
        if settings.alignment == .hug {
          // Hugging frames: the outline of each text's own frame stands for its frame.
          part = part.outliningFrames(frameColor: TextColor(red: 0, green: 0, blue: 0, alpha: 0))
          for case .text(let item) in part.items {
            part.items.append(
              .shape(
                ShapeItem(
                  rect: item.linesFrame,
                  color: TextColor(red: 0.9, green: 0.1, blue: 0.75, alpha: 0.9),
                  paint: .stroke(lineWidth: 1))))
          }
        } else {
          part = part.outliningFrames()
        }
        for case .text(let item) in part.items {
          frames.append(JSONRect(item.linesFrame.offsetBy(dx: 0, dy: y)))
        }
        let moved = part.offsetBy(dx: 0, dy: y)
        page.items += moved.items
        y += Double(part.size.height) + spacing
      }
    }
    page.size.height = max(1, y - spacing)
    var state = ComponentState()
    state.textFrames = frames
    var view = ComponentView(state: state)
    let list = page
    try chargeStill(list.size)
    try draw {
      try view.setStill(try renderer.image(of: list, padding: Self.padding), scale: renderer.scale)
    }
    return view
  }
}
