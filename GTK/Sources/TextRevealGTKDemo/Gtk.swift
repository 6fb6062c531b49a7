import CGtk

/// Small constructors for the plain GTK widgets around the components.
@MainActor
enum Gtk {
  /// A label, wrapping, aligned to the leading edge, with CSS classes.
  static func label(_ text: String, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(text)!
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    for name in classes { gtk_widget_add_css_class(label, name) }
    return label
  }

  /// A box.
  static func box(
    _ orientation: GtkOrientation, spacing: Int32, margin: Int32 = 0
  ) -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(orientation, spacing)!
    gtk_widget_set_margin_start(box, margin)
    gtk_widget_set_margin_end(box, margin)
    gtk_widget_set_margin_top(box, margin)
    gtk_widget_set_margin_bottom(box, margin)
    return box
  }

  /// Adds a child at the end of a box.
  static func append(
    _ child: UnsafeMutablePointer<GtkWidget>, to box: UnsafeMutablePointer<GtkWidget>
  ) {
    gtk_box_append(box.cast(to: GtkBox.self), child)
  }

  /// A vertically scrolling window around a child.
  static func scrolled(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>
  {
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), child)
    gtk_widget_set_vexpand(scrolled, 1)
    return scrolled
  }

  /// Loads a style sheet for the whole display.
  static func addStyleSheet(_ css: String) {
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider),
      guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
