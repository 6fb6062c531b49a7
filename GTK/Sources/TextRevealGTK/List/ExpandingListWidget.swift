import CGtk
import TextLayout
import TextReveal
import TextShaping

/// An expanding list as a GTK 4 widget: rows of a few lines that expand and collapse when
/// clicked (or activated with the keyboard), in a scrolled `GtkListView`.
///
/// The list view recycles row widgets: only the rows on screen have one, and a row is laid out
/// when a widget is bound to it, so thousands of rows scroll without the hidden ones ever being
/// laid out. Which rows are expanded is kept by row identity (``ExpansionSet``), so a row keeps
/// its state when rows are inserted, removed, filtered or moved, and a recycled widget shows the
/// state of the row it is bound to. A toggle animates the row's height on the frame clock.
/// Assistive technologies read each row's text with its expanded state.
///
/// Keep the object as long as its widget shows.
@MainActor
public final class ExpandingListWidget<ID: Hashable & Sendable>: ListHost {
  /// The GtkWidget to add to a container: a scrolled window around the list view.
  public let widget: UnsafeMutablePointer<GtkWidget>
  private let listView: UnsafeMutablePointer<GtkWidget>
  private let strings: OpaquePointer
  private let state: ListState<ID>
  private var rowWidgets: [OpaquePointer: ComponentWidget<ListRowAdapter<ID>>] = [:]
  private var connections = SignalConnections()

  /// Creates the widget.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom; their identities must differ.
  ///   - lineLimit: The lines a collapsed row shows.
  /// - Throws: ``TextShapingError`` when the text stack cannot be made (no default font).
  public init(rows: [ListRow<ID>], lineLimit: LineLimit = .lines(3)) throws(TextShapingError) {
    _ = try RenderServices.current()
    state = ListState(
      list: ExpandingList(
        rows: rows, environment: ComponentEnvironment(width: 1), lineLimit: lineLimit))
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

  /// The rows, top to bottom. Setting them keeps every row's state by identity.
  public var rows: [ListRow<ID>] {
    get { state.list.rows }
    set {
      state.list.rows = newValue
      reload()
    }
  }

  /// Which rows are expanded.
  public var expansion: ExpansionSet<ID> {
    get { state.list.expansion }
    set {
      state.list.expansion = newValue
      refreshRows()
    }
  }

  /// The initials and color of each row's avatar, drawn in a circle at the row's leading edge;
  /// `nil` (the default) for rows without avatars.
  public var avatar: ((ID) -> (initials: String, color: TextColor)?)? {
    get { state.avatar }
    set {
      state.avatar = newValue
      refreshRows()
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

  /// Lays every bound row out again, after a change that may concern any of them.
  private func refreshRows() {
    for row in rowWidgets.values { row.update { _ in } }
  }

  // MARK: - ListHost

  func setUp(_ item: OpaquePointer) {
    guard let row = try? ComponentWidget(adapter: ListRowAdapter(state: state)) else { return }
    // The list view's items take the focus, and Return activates them (activate(position:)).
    row.acceptsFocus = false
    row.onOutcome = { [weak self] outcome in
      if outcome == .changed, self?.state.list.expansion.mode == .single { self?.refreshRows() }
    }
    rowWidgets[item] = row
    gtk_list_item_set_child(item, row.widget)
  }

  func bind(_ item: OpaquePointer) {
    guard let row = rowWidgets[item], let index = Self.position(of: item),
      rows.indices.contains(index)
    else { return }
    let bound = rows[index]
    row.update { $0.row = bound }
  }

  func tearDown(_ item: OpaquePointer) {
    rowWidgets[item] = nil
  }

  func activate(position: Int) {
    guard rows.indices.contains(position) else { return }
    let id = rows[position].id
    // A click anywhere on a row toggles it (when its text is cut): one at its top corner.
    rowWidgets.values.first { $0.adapter.row?.id == id }?.clicked(x: 1, y: 1)
  }

  /// The row index a list item's string holds.
  private static func position(of item: OpaquePointer) -> Int? {
    guard let object = gtk_list_item_get_item(item),
      let string = gtk_string_object_get_string(OpaquePointer(object))
    else { return nil }
    return Int(String(cString: string))
  }
}
