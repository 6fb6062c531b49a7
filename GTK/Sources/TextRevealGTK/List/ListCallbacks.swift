import CGtk

/// The C functions of the list view's factory and its activate signal.
@MainActor
enum ListCallbacks {
  /// Runs a body with the list a callback's pointer names.
  nonisolated static func withHost(
    _ pointer: UnsafeMutableRawPointer?, _ item: OpaquePointer?,
    _ body: @MainActor (any ListHost, OpaquePointer) -> Void
  ) {
    let address = UInt(bitPattern: pointer)
    let itemAddress = UInt(bitPattern: Int(bitPattern: item))
    MainActor.assumeIsolated {
      guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
        let item = OpaquePointer(bitPattern: itemAddress),
        let host = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
          as? any ListHost
      else { return }
      body(host, item)
    }
  }

  /// GtkSignalListItemFactory::setup.
  static let setUp:
    @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) ->
      Void = { _, item, owner in
        ListCallbacks.withHost(owner, item) { $0.setUp($1) }
      }

  /// GtkSignalListItemFactory::bind.
  static let bind:
    @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) ->
      Void = { _, item, owner in
        ListCallbacks.withHost(owner, item) { $0.bind($1) }
      }

  /// GtkSignalListItemFactory::teardown.
  static let tearDown:
    @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?)
      -> Void = { _, item, owner in
        ListCallbacks.withHost(owner, item) { $0.tearDown($1) }
      }

  /// GtkListView::activate.
  static let activate: @convention(c) (OpaquePointer?, guint, UnsafeMutableRawPointer?) -> Void =
    { view, position, owner in
      ListCallbacks.withHost(owner, view) { host, _ in host.activate(position: Int(position)) }
    }
}
