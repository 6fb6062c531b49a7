import Foundation
@_spi(Backend) import TextLayout

/// What assistive technologies read of one part of a component, and what activating it does.
///
/// Hidden spoiler text never appears in a label: each hidden run reads as "spoiler" until the
/// spoilers are revealed.
public struct AccessibilityElement<Action: Hashable & Sendable>: Sendable, Hashable {
  /// The part's role.
  public var role: AccessibilityRole
  /// What is read.
  public var label: String
  /// Where it is, in the component's coordinates.
  public var frame: CGRect
  /// Whether the part is expanded, for parts that expand and collapse; `nil` for the others.
  public var isExpanded: Bool?
  /// What activating the part does, such as `.expand`; `nil` when nothing.
  public var action: Action?
  /// The name of that action, such as "more".
  public var actionName: String?

  /// Creates an element.
  package init(
    role: AccessibilityRole, label: String, frame: CGRect, isExpanded: Bool? = nil,
    action: Action? = nil,
    actionName: String? = nil
  ) {
    self.role = role
    self.label = label
    self.frame = frame
    self.isExpanded = isExpanded
    self.action = action
    self.actionName = actionName
  }
}

/// The role of an accessible part of a component.
public enum AccessibilityRole: Sendable, Hashable, CaseIterable {
  /// A text.
  case text
  /// A button.
  case button
  /// A link.
  case link
  /// A row of a list.
  case row
}
