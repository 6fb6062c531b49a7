import CGtk
import Foundation
import TextReveal

/// A label that knows whether its text is cut at its line limit, as a GTK 4 widget: when it is,
/// a "Show all" button shows under it, and disappears as soon as the text fits (a wider window,
/// a smaller text scale).
///
/// Whether the text is cut comes from the truncation detector, which measures the text with the
/// layout engine; no hidden copy is laid out, and the button is the detector's own. Assistive
/// technologies read the whole text, with a collapsed state and the button's name as the
/// description while the text is cut.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class ShowAllLabelWidget {
  let core: ComponentWidget<TruncationDetector>

  /// Creates the widget.
  ///
  /// - Parameters:
  ///   - text: The text, with sizes for the large type size.
  ///   - lineLimit: The lines shown.
  ///   - buttonLabel: The button's label.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(
    text: StyledText, lineLimit: LineLimit, buttonLabel: String = "Show all"
  ) throws(TextShapingError) {
    core = try ComponentWidget(
      component: TruncationDetector(
        text: text, environment: ComponentEnvironment(width: 1), lineLimit: lineLimit,
        showAllLabel: buttonLabel),
      role: .label)
  }

  /// The GtkWidget, to add to a container.
  public var widget: UnsafeMutablePointer<GtkWidget> { core.widget }

  /// The text.
  public var text: StyledText {
    get { core.adapter.component.text }
    set { core.update { $0.component.text = newValue } }
  }

  /// Called when "Show all" is clicked, instead of showing the whole text in place: show it in
  /// a dialog or a page of its own. While it is `nil`, the label shows all its lines.
  public var onShowAll: (() -> Void)? {
    didSet {
      let action = onShowAll
      core.update { adapter in
        adapter.takesOver =
          action.map { showAll in
            { chosen in
              guard chosen == .showAll else { return false }
              showAll()
              return true
            }
          }
      }
    }
  }

  /// Opens a clicked link; `gtk_show_uri` by default.
  public var openURL: (URL) -> Void {
    get { core.openURL }
    set { core.openURL = newValue }
  }
}
