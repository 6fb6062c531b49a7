import TextLayout
import TextRaster

/// A component laid out at one time: its size, how to draw it, what a point hits, whether it
/// moves, and what assistive technologies read.
///
/// It holds everything the widget core needs from a component for one frame; the library's
/// display list will hold the same, as data instead of functions.
struct ComponentScene<Action> {
  /// The component's size in points.
  var size: LayoutSize
  /// Whether the next frame differs from this one (an expansion, a reveal, moving dust).
  var isAnimating: Bool
  /// What assistive technologies read.
  var accessibility: WidgetAccessibility
  /// What the keyboard's Return or space does when the widget has the focus, if anything: the
  /// action a click on the component's button would perform.
  var activation: Action? = nil
  /// The action under a point in the component's coordinates, if any.
  var hitTest: (LayoutPoint) -> Action?
  /// Draws the component with its top-left corner at a point of the canvas (in points), which
  /// may be a band of the component only: a long text in a scrolled window is drawn as far as
  /// it shows. The canvas is transparent, so the window's background shows around the text.
  var draw: (inout RasterCanvas, ComponentRenderer, LayoutPoint) throws(TextRasterError) -> Void
}
