/// Where an expandable text's expanded state lives.
public enum ExpansionSource: Sendable {
  /// The model owns the state.
  case owned
  /// The caller owns the state; the model reads and writes it through the binding.
  case bound(ExpansionBinding)
}

/// A caller's expanded flag, read and written through closures (like SwiftUI's `Binding`).
public struct ExpansionBinding: Sendable {
  /// Reads the flag.
  public var get: @Sendable () -> Bool
  /// Writes the flag.
  public var set: @Sendable (Bool) -> Void

  /// Creates a binding.
  public init(get: @escaping @Sendable () -> Bool, set: @escaping @Sendable (Bool) -> Void) {
    self.get = get
    self.set = set
  }
}
