import CGtk

extension UnsafeMutablePointer {
  /// The same GObject seen as another type of its class hierarchy (a GObject "cast").
  func cast<Other>(to: Other.Type = Other.self) -> UnsafeMutablePointer<Other> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: Other.self)
  }
}
