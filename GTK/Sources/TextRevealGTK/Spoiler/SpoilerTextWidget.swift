import CGtk
import Foundation
import TextReveal

/// A text with spoilers, Telegram style, as a GTK 4 widget: dust moves over the hidden words
/// until a click on one reveals them all, spreading from the click.
///
/// The dust and the reveal follow the frame clock while the widget shows (standing still when
/// GTK's animations are off). Links open with the desktop's handler. Assistive technologies read
/// the text with each hidden spoiler read as "spoiler": hidden text never reaches them.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class SpoilerTextWidget {
  let core: ComponentWidget<SpoilerText>

  /// Creates the widget.
  ///
  /// - Parameters:
  ///   - text: The text; runs whose style has ``TextLayout/TextStyle/isSpoiler`` are hidden.
  ///   - seed: The seed of the dust, so that two texts' dust differs.
  ///   - mode: Whether a second click hides the spoilers again; Telegram's reveal-only by
  ///     default.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(
    text: StyledText, seed: UInt64 = 0, mode: SpoilerState.Mode = .revealOnly
  ) throws(TextShapingError) {
    core = try ComponentWidget(
      component: SpoilerText(
        text: text, environment: ComponentEnvironment(width: 1), mode: mode, seed: seed),
      role: .label)
  }

  /// The GtkWidget, to add to a container.
  public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }

  /// The text; a new text starts with its spoilers hidden.
  public var text: StyledText {
    get { core.adapter.component.text }
    set { core.update { $0.component.text = newValue } }
  }

  /// The widest the widget asks to be, in points, when its container lets it choose (a chat
  /// bubble that hugs a short message); `nil`, the default, to fill the width it is given.
  public var naturalWidthLimit: Double? {
    get { core.adapter.naturalWidthLimit }
    set { core.update { $0.naturalWidthLimit = newValue } }
  }

  /// Opens a clicked link; `gtk_show_uri` by default.
  public var openURL: (URL) -> Void {
    get { core.openURL }
    set { core.openURL = newValue }
  }
}
