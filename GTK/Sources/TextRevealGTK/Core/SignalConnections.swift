import CGtk

/// Signal handlers connected for an object that may outlive them, disconnected together.
@MainActor
struct SignalConnections {
  private var handlers: [(instance: gpointer, id: gulong)] = []

  /// Connects a C function to a signal (`g_signal_connect`, a macro Swift cannot call).
  ///
  /// - Parameters:
  ///   - instance: The object emitting the signal.
  ///   - signal: The signal's name, such as `"released"` or `"notify::gtk-xft-dpi"`.
  ///   - handler: A `@convention(c)` function of the signal's signature.
  ///   - data: The pointer passed to the handler as its last argument.
  mutating func connect<Handler>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
    data: UnsafeMutableRawPointer
  ) {
    let id = g_signal_connect_data(
      instance, signal, unsafeBitCast(handler, to: GCallback.self), data, nil, GConnectFlags(0))
    handlers.append((instance, id))
  }

  /// Disconnects every handler.
  mutating func disconnectAll() {
    for handler in handlers where g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
      g_signal_handler_disconnect(handler.instance, handler.id)
    }
    handlers.removeAll()
  }
}
