import CGtk
import Foundation
import TextReveal

/// An App Store-style expandable text as a GTK 4 widget: a few lines with "more", which expands
/// (animated on the frame clock) when clicked.
///
/// The widget takes its width from its allocation (it is height-for-width: give it the width,
/// it takes the height its lines need), its type size from GTK's text scale (`gtk-xft-dpi`),
/// light or dark from GTK's dark preference, its direction from the widget's and reduced motion
/// from `gtk-enable-animations`; the model's own environment is replaced by these. Links open
/// with the desktop's handler unless ``openURL`` says otherwise. Assistive technologies read the
/// whole text, with an expanded state when the text is cut.
///
/// ```swift
/// let description = try ExpandableTextWidget(
///   model: ExpandableTextModel(text: StyledText(text), environment: ComponentEnvironment(width: 1)))
/// gtk_box_append(box, description.widget)
/// ```
///
/// Keep the object as long as its widget shows: it owns the GtkWidget's behaviour, and a widget
/// whose object is gone draws nothing.
@MainActor
public final class ExpandableTextWidget {
  let core: ComponentWidget<ExpandableTextModel>

  /// Creates the widget.
  ///
  /// - Parameter model: The text and its settings (line limit, style, labels, state).
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(model: ExpandableTextModel) throws(TextShapingError) {
    core = try ComponentWidget(component: model, role: .group)
  }

  /// The GtkWidget, to add to a container.
  public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }

  /// The model: its state changes when the text is clicked; setting it lays the text out again.
  public var model: ExpandableTextModel {
    get { core.adapter.component }
    set { core.update { $0.component = newValue } }
  }

  /// Opens a clicked link; `gtk_show_uri` by default.
  public var openURL: (URL) -> Void {
    get { core.openURL }
    set { core.openURL = newValue }
  }
}
