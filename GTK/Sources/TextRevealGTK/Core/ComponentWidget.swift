import CGtk
import CGtkShim
import Foundation
import TextRaster
import TextReveal

/// The widget core every TextReveal widget is made of: a GtkWidget subclass that shows any
/// ``TextReveal/RevealComponent`` through its display list.
///
/// - Sizing: height for width. GTK asks the height for a width, and the component's display
///   list at that width answers, so a text is exactly as tall as its lines (and, during an
///   expansion, as tall as the animation says at that frame).
/// - Drawing: the display list is drawn by TextRaster's one entry point,
///   `ComponentRenderer.image(of:)`, on a transparent background at the widget's scale factor
///   (device pixels), uploaded as a `GdkMemoryTexture` and drawn at its size in points, so a 2×
///   screen gets 2× pixels, not a stretched 1× image. Inside a scrolled window only the band
///   that shows is drawn (the display list cropped to it), again when it scrolls.
/// - Clicks: a `GtkGestureClick` on the primary button; the point goes through the component's
///   hit test, and the action to the component at the frame clock's time. A link it hands
///   back opens with ``openURL``. The keyboard: while the component has an action for it, the
///   widget is focusable and Return or space performs it.
/// - Animation: while the display list animates (`animation.isAnimating(after:)`), a tick
///   callback of the frame clock draws (or resizes) the widget each frame with the frame time
///   as the component's time; it stops when the picture is still or the widget is unmapped.
///   There is no timer.
/// - Environment: the width from the allocation; dark or light from `gtk-application-prefer-
///   dark-theme` and the theme name; the type size from `gtk-xft-dpi`; the direction from the
///   widget's own direction; reduced motion from `gtk-enable-animations`. A change of any lays
///   the component out again.
/// - Accessibility: the display list's accessible elements become the widget's label,
///   description (the keyboard action's name) and expanded state, pushed to its GtkAccessible
///   when they change.
///
/// The class owns one reference to its GObject and gives it back in `deinit`, after
/// disconnecting every signal and tick, so a widget that outlives its owner (still in a
/// container) draws nothing rather than calling into freed memory.
@MainActor
final class ComponentWidget<Component: RevealComponent>: WidgetHost {
  typealias Action = Component.Action

  /// The GtkWidget.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The component and what the widget asks of it.
  private(set) var adapter: ComponentAdapter<Component>
  /// The narrowest width the widget asks for, in points.
  var minimumWidth: Int32 = 48
  /// The width the widget asks for when its component fills the width it is given, in points.
  var fillWidth: Int32 = 360
  /// Opens a link; the desktop's handler (`gtk_show_uri`) by default.
  var openURL: (URL) -> Void
  /// Called after a click or the keyboard performed an action, with the frame time: a list
  /// keeps its rows' state in step.
  var didPerform: ((Action, Double) -> Void)?
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
  /// Counts the changes of the component and the environment: a cached display list or
  /// texture of an older revision is stale.
  private var revision = 0
  private var lists: [Double: (time: Double, list: DisplayList<Action>)] = [:]
  private var naturalWidth: (revision: Int, width: Double)?
  private var texture: (key: TextureKey, texture: OpaquePointer)?
  private var allocated = (width: Int32(0), height: Int32(0))
  private var accessibility: WidgetAccessibility?
  private var hasReportedError = false
  private var keyboardAction: Action?
  private var followedViewport: UnsafeMutablePointer<GtkWidget>?

  /// What a texture was drawn for.
  private struct TextureKey: Equatable {
    var revision: Int
    var band: CGRect
    var scale: RasterScale
    /// The time of the frame, for a display list that animates.
    var time: Double?
  }

  /// Creates a widget for a component.
  ///
  /// - Parameters:
  ///   - component: The component, whose environment the widget replaces with its own.
  ///   - role: The accessible role, fixed for the widget's life.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  init(component: Component, role: WidgetRole) throws(TextShapingError) {
    services = try RenderServices.current()
    WidgetCallbacks.install()
    adapter = ComponentAdapter(component: component)
    let accessibleRole: GtkAccessibleRole =
      switch role {
      case .group: GTK_ACCESSIBLE_ROLE_GROUP
      case .label: GTK_ACCESSIBLE_ROLE_LABEL
      }
    widget = trv_widget_new(accessibleRole)
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
    if let list = displayList(width: Double(fillWidth), at: now) {
      follow(list)
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

  /// Changes the component (or how the widget asks it) and lays it out again.
  func update(_ change: (inout ComponentAdapter<Component>) -> Void) {
    change(&adapter)
    invalidate()
  }

  /// Forgets every cached display list and texture, asks GTK for a new size, and follows an
  /// animation if one started.
  private func invalidate() {
    revision += 1
    lists.removeAll(keepingCapacity: true)
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
    invalidate()
  }

  func appearanceChanged() {
    readAppearance()
    gtk_widget_queue_draw(widget)
  }

  // MARK: - Display lists

  /// The display list at a width and time, cached until the component changes (or, for one
  /// that animates, until the time does).
  private func displayList(width: Double, at time: Double) -> DisplayList<Action>? {
    if let cached = lists[width],
      cached.time == time || !cached.list.animation.isAnimating(after: cached.time)
    {
      return cached.list
    }
    adapter.environment = appearance.environment(width: width, direction: direction)
    do {
      let list = try adapter.displayList(using: services.engine, at: time)
      if lists.count > 8 { lists.removeAll(keepingCapacity: true) }
      lists[width] = (time, list)
      return list
    } catch {
      report(error)
      return nil
    }
  }

  /// The display list at the allocated width, now.
  private var currentList: DisplayList<Action>? {
    displayList(width: Double(allocated.width), at: now)
  }

  private func report(_ error: any Error) {
    guard !hasReportedError else { return }
    hasReportedError = true
    FileHandle.standardError.write(Data("TextRevealGTK: \(Component.self): \(error)\n".utf8))
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
    let height = displayList(width: Double(width), at: now).map {
      Int32(Double($0.size.height).rounded(.up))
    }
    minimum = height ?? 0
    natural = minimum
  }

  /// The natural width, or the fill width when the component fills what it is given.
  private func preferredWidth() -> Int32 {
    if naturalWidth?.revision != revision {
      adapter.environment = appearance.environment(width: 1, direction: direction)
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
    guard let list = currentList else { return }
    follow(list)
    if list.animation.isAnimating(after: now) { startTicking() }
  }

  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
    guard width > 0, height > 0 else { return }
    let time = now
    guard let list = displayList(width: Double(width), at: time) else { return }
    follow(list)
    let isAnimating = list.animation.isAnimating(after: time)
    let scale = RasterScale(gtkScaleFactor: Int(gtk_widget_get_scale_factor(widget)))
    let whole = CGRect(origin: .zero, size: list.size)
    guard let band = visibleBand(width: width, height: height).map({ $0.intersection(whole) }),
      !band.isNull, band.height > 0
    else { return }
    let key = TextureKey(
      revision: revision, band: band, scale: scale, time: isAnimating ? time : nil)
    if texture?.key != key {
      let bitmap: RGBABitmap
      do {
        bitmap = try adapter.draw(
          list, band: band, with: services.renderer(for: scale))
      } catch {
        report(error)
        return
      }
      if let old = texture { g_object_unref(UnsafeMutableRawPointer(old.texture)) }
      texture = Self.makeTexture(bitmap).map { (key, $0) }
    }
    guard let texture else { return }
    // The texture at its own size in points (its pixels over the scale), never stretched to
    // the allocation: a height of 296.4 points is 593 pixels at 2×, not 594.
    let factor = Float(scale.factor)
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: Float(band.minX), y: Float(band.minY)),
      size: graphene_size_t(
        width: Float(gdk_texture_get_width(texture.texture)) / factor,
        height: Float(gdk_texture_get_height(texture.texture)) / factor))
    gtk_snapshot_append_texture(snapshot, texture.texture, &bounds)
    if isAnimating { startTicking() }
  }

  /// The part of the widget a scrolled window shows, in whole points of the widget's
  /// coordinates, with a margin; all of it outside a scrolled window. `nil` when none shows.
  private func visibleBand(width: Int32, height: Int32) -> CGRect? {
    let all = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
    guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()) else {
      return all
    }
    followScrolling(of: viewport)
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, viewport, &bounds) != 0 else { return all }
    // The rows between the viewport's top and bottom; a scroll draws again, so the margin
    // only covers rounding.
    let top = max(0, floor(-Double(bounds.origin.y)) - Self.bandMargin)
    let bottom = min(
      Double(height),
      floor(-Double(bounds.origin.y)) + Double(gtk_widget_get_height(viewport)) + Self.bandMargin)
    return bottom > top ? CGRect(x: 0, y: top, width: all.width, height: bottom - top) : nil
  }

  /// The points drawn beyond the visible part of the widget, above and below.
  private static var bandMargin: Double { 8 }

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
    guard let list = currentList, let action = adapter.action(at: CGPoint(x: x, y: y), in: list)
    else { return }
    perform(action)
  }

  /// Performs what the keyboard's Return or space would, if the component has such an action.
  func activate() {
    if let keyboardAction { perform(keyboardAction) }
  }

  /// Performs an action, from a click or the keyboard, at the frame clock's time.
  func perform(_ action: Action) {
    let time = now
    switch adapter.perform(action, at: time) {
    case .changed: invalidate()
    case .openURL(let url): openURL(url)
    case .takenOver: return
    }
    didPerform?(action, time)
  }

  func keyPressed(_ key: guint) -> Bool {
    let activates = [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space]
    guard activates.contains(Int32(bitPattern: key)), keyboardAction != nil else { return false }
    activate()
    return true
  }

  func pointerMoved(x: Double, y: Double) {
    let hits = currentList.flatMap { adapter.action(at: CGPoint(x: x, y: y), in: $0) } != nil
    gtk_widget_set_cursor_from_name(widget, hits ? "pointer" : nil)
  }

  // MARK: - Animation

  /// Follows the frame clock while the display list animates and the widget shows.
  private func startTicking() {
    guard tickID == 0, gtk_widget_get_mapped(widget) != 0 else { return }
    tickID = gtk_widget_add_tick_callback(
      widget, WidgetCallbacks.tick, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  func tick() -> Bool {
    let time = now
    guard gtk_widget_get_mapped(widget) != 0,
      let list = displayList(width: Double(allocated.width), at: time)
    else {
      tickID = 0
      return false
    }
    if Int32(Double(list.size.height).rounded(.up)) != allocated.height {
      gtk_widget_queue_resize(widget)
    } else {
      gtk_widget_queue_draw(widget)
    }
    follow(list)
    guard list.animation.isAnimating(after: time) else {
      tickID = 0
      return false
    }
    return true
  }

  func mapped() {
    guard allocated.width > 0, let list = currentList, list.animation.isAnimating(after: now)
    else { return }
    startTicking()
  }

  // MARK: - Accessibility

  /// Takes the keyboard's action and the accessibility of a new display list.
  private func follow(_ list: DisplayList<Action>) {
    keyboardAction = adapter.keyboardAction(in: list)?.action
    updateFocusability()
    updateAccessibility(adapter.accessibility(of: list))
  }

  private func updateFocusability() {
    let focusable: gboolean = acceptsFocus && keyboardAction != nil ? 1 : 0
    if gtk_widget_get_focusable(widget) != focusable { gtk_widget_set_focusable(widget, focusable) }
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
