import CGtk
import Foundation
import TextReveal

/// A text whose frame fills the widget's width, with the text's box aligned in it (leading,
/// center or trailing, following the widget's direction), as a GTK 4 widget: paragraphs in a
/// column line up however their lines break.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class FullWidthTextWidget {
  let core: ComponentWidget<FullWidthText>

  /// Creates the widget.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - frameAlignment: Where the text's box sits in the full width.
  ///   - textAlignment: How lines align inside the text's box.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(
    text: StyledText, frameAlignment: FullWidthText.FrameAlignment = .leading,
    textAlignment: LineAlignment = .leading
  ) throws(TextShapingError) {
    core = try ComponentWidget(
      component: FullWidthText(
        text: text, environment: ComponentEnvironment(width: 1),
        frameAlignment: frameAlignment, textAlignment: textAlignment),
      role: .label)
  }

  /// The GtkWidget, to add to a container.
  public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }

  /// The text and its alignments.
  public var model: FullWidthText {
    get { core.adapter.component }
    set { core.update { $0.component = newValue } }
  }

  /// Opens a clicked link; `gtk_show_uri` by default.
  public var openURL: (URL) -> Void {
    get { core.openURL }
    set { core.openURL = newValue }
  }
}
