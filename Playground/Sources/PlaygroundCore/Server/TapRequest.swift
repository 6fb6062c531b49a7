/// `POST /api/session/{id}/tap`: a click on a component's image, as a point in the component's
/// coordinates.
struct TapRequest: Decodable, Sendable {
  /// The component tapped.
  var component: Component
  /// The point, in points from the component's top-left corner.
  var x: Double
  var y: Double
  /// Whether the answer goes on with the frames of the tap's animation (the page's taps):
  /// the JSON answer and a newline, then the frames as they are drawn (see ``FrameSink``).
  /// Without it the answer is JSON alone and names the frames' stream by URL.
  var framesFollow = false

  /// The farthest a tap may be from a component's corner: anything past it is not a click.
  static let maximumDistance = 100_000.0

  init(component: Component, x: Double, y: Double, framesFollow: Bool = false) {
    self.component = component
    self.x = x
    self.y = y
    self.framesFollow = framesFollow
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case component, x, y, framesFollow
  }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let component = try container.decodeChoice(Component.self, forKey: .component) else {
      throw PlaygroundError("a tap needs \"component\"")
    }
    self.component = component
    x = try container.decode(Double.self, forKey: .x)
    y = try container.decode(Double.self, forKey: .y)
    framesFollow = try container.decodeIfPresent(Bool.self, forKey: .framesFollow) ?? false
    guard x.isFinite, y.isFinite, abs(x) <= Self.maximumDistance,
      abs(y) <= Self.maximumDistance
    else {
      throw PlaygroundError("the point (\(x), \(y)) is absurdly far from any component")
    }
  }
}
