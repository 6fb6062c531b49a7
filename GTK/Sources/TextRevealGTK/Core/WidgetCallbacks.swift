import CGtk
import CGtkShim

/// The C functions GTK calls, which find the host behind a widget and call it.
@MainActor
enum WidgetCallbacks {
  private static var isInstalled = false

  /// Runs a body with the host a callback's pointer names, on the main actor GTK calls from.
  nonisolated static func withHost<Result: Sendable>(
    _ pointer: UnsafeMutableRawPointer?, default: Result,
    _ body: @MainActor (any WidgetHost) -> Result
  ) -> Result {
    // The pointer crosses into the main actor's closure as a number: GTK calls on the main
    // thread, which assumeIsolated checks.
    let address = UInt(bitPattern: pointer)
    return MainActor.assumeIsolated {
      guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
        let host = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
          as? any WidgetHost
      else { return `default` }
      return body(host)
    }
  }

  /// Installs the TextReveal widget class's callbacks, once for the process.
  static func install() {
    guard !isInstalled else { return }
    isInstalled = true
    var callbacks = TRVWidgetCallbacks()
    callbacks.measure = { owner, orientation, forSize, minimum, natural in
      let (low, high) = WidgetCallbacks.withHost(owner, default: (Int32(0), Int32(0))) {
        var low: Int32 = 0
        var high: Int32 = 0
        $0.measure(orientation, forSize: forSize, minimum: &low, natural: &high)
        return (low, high)
      }
      minimum?.pointee = low
      natural?.pointee = high
    }
    callbacks.snapshot = { owner, snapshot, width, height in
      guard let snapshot else { return }
      let address = UInt(bitPattern: Int(bitPattern: snapshot))
      WidgetCallbacks.withHost(owner, default: ()) {
        $0.snapshot(OpaquePointer(bitPattern: address)!, width: width, height: height)
      }
    }
    callbacks.size_allocate = { owner, width, height in
      WidgetCallbacks.withHost(owner, default: ()) { $0.allocate(width: width, height: height) }
    }
    trv_widget_set_callbacks(&callbacks)
  }

  // MARK: - Signal handlers

  /// GtkGestureClick::released.
  static let released:
    @convention(c) (OpaquePointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
      _, _, x, y, owner in
      WidgetCallbacks.withHost(owner, default: ()) { $0.clicked(x: x, y: y) }
    }

  /// GtkGestureClick::pressed.
  static let pressed:
    @convention(c) (OpaquePointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
      _, _, _, _, owner in
      WidgetCallbacks.withHost(owner, default: ()) { $0.pressed() }
    }

  /// GtkEventControllerKey::key-pressed.
  static let keyPressed:
    @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) ->
      gboolean = { _, key, _, _, owner in
        WidgetCallbacks.withHost(owner, default: false) { $0.keyPressed(key) } ? 1 : 0
      }

  /// GtkEventControllerMotion::motion.
  static let motion:
    @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) ->
      Void = { _, x, y, owner in
        WidgetCallbacks.withHost(owner, default: ()) { $0.pointerMoved(x: x, y: y) }
      }

  /// GObject::notify, of the settings or of the widget's scale factor.
  static let notify:
    @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) ->
      Void = { _, _, owner in
        WidgetCallbacks.withHost(owner, default: ()) { $0.appearanceChanged() }
      }

  /// GtkAdjustment::value-changed, of the scrolled window around the widget.
  static let scrolled: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
    _, owner in
    WidgetCallbacks.withHost(owner, default: ()) { $0.scrolled() }
  }

  /// GtkWidget::direction-changed.
  static let directionChanged:
    @convention(c) (OpaquePointer?, GtkTextDirection, UnsafeMutableRawPointer?) -> Void = {
      _, _, owner in
      WidgetCallbacks.withHost(owner, default: ()) { $0.appearanceChanged() }
    }

  /// GtkWidget::map.
  static let map: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
    _, owner in
    WidgetCallbacks.withHost(owner, default: ()) { $0.mapped() }
  }

  /// The tick callback of the frame clock.
  static let tick:
    @convention(c) (
      UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?
    ) -> gboolean = { _, _, owner in
      WidgetCallbacks.withHost(owner, default: false) { $0.tick() } ? 1 : 0
    }
}
