@_spi(FrontEnd) import TextReveal

/// What one browser tab plays with: the shared settings and each component's state.
///
/// The page never holds a copy of this: it shows the images the server draws from it and sends
/// taps, which the server hit-tests against the models built from it.
public struct PlaygroundSession: Sendable {
  /// The controls.
  public var settings = PlaygroundSettings()
  /// Whether the expandable text is expanded.
  public var isExpanded = false
  /// Whether the truncation detector's text is shown whole ("Show all" was tapped).
  public var showsAll = false
  /// The detector, kept so that it reports when the answer changes.
  public var detector: TruncationDetector?
  /// What the detector reported, newest last (at most ``maximumChanges``).
  public var detectorChanges: [String] = []
  /// The list's rows, top first.
  public var rows = SampleTexts.messages
  /// The expanded rows, by id: they stay expanded when rows move.
  public var expansion = ExpansionSet<String>()
  /// How many rows were inserted, which picks the next one.
  public var insertedCount = 0
  /// Whether the spoilers are revealed.
  public var spoilersRevealed = false
  /// Counts the changes, so that the page can tell a stale answer from a new one.
  public var version = 0
  /// The number the session's next image is served under.
  public var nextImage = 1

  /// The most detector reports kept.
  public static let maximumChanges = 6

  /// Creates a session in the first state.
  public init() {}

  /// Applies a settings request; a new text collapses the components that show it, as the
  /// models do when their text changes.
  ///
  /// - Throws: ``PlaygroundError`` for a bad field; nothing changes then.
  public mutating func applySettings(
    _ change: SettingsChange, limits: PlaygroundLimits = PlaygroundLimits()
  ) throws(PlaygroundError) {
    let old = settings
    guard try settings.apply(change, limits: limits) else { return }
    if settings.text != old.text || settings.markdown != old.markdown {
      isExpanded = false
      showsAll = false
      // The spoiler section shows the text only when it is Markdown (with ||spoilers||);
      // otherwise its own message, whose state a new text does not touch.
      if settings.markdown || old.markdown { spoilersRevealed = false }
    }
    version += 1
  }

  /// Performs a list action: insert a row at the top, remove the top row, or start over.
  ///
  /// - Throws: ``PlaygroundError`` (409) for an insertion into a list of
  ///   ``PlaygroundLimits/listRows`` rows; nothing changes then.
  public mutating func performListAction(
    _ action: ListAction, limits: PlaygroundLimits = PlaygroundLimits()
  ) throws(PlaygroundError) {
    switch action {
    case .insert:
      guard rows.count < limits.listRows else {
        throw PlaygroundError(
          status: 409,
          "the list has \(rows.count) rows, the most the playground draws; remove one first")
      }
      let pool = SampleTexts.insertedMessages
      var message = pool[insertedCount % pool.count]
      // Ids stay unique when the pool comes round again.
      if insertedCount >= pool.count { message.id += "-\(insertedCount / pool.count)" }
      rows.insert(message, at: 0)
      insertedCount += 1
    case .remove:
      guard !rows.isEmpty else { return }
      rows.removeFirst()
      // Forgets the rows no longer in the list, so that a reused id starts collapsed (with
      // the public API: `ExpansionSet.removeAll(notIn:)` is the library's package access).
      let kept = Set(rows.map(\.id))
      for id in expansion.expanded where !kept.contains(id) { expansion.collapse(id) }
    case .reset:
      rows = SampleTexts.messages
      expansion = ExpansionSet()
      insertedCount = 0
    }
    version += 1
  }

  /// What the list's buttons do.
  public enum ListAction: String, Sendable, Hashable, CaseIterable {
    case insert, remove, reset
  }
}
