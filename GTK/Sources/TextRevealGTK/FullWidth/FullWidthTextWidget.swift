import CGtk
import TextLayout
import TextReveal
import TextShaping

/// A text whose frame fills the widget's width, with the text's box aligned in it (leading,
/// center or trailing, following the widget's direction), as a GTK 4 widget: paragraphs in a
/// column line up however their lines break.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class FullWidthTextWidget {
  let core: ComponentWidget<FullWidthTextAdapter>

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
      adapter: FullWidthTextAdapter(
        model: FullWidthText(
          text: text, environment: ComponentEnvironment(width: 1),
          frameAlignment: frameAlignment, textAlignment: textAlignment)))
  }

  /// The GtkWidget, to add to a container.
  public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }

  /// The text and its alignments.
  public var model: FullWidthText {
    get { core.adapter.model }
    set { core.update { $0.model = newValue } }
  }
}
