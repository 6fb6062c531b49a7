import Synchronization
@_spi(Backend) import TextLayout

/// The layouts an expandable text made last, shared by the copies of a model: a frame of an
/// animation, a hit test or a redraw with nothing changed reuses them instead of laying the
/// text out again.
///
/// Each layout is kept under everything it depends on (``Key``), so a model that changed in
/// any way that matters finds none and lays itself out; the state it is in (expanded or not)
/// is part of the key, and the spoilers, the transition and the time are not, since they do
/// not change the layout. The trimmed text, which the accessible label reads, is kept with the
/// text it came from.
final class ExpandableTextCache: Sendable {
  private let state = Mutex<State>(State())

  struct State {
    /// The layouts made last: both states of one model (an animation asks for both), and one
    /// more for a model whose copies are shown at two widths.
    var layouts = RecentValues<Key, ExpandableTextLayout>(capacity: 3)
    /// The last text trimmed, and the result.
    var trimmed: (text: StyledText, trimmed: StyledText)?
  }

  /// What a layout depends on: the model's text and settings, its environment but for motion,
  /// and the state laid out.
  struct Key: Equatable {
    var text: StyledText
    var width: Double
    var typeSize: TypeSize
    var theme: Theme
    var direction: InterfaceDirection
    var tabStops: TabStops
    var lineLimit: LineLimit
    var truncationStyle: TruncationStyle
    var collapsesBlankLines: Bool
    var moreLabel: String
    var lessLabel: String?
    var expanded: Bool

    init(_ model: ExpandableTextModel, expanded: Bool) {
      text = model.text
      width = model.environment.width
      typeSize = model.environment.typeSize
      theme = model.environment.theme
      direction = model.environment.direction
      tabStops = model.environment.tabStops
      lineLimit = model.lineLimit
      truncationStyle = model.truncationStyle
      collapsesBlankLines = model.collapsesBlankLines
      moreLabel = model.moreLabel
      lessLabel = model.lessLabel
      self.expanded = expanded
    }
  }

  /// The layout kept for a key, if any.
  func layout(for key: Key) -> ExpandableTextLayout? {
    state.withLock { state in state.layouts.value(for: key) }
  }

  /// Keeps a layout, forgetting the oldest beyond three.
  func keep(_ layout: ExpandableTextLayout, for key: Key) {
    state.withLock { state in state.layouts.keep(layout, for: key) }
  }

  /// A text without its leading and trailing whitespace, kept for the last text asked.
  func trimmed(_ text: StyledText) -> StyledText {
    if let kept = state.withLock({ $0.trimmed }), kept.text == text { return kept.trimmed }
    let trimmed = BlankLineCollapsing.trimmed(text)
    state.withLock { $0.trimmed = (text, trimmed) }
    return trimmed
  }
}
