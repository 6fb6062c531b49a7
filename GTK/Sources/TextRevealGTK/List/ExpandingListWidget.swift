import CGtk
import Foundation
import TextReveal

/// An expanding list as a GTK 4 widget: rows of a few lines that expand and collapse when
/// clicked (or activated with the keyboard), in a scrolled `GtkListView`.
///
/// The list view recycles row widgets: only the rows on screen have one, and a row is laid out
/// when a widget is bound to it, so thousands of rows scroll without the hidden ones ever being
/// laid out. Each row widget shows its row as an ``TextReveal/ExpandingList`` of that one row,
/// so its height, avatar, "Read more" label, hit test and toggle animation are the library's.
/// Which rows are expanded (and their spoilers) is kept by row identity, so a row keeps its
/// state when rows are inserted, removed, filtered or moved, and a recycled widget shows the
/// state of the row it is bound to. Assistive technologies read each row's text with its
/// expanded state.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class ExpandingListWidget<ID: Hashable & Sendable>: ListHost {
  /// The GtkWidget to add to a container: a scrolled window around the list view.
  public let widget: UnsafeMutablePointer<GtkWidget>
  private let listView: UnsafeMutablePointer<GtkWidget>
  private let strings: OpaquePointer
  private let state: ListState<ID>
  private var rowWidgets: [OpaquePointer: ComponentWidget<ExpandingList<ID>>] = [:]
  private var connections = SignalConnections()

  /// Creates the widget.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom; their identities must differ. A row's avatar is drawn
  ///     at its leading edge.
  ///   - lineLimit: The lines a collapsed row shows.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(rows: [ListRow<ID>], lineLimit: LineLimit = .lines(3)) throws(TextShapingError) {
    _ = try RenderServices.current()
    state = ListState(rows: rows, lineLimit: lineLimit)
    strings = gtk_string_list_new(nil)!
    let factory = gtk_signal_list_item_factory_new()!
    // The selection model takes the string list, and the list view the model and the factory.
    let selection = gtk_no_selection_new(strings)
    listView = gtk_list_view_new(selection, factory)
    gtk_list_view_set_show_separators(OpaquePointer(listView), 1)
    widget = gtk_scrolled_window_new()
    g_object_ref_sink(widget)
    gtk_scrolled_window_set_policy(OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(widget), listView)
    let owner = Unmanaged.passUnretained(self).toOpaque()
    connections.connect(UnsafeMutableRawPointer(factory), "setup", ListCallbacks.setUp, data: owner)
    connections.connect(UnsafeMutableRawPointer(factory), "bind", ListCallbacks.bind, data: owner)
    connections.connect(
      UnsafeMutableRawPointer(factory), "teardown", ListCallbacks.tearDown, data: owner)
    connections.connect(
      UnsafeMutableRawPointer(listView), "activate", ListCallbacks.activate, data: owner)
    reload()
  }

  isolated deinit {
    connections.disconnectAll()
    rowWidgets.removeAll()
    g_object_unref(widget)
  }

  /// The rows, top to bottom. Setting them keeps every row's state by identity, also of rows
  /// that are left out for a while (a filter).
  public var rows: [ListRow<ID>] {
    get { state.rows }
    set {
      state.rows = newValue
      reload()
    }
  }

  /// Which rows are expanded.
  public var expansion: ExpansionSet<ID> {
    get { state.settings.expansion }
    set {
      state.settings.expansion = newValue
      rebindRows()
    }
  }

  /// Replaces the list view's items with the rows' positions; the bound widgets are bound again.
  private func reload() {
    let count = Int(g_list_model_get_n_items(strings))
    var additions = rows.indices.map { strdup(String($0)) }
    additions.append(nil)
    additions.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
        gtk_string_list_splice(strings, 0, guint(count), $0.baseAddress)
      }
    }
    for string in additions { free(string) }
  }

  /// Binds every bound row widget to its row again, after a change that may concern any row.
  private func rebindRows() {
    for item in rowWidgets.keys { bind(item) }
  }

  // MARK: - ListHost

  func setUp(_ item: OpaquePointer) {
    // No row until the item is bound: the list's settings, which hold none.
    guard let row = try? ComponentWidget(component: state.settings, role: .group) else { return }
    // The list view's items take the focus, and Return activates them (activate(position:)).
    row.acceptsFocus = false
    row.didPerform = { [weak self, weak row] action, time in
      guard let self, let row else { return }
      self.state.keep(action, of: row.adapter.component, at: time)
      if case .toggle = action, self.state.settings.expansion.mode == .single {
        self.followExpansion(except: row, at: time)
      }
    }
    rowWidgets[item] = row
    gtk_list_item_set_child(item, row.widget)
  }

  func bind(_ item: OpaquePointer) {
    guard let row = rowWidgets[item], let index = Self.position(of: item),
      rows.indices.contains(index)
    else { return }
    let bound = rows[index]
    let shown = row.adapter.component
    // The same row again (the rows changed around it): it keeps its model, and an animation
    // under way, while its state is the list's.
    if shown.rows.first == bound,
      shown.expansion.isExpanded(bound.id) == state.settings.expansion.isExpanded(bound.id)
    {
      return
    }
    let model = state.rowModel(for: bound, at: index)
    row.update { $0.component = model }
  }

  func tearDown(_ item: OpaquePointer) {
    rowWidgets[item] = nil
  }

  func activate(position: Int) {
    guard rows.indices.contains(position) else { return }
    let id = rows[position].id
    rowWidgets.values.first { $0.adapter.component.rows.first?.id == id }?.activate()
  }

  /// In single mode, the other bound rows that a toggle collapsed collapse too, animated from
  /// the same time.
  private func followExpansion(except toggled: ComponentWidget<ExpandingList<ID>>, at time: Double)
  {
    for row in rowWidgets.values where row !== toggled {
      guard let id = row.adapter.component.rows.first?.id,
        row.adapter.component.expansion.isExpanded(id)
          != state.settings.expansion.isExpanded(id)
      else { continue }
      row.update { _ = $0.component.perform(.toggle(id), at: time) }
    }
  }

  /// The row index a list item's string holds.
  private static func position(of item: OpaquePointer) -> Int? {
    guard let object = gtk_list_item_get_item(item),
      let string = gtk_string_object_get_string(OpaquePointer(object))
    else { return nil }
    return Int(String(cString: string))
  }
}
