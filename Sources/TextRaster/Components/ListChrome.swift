import TextLayout
import TextReveal

/// How a list's rows are dressed around their text: the chat look of an avatar in each row's
/// accessory square and a separator under every row but the last.
///
/// The expanding-list model knows nothing of avatars: it keeps a square free at each row's
/// leading edge (``TextReveal/RowLayout/accessoryFrame``). The chrome says what goes there,
/// per row identity, with the initials already laid out, so that the renderer lays out nothing.
///
/// ```swift
/// var initials = TextStyle(size: 16, weight: .semibold)
/// initials.color = TextColor(red: 1, green: 1, blue: 1)
/// let chrome = ListChrome<String>(avatars: [
///   "m1": .init(color: purple, initials: try engine.layout(
///     StyledText("AL", style: initials), configuration: LayoutConfiguration(width: 160))),
/// ])
/// let image = try renderer.image(of: layout, chrome: chrome, theme: .light)
/// ```
public struct ListChrome<ID: Hashable & Sendable>: Sendable {
  /// The avatar of each row; a row without one has its accessory square left empty.
  public var avatars: [ID: Avatar]
  /// Whether a thin line separates the rows, from the text's leading edge to the row's
  /// trailing edge, as in a table view.
  public var showsSeparators: Bool

  /// A plain list: no avatars, no separators.
  public static var plain: ListChrome { ListChrome(avatars: [:], showsSeparators: false) }

  /// Creates a chrome.
  public init(avatars: [ID: Avatar], showsSeparators: Bool = true) {
    self.avatars = avatars
    self.showsSeparators = showsSeparators
  }

  /// A round avatar: a filled circle with its initials centered in it.
  public struct Avatar: Sendable, Hashable {
    /// The circle's color.
    public var color: TextColor
    /// The initials, laid out on one line in the color to draw them in; `nil` for none.
    public var initials: LaidOutText?

    /// Creates an avatar.
    public init(color: TextColor, initials: LaidOutText?) {
      self.color = color
      self.initials = initials
    }
  }
}
