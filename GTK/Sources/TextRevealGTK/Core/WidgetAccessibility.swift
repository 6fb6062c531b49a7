/// What a widget tells assistive technologies: never the text of a hidden spoiler.
struct WidgetAccessibility: Hashable, Sendable {
  /// The accessible name: the whole text, with hidden spoilers read as "spoiler".
  var label: String
  /// The accessible description: the action a click performs ("more", "Show all"), if any.
  var description: String?
  /// The expanded state, or `nil` when the component cannot expand.
  var isExpanded: Bool?
}
