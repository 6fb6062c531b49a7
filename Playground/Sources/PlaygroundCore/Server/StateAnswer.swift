/// The JSON the API answers with: the session, its settings and the components' views.
struct StateAnswer: Encodable, Sendable {
  /// The session's id, which the page puts in the paths of its next requests.
  var session: String
  /// Counts the session's changes.
  var version: Int
  /// The controls.
  var settings: PlaygroundSettings
  /// The space around each component on its image, in points: a click at (x, y) on an image
  /// is a tap at (x − padding, y − padding) on the component.
  var padding: Double
  /// The images' pixels per point.
  var scale: Int
  /// The components drawn for this answer (all of them, or the one a tap changed).
  var components: [String: ComponentView]
  /// What a tap did, for a tap.
  var tap: Tap?

  struct Tap: Encodable, Sendable {
    var component: String
    var action: String
    var changed: Bool
  }
}
