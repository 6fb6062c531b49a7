/// `POST /api/session/{id}/action`: a button beside a component (the list's insert, remove and
/// reset; the detector's and the expandable text's reset).
struct ActionRequest: Decodable, Sendable {
  /// The component the button belongs to.
  var component: Component
  /// The button's action.
  var action: String

  init(component: Component, action: String) {
    self.component = component
    self.action = action
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case component, action
  }

  init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let component = try container.decodeChoice(Component.self, forKey: .component) else {
      throw PlaygroundError("an action needs \"component\"")
    }
    self.component = component
    action = try container.decode(String.self, forKey: .action)
  }
}
