import CGtk
import CGtkShim
import Foundation
import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// The widget core every TextReveal widget is made of: a GtkWidget subclass whose size, drawing,
/// clicks, animation and accessibility come from a component adapter.
///
/// - Sizing: height for width. GTK asks the height for a width, and the adapter's scene at that
///   width answers, so a text is exactly as tall as its lines (and, during an expansion, as tall
///   as the animation says at that frame).
/// - Drawing: the scene is drawn by TextRaster into a transparent bitmap at the widget's scale
///   factor (device pixels), uploaded as a `GdkMemoryTexture` and drawn at the widget's size in
///   points, so a 2× screen gets 2× pixels, not a stretched 1× image. Inside a scrolled window
///   only the rows that show are drawn, again when it scrolls.
/// - Clicks: a `GtkGestureClick` on the primary button; the point goes through the scene's hit
///   test, and the action to the adapter at the frame clock's time. The keyboard: while the
///   scene has an action for it, the widget is focusable and Return or space performs it.
/// - Animation: while a scene animates, a tick callback of the frame clock redraws (or resizes)
///   the widget each frame with the frame time as the model's time; it stops when the scene
///   stops animating or the widget is unmapped. There is no timer.
/// - Environment: the width from the allocation; dark or light from `gtk-application-prefer-dark-
///   theme` and the theme name; the type size from `gtk-xft-dpi`; the direction from the widget's
///   own direction; reduced motion from `gtk-enable-animations`. A change of any lays the
///   component out again.
/// - Accessibility: the scene's label, description and expanded state, pushed to the widget's
///   GtkAccessible when they change.
///
/// The class owns one reference to its GObject and gives it back in `deinit`, after
/// disconnecting every signal and tick, so a widget that outlives its owner (still in a
/// container) draws nothing rather than calling into freed memory.
@MainActor
final class ComponentWidget<Adapter: ComponentAdapter>: WidgetHost {
  /// The GtkWidget.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The component.
  private(set) var adapter: Adapter
  /// The narrowest width the widget asks for, in points.
  var minimumWidth: Int32 = 48
  /// The width the widget asks for when its component fills the width it is given, in points.
  var fillWidth: Int32 = 360
  /// Opens a link; the desktop's handler (`gtk_show_uri`) by default.
  var openURL: (URL) -> Void
  /// Called when an action asks the application for more than a redraw ("Show all").
  var onOutcome: ((ActionOutcome) -> Void)?
  /// Whether the widget takes the keyboard focus when its component has an action for it;
  /// a list row leaves that to its list.
  var acceptsFocus = true {
    didSet { updateFocusability() }
  }

  private let services: RenderServices
  private var connections = SignalConnections()
  private var tickID: guint = 0
  private var appearance = WidgetAppearance()
  private var direction = InterfaceDirection.leftToRight
  /// Counts the changes of the adapter and the environment: a cached scene or texture of an
  /// older revision is stale.
  private var revision = 0
  private var scenes: [Double: (time: Double, scene: ComponentScene<Adapter.Action>)] = [:]
  private var naturalWidth: (revision: Int, width: Double)?
  private var texture: (key: TextureKey, texture: OpaquePointer)?
  private var allocated = (width: Int32(0), height: Int32(0))
  private var accessibility: WidgetAccessibility?
  private var hasReportedError = false
  private var activation: Adapter.Action?
  private var followedViewport: UnsafeMutablePointer<GtkWidget>?

  /// A rectangle of the widget, in whole points.
  private struct Band: Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
  }

  /// What a texture was drawn for.
  private struct TextureKey: Equatable {
    var revision: Int
    var band: Band
    var scale: RasterCanvas.Scale
    /// The time of the frame, for a scene that animates.
    var time: Double?
  }

  /// Creates a widget for a component.
  ///
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  init(adapter: Adapter) throws(TextShapingError) {
    services = try RenderServices.current()
    WidgetCallbacks.install()
    self.adapter = adapter
    let role: GtkAccessibleRole =
      switch Adapter.role {
      case .group: GTK_ACCESSIBLE_ROLE_GROUP
      case .label: GTK_ACCESSIBLE_ROLE_LABEL
      }
    widget = trv_widget_new(role)
    g_object_ref_sink(widget)
    let window = widget
    openURL = { url in
      let root = gtk_widget_get_root(window).map { UnsafeMutableRawPointer($0) }
      gtk_show_uri(root?.assumingMemoryBound(to: GtkWindow.self), url.absoluteString, 0)
    }
    trv_widget_set_owner(widget, Unmanaged.passUnretained(self).toOpaque())
    connectSignals()
    readAppearance()
    // Assistive technologies know the widget before it is first shown (a page not shown yet).
    if let scene = scene(width: Double(fillWidth), at: now) {
      follow(scene)
    }
  }

  isolated deinit {
    connections.disconnectAll()
    if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
    trv_widget_set_owner(widget, nil)
    if let texture { g_object_unref(UnsafeMutableRawPointer(texture.texture)) }
    g_object_unref(widget)
  }

  private func connectSignals() {
    let owner = Unmanaged.passUnretained(self).toOpaque()
    let click = gtk_gesture_click_new()!
    connections.connect(
      UnsafeMutableRawPointer(click), "pressed", WidgetCallbacks.pressed, data: owner)
    connections.connect(
      UnsafeMutableRawPointer(click), "released", WidgetCallbacks.released, data: owner)
    gtk_widget_add_controller(widget, click)
    let motion = gtk_event_controller_motion_new()!
    connections.connect(
      UnsafeMutableRawPointer(motion), "motion", WidgetCallbacks.motion, data: owner)
    gtk_widget_add_controller(widget, motion)
    let keys = gtk_event_controller_key_new()!
    connections.connect(
      UnsafeMutableRawPointer(keys), "key-pressed", WidgetCallbacks.keyPressed, data: owner)
    gtk_widget_add_controller(widget, keys)
    connections.connect(
      UnsafeMutableRawPointer(widget), "direction-changed", WidgetCallbacks.directionChanged,
      data: owner)
    connections.connect(
      UnsafeMutableRawPointer(widget), "notify::scale-factor", WidgetCallbacks.notify, data: owner)
    connections.connect(UnsafeMutableRawPointer(widget), "map", WidgetCallbacks.map, data: owner)
    if let settings = gtk_widget_get_settings(widget) {
      for name in [
        "gtk-application-prefer-dark-theme", "gtk-theme-name", "gtk-xft-dpi",
        "gtk-enable-animations",
      ] {
        connections.connect(
          UnsafeMutableRawPointer(settings), "notify::\(name)", WidgetCallbacks.notify, data: owner)
      }
    }
  }

  // MARK: - Changing the component

  /// Changes the component and lays it out again.
  func update(_ change: (inout Adapter) -> Void) {
    change(&adapter)
    invalidate()
  }

  /// Forgets every cached scene and texture, asks GTK for a new size, and follows an animation
  /// if one started.
  private func invalidate() {
    revision += 1
    scenes.removeAll(keepingCapacity: true)
    gtk_widget_queue_resize(widget)
    startTicking()
  }

  // MARK: - Time and environment

  /// The frame clock's time in seconds: inside a frame, the frame's time; outside, a time close
  /// to now that the next frame will not precede.
  var now: Double {
    if let clock = gtk_widget_get_frame_clock(widget) {
      return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }
    return Double(g_get_monotonic_time()) / 1_000_000
  }

  private func readAppearance() {
    var next = WidgetAppearance()
    if let settings = gtk_widget_get_settings(widget) {
      let pointer = UnsafeMutableRawPointer(settings)
      next.prefersDarkTheme =
        trv_object_get_boolean(pointer, "gtk-application-prefer-dark-theme") != 0
      next.xftDPI = Int(trv_object_get_int(pointer, "gtk-xft-dpi"))
      next.enablesAnimations = trv_object_get_boolean(pointer, "gtk-enable-animations") != 0
      if let name = trv_object_get_string(pointer, "gtk-theme-name") {
        next.themeName = String(cString: name)
        g_free(name)
      }
    }
    if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], !theme.isEmpty {
      next.themeName = theme
    }
    let nextDirection: InterfaceDirection =
      gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    guard next != appearance || nextDirection != direction else { return }
    appearance = next
    direction = nextDirection
    adapter.reducesMotion = !next.enablesAnimations
    invalidate()
  }

  func appearanceChanged() {
    readAppearance()
    gtk_widget_queue_draw(widget)
  }

  // MARK: - Scenes

  /// The scene at a width and time, cached until the component changes (or, for a scene that
  /// animates, until the time does).
  private func scene(width: Double, at time: Double) -> ComponentScene<Adapter.Action>? {
    if let cached = scenes[width], !cached.scene.isAnimating || cached.time == time {
      return cached.scene
    }
    adapter.environment = ComponentEnvironment(
      width: max(1, width), typeSize: appearance.typeSize, theme: appearance.theme,
      direction: direction)
    do {
      let scene = try adapter.scene(using: services.engine, at: time)
      if scenes.count > 8 { scenes.removeAll(keepingCapacity: true) }
      scenes[width] = (time, scene)
      return scene
    } catch {
      report(error)
      return nil
    }
  }

  private func report(_ error: any Error) {
    guard !hasReportedError else { return }
    hasReportedError = true
    FileHandle.standardError.write(Data("TextRevealGTK: \(Adapter.self): \(error)\n".utf8))
  }

  // MARK: - WidgetHost

  func measure(
    _ orientation: GtkOrientation, forSize: Int32, minimum: inout Int32, natural: inout Int32
  ) {
    let preferred = preferredWidth()
    if orientation == GTK_ORIENTATION_HORIZONTAL {
      minimum = min(preferred, minimumWidth)
      natural = max(preferred, minimum)
      return
    }
    // Without a width, the height at the width the widget has (or would like): at its minimum
    // width a long text would be thousands of lines, laid out for nothing.
    let width = forSize > 0 ? forSize : allocated.width > 0 ? allocated.width : preferred
    let height = scene(width: Double(width), at: now).map { Int32($0.size.height.rounded(.up)) }
    minimum = height ?? 0
    natural = minimum
  }

  /// The natural width, or the minimum width when the component fills what it is given.
  private func preferredWidth() -> Int32 {
    if naturalWidth?.revision != revision {
      adapter.environment = ComponentEnvironment(
        width: 1, typeSize: appearance.typeSize, theme: appearance.theme, direction: direction)
      do {
        naturalWidth = (revision, try adapter.naturalWidth(using: services.engine))
      } catch {
        report(error)
        naturalWidth = (revision, 0)
      }
    }
    let width = naturalWidth?.width ?? 0
    return width > 0 ? Int32(width.rounded(.up)) : fillWidth
  }

  func allocate(width: Int32, height: Int32) {
    allocated = (width, height)
    guard let scene = scene(width: Double(width), at: now) else { return }
    follow(scene)
    if scene.isAnimating { startTicking() }
  }

  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
    guard width > 0, height > 0 else { return }
    let time = now
    guard let scene = scene(width: Double(width), at: time) else { return }
    follow(scene)
    let scale = RasterCanvas.Scale(gtkScaleFactor: Int(gtk_widget_get_scale_factor(widget)))
    guard let band = visibleBand(width: width, height: height) else { return }
    let key = TextureKey(
      revision: revision, band: band, scale: scale, time: scene.isAnimating ? time : nil)
    if texture?.key != key {
      var canvas = RasterCanvas(
        width: Double(band.width), height: Double(band.height), scale: scale)
      do {
        try scene.draw(
          &canvas, services.renderer(for: scale),
          LayoutPoint(x: -Double(band.x), y: -Double(band.y)))
      } catch {
        report(error)
        return
      }
      if let old = texture { g_object_unref(UnsafeMutableRawPointer(old.texture)) }
      texture = Self.makeTexture(canvas.bitmap).map { (key, $0) }
    }
    guard let texture else { return }
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: Float(band.x), y: Float(band.y)),
      size: graphene_size_t(width: Float(band.width), height: Float(band.height)))
    gtk_snapshot_append_texture(snapshot, texture.texture, &bounds)
    if scene.isAnimating { startTicking() }
  }

  /// The part of the widget a scrolled window shows, in whole points of the widget's
  /// coordinates, with a margin; all of it outside a scrolled window. `nil` when none shows.
  private func visibleBand(width: Int32, height: Int32) -> Band? {
    var band = Band(x: 0, y: 0, width: width, height: height)
    guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()) else {
      return band
    }
    followScrolling(of: viewport)
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, viewport, &bounds) != 0 else { return band }
    // The rows between the viewport's top and bottom; a scroll draws again, so the margin
    // only covers rounding.
    let top = Int32(floor(-Double(bounds.origin.y))) - Self.bandMargin
    let bottom = top + gtk_widget_get_height(viewport) + 2 * Self.bandMargin
    band.y = max(0, top)
    band.height = min(height, bottom) - band.y
    return band.height > 0 ? band : nil
  }

  /// The points drawn beyond the visible part of the widget, above and below.
  private static var bandMargin: Int32 { 8 }

  /// Redraws when the scrolled window around the widget scrolls: only the part that showed was
  /// drawn.
  private func followScrolling(of viewport: UnsafeMutablePointer<GtkWidget>) {
    guard followedViewport != viewport else { return }
    followedViewport = viewport
    guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(viewport)) else { return }
    connections.connect(
      UnsafeMutableRawPointer(adjustment), "value-changed", WidgetCallbacks.scrolled,
      data: Unmanaged.passUnretained(self).toOpaque())
  }

  func scrolled() {
    gtk_widget_queue_draw(widget)
  }

  /// A GdkMemoryTexture of a bitmap's premultiplied RGBA pixels.
  private static func makeTexture(_ bitmap: RGBABitmap) -> OpaquePointer? {
    bitmap.bytes.withUnsafeBytes { raw -> OpaquePointer? in
      guard let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count)) else { return nil }
      defer { g_bytes_unref(bytes) }
      return gdk_memory_texture_new(
        Int32(bitmap.width), Int32(bitmap.height), GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, bytes,
        gsize(bitmap.width * 4))
    }
  }

  func pressed() {
    if gtk_widget_get_focusable(widget) != 0 { gtk_widget_grab_focus(widget) }
  }

  func clicked(x: Double, y: Double) {
    guard let scene = scene(width: Double(allocated.width), at: now),
      let action = scene.hitTest(LayoutPoint(x: x, y: y))
    else { return }
    perform(action)
  }

  /// Performs an action, from a click or the keyboard, at the frame clock's time.
  func perform(_ action: Adapter.Action) {
    let outcome = adapter.perform(action, at: now)
    switch outcome {
    case .none: return
    case .changed: invalidate()
    case .openURL(let url): openURL(url)
    case .showAll: break
    }
    onOutcome?(outcome)
  }

  func keyPressed(_ key: guint) -> Bool {
    let activates = [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space]
    guard activates.contains(Int32(bitPattern: key)), let action = activation else { return false }
    perform(action)
    return true
  }

  func pointerMoved(x: Double, y: Double) {
    let hits =
      scene(width: Double(allocated.width), at: now)?.hitTest(LayoutPoint(x: x, y: y)) != nil
    gtk_widget_set_cursor_from_name(widget, hits ? "pointer" : nil)
  }

  // MARK: - Animation

  /// Follows the frame clock while the scene animates and the widget shows.
  private func startTicking() {
    guard tickID == 0, gtk_widget_get_mapped(widget) != 0 else { return }
    tickID = gtk_widget_add_tick_callback(
      widget, WidgetCallbacks.tick, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  func tick() -> Bool {
    guard gtk_widget_get_mapped(widget) != 0,
      let scene = scene(width: Double(allocated.width), at: now)
    else {
      tickID = 0
      return false
    }
    if Int32(scene.size.height.rounded(.up)) != allocated.height {
      gtk_widget_queue_resize(widget)
    } else {
      gtk_widget_queue_draw(widget)
    }
    follow(scene)
    guard scene.isAnimating else {
      tickID = 0
      return false
    }
    return true
  }

  func mapped() {
    guard allocated.width > 0, let scene = scene(width: Double(allocated.width), at: now),
      scene.isAnimating
    else { return }
    startTicking()
  }

  // MARK: - Accessibility

  /// Keeps the keyboard's action and the widget's focusability up to date.
  private func updateActivation(_ scene: ComponentScene<Adapter.Action>) {
    activation = scene.activation
    updateFocusability()
  }

  private func updateFocusability() {
    let focusable: gboolean = acceptsFocus && activation != nil ? 1 : 0
    if gtk_widget_get_focusable(widget) != focusable { gtk_widget_set_focusable(widget, focusable) }
  }

  /// Takes the keyboard's action and the accessibility of a new scene.
  private func follow(_ scene: ComponentScene<Adapter.Action>) {
    updateActivation(scene)
    updateAccessibility(scene.accessibility)
  }

  private func updateAccessibility(_ next: WidgetAccessibility) {
    guard next != accessibility else { return }
    accessibility = next
    // GtkAccessible is an interface: the widget itself, as an opaque pointer.
    let accessible = OpaquePointer(widget)
    trv_accessible_set_label(accessible, next.label, next.description)
    trv_accessible_set_expanded(accessible, next.isExpanded.map { $0 ? 1 : 0 } ?? -1)
  }
}
