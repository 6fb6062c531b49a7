import CGtk
import CGtkShim
import Foundation
import TextMarkdown
import TextReveal
import TextRevealDemoSupport
import TextRevealGTK

/// The demo's window: the installed packages as an app store lists them, one package's page, and
/// a chat thread, on the pages of a stack.
///
/// It keeps every component's object, since an object owns its widget's behaviour.
@MainActor
final class DemoWindow {
  let window: UnsafeMutablePointer<GtkWidget>
  private let options: DemoOptions
  private let packages: [DebianPackage]
  private var list: ExpandingListWidget<String>?
  private var components: [AnyObject] = []
  private var dialogs: [AnyObject] = []
  private var filterConnection: gulong = 0
  private(set) var isClosed = false

  /// The text size of list rows, and of the app page's texts.
  nonisolated static let rowSize = 15.0
  static let bodySize = 17.0

  init(options: DemoOptions, packages: [DebianPackage]) throws {
    self.options = options
    self.packages = packages
    window = gtk_window_new()
    gtk_window_set_title(window.cast(to: GtkWindow.self), "TextReveal GTK demo")
    gtk_window_set_default_size(
      window.cast(to: GtkWindow.self), Int32(options.size.width), Int32(options.size.height))
    Gtk.addStyleSheet(Self.styleSheet)

    let stack = gtk_stack_new()!
    let header = gtk_header_bar_new()!
    let switcher = gtk_stack_switcher_new()!
    gtk_stack_switcher_set_stack(OpaquePointer(switcher), OpaquePointer(stack))
    gtk_header_bar_set_title_widget(OpaquePointer(header), switcher)
    gtk_window_set_titlebar(window.cast(to: GtkWindow.self), header)

    let pages: [(DemoPage, UnsafeMutablePointer<GtkWidget>)] = [
      (.packages, try packagesPage()), (.app, try appPage()), (.chat, try chatPage()),
    ]
    for (page, child) in pages {
      gtk_stack_add_titled(OpaquePointer(stack), child, page.rawValue, page.title)
    }
    gtk_stack_set_visible_child_name(OpaquePointer(stack), options.page.rawValue)
    gtk_window_set_child(window.cast(to: GtkWindow.self), stack)
    let owner = Unmanaged.passUnretained(self).toOpaque()
    g_signal_connect_data(
      window, "destroy", unsafeBitCast(Self.destroyed, to: GCallback.self), owner, nil,
      GConnectFlags(0))
  }

  private static let destroyed: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void =
    { _, owner in
      let address = UInt(bitPattern: owner)
      MainActor.assumeIsolated {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return }
        Unmanaged<DemoWindow>.fromOpaque(pointer).takeUnretainedValue().isClosed = true
      }
    }

  /// Shows the window.
  func present() {
    gtk_window_present(window.cast(to: GtkWindow.self))
  }

  /// Opens a link: with the desktop's handler, or into the log file the environment names.
  private func linkOpener() -> ((URL) -> Void)? {
    guard let path = options.uriLog else { return nil }
    return { url in
      let line = Data((url.absoluteString + "\n").utf8)
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.seekToEndOfFile()
        handle.write(line)
        try? handle.close()
      } else {
        _ = FileManager.default.createFile(atPath: path, contents: line)
      }
    }
  }

  // MARK: - Packages

  /// The installed packages in an expanding list, with a filter above it.
  private func packagesPage() throws -> UnsafeMutablePointer<GtkWidget> {
    let page = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    let search = gtk_search_entry_new()!
    trv_object_set_string(search, "placeholder-text", "Filter packages")
    gtk_widget_set_margin_start(search, 12)
    gtk_widget_set_margin_end(search, 12)
    gtk_widget_set_margin_top(search, 8)
    gtk_widget_set_margin_bottom(search, 8)
    Gtk.append(search, to: page)
    let list = try ExpandingListWidget(rows: packages.map(Self.row))
    gtk_widget_set_vexpand(list.widget, 1)
    Gtk.append(list.widget, to: page)
    self.list = list
    g_signal_connect_data(
      search, "search-changed", unsafeBitCast(Self.searchChanged, to: GCallback.self),
      Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
    return page
  }

  private static let searchChanged:
    @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = {
      entry, owner in
      let address = UInt(bitPattern: owner)
      let entryAddress = UInt(bitPattern: entry)
      MainActor.assumeIsolated {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
          let entry = UnsafeMutablePointer<GtkWidget>(bitPattern: entryAddress),
          let text = gtk_editable_get_text(OpaquePointer(entry))
        else { return }
        Unmanaged<DemoWindow>.fromOpaque(pointer).takeUnretainedValue()
          .filter(String(cString: text))
      }
    }

  /// Shows the packages whose name or synopsis contains a text, in any case.
  func filter(_ query: String) {
    let query = query.trimmingCharacters(in: .whitespaces).lowercased()
    let shown =
      query.isEmpty
      ? packages
      : packages.filter {
        $0.name.lowercased().contains(query) || $0.synopsis.lowercased().contains(query)
      }
    list?.rows = shown.map(Self.row)
  }

  /// A package's row: its icon (the initials of its name, on a color chosen by the name, as
  /// the other demos draw avatars), its name and synopsis, then its description.
  nonisolated static func row(_ package: DebianPackage) -> ListRow<String> {
    var text = StyledText(package.name, style: TextStyle(size: rowSize, weight: .semibold))
    text.append(" \u{2014} \(package.synopsis)", style: TextStyle(size: rowSize))
    if !package.longDescription.isEmpty {
      text.append("\n" + package.longDescription, style: TextStyle(size: rowSize))
    }
    return ListRow(
      id: package.name, text: text, avatar: Avatars.avatar(name: package.name, key: package.name))
  }

  // MARK: - App page

  /// The package the app page shows: the one asked for, else the first whose description
  /// has several paragraphs and which depends on several packages.
  var pagePackage: DebianPackage? {
    if let name = options.package { return packages.first { $0.name == name } }
    return packages.first {
      $0.longDescription.count > 400 && ($0.depends?.split(separator: ",").count ?? 0) >= 4
    } ?? packages.max { $0.longDescription.count < $1.longDescription.count }
  }

  private func appPage() throws -> UnsafeMutablePointer<GtkWidget> {
    let page = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12, margin: 24)
    guard let package = pagePackage else {
      Gtk.append(Gtk.label("No package \(options.package ?? "") is installed."), to: page)
      return Gtk.scrolled(page)
    }
    Gtk.append(Gtk.label(package.name, classes: ["title-1"]), to: page)
    Gtk.append(Gtk.label(package.synopsis, classes: ["dim-label"]), to: page)

    Gtk.append(Gtk.label("Description", classes: ["heading"]), to: page)
    let description = try ExpandableTextWidget(
      model: ExpandableTextModel(
        text: StyledText(package.longDescription, style: TextStyle(size: Self.bodySize)),
        environment: ComponentEnvironment(width: 1)))
    if let opener = linkOpener() { description.openURL = opener }
    Gtk.append(description.widget, to: page)
    components.append(description)

    if let depends = package.depends {
      Gtk.append(Gtk.label("Depends on", classes: ["heading"]), to: page)
      let label = try ShowAllLabelWidget(
        text: StyledText(depends, style: TextStyle(size: Self.bodySize)), lineLimit: .lines(2))
      label.onShowAll = { [weak self] in self?.showDependencies(of: package) }
      Gtk.append(label.widget, to: page)
      components.append(label)
    }

    Gtk.append(Gtk.label("Information", classes: ["heading"]), to: page)
    var facts = "Version \(package.version)"
    if let section = package.section { facts += "\nSection \(section)" }
    if let size = package.installedSize {
      facts +=
        "\nInstalled size "
        + ByteCountFormatter.string(
          fromByteCount: Int64(size) * 1024, countStyle: .binary)
    }
    let information = try FullWidthTextWidget(
      text: StyledText(facts, style: TextStyle(size: Self.rowSize)), frameAlignment: .trailing,
      textAlignment: .leading)
    Gtk.append(information.widget, to: page)
    components.append(information)
    return Gtk.scrolled(page)
  }

  /// A window with every dependency of a package, one a line, centred.
  private func showDependencies(of package: DebianPackage) {
    let names = (package.depends ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard
      let text = try? FullWidthTextWidget(
        text: StyledText(names.joined(separator: "\n"), style: TextStyle(size: Self.bodySize)),
        frameAlignment: .center, textAlignment: .center)
    else { return }
    let dialog = gtk_window_new()!
    gtk_window_set_title(dialog.cast(to: GtkWindow.self), "\(package.name) depends on")
    gtk_window_set_transient_for(dialog.cast(to: GtkWindow.self), window.cast(to: GtkWindow.self))
    gtk_window_set_default_size(dialog.cast(to: GtkWindow.self), 420, 360)
    let box = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 0, margin: 24)
    Gtk.append(text.widget, to: box)
    gtk_window_set_child(dialog.cast(to: GtkWindow.self), Gtk.scrolled(box))
    dialogs.append(text)
    gtk_window_present(dialog.cast(to: GtkWindow.self))
  }

  // MARK: - Chat

  private func chatPage() throws -> UnsafeMutablePointer<GtkWidget> {
    let page = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 8, margin: 16)
    let thread = ChatThread(packages: packages)
    for (index, message) in thread.messages.enumerated() {
      let text = MarkdownParser.styledText(
        from: message.markdown, base: TextStyle(size: Self.bodySize))
      let bubble = try SpoilerTextWidget(text: text, seed: UInt64(index + 1))
      bubble.naturalWidthLimit = 440
      if let opener = linkOpener() { bubble.openURL = opener }
      let frame = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
      gtk_widget_add_css_class(frame, "bubble")
      gtk_widget_add_css_class(frame, message.isOutgoing ? "outgoing" : "incoming")
      Gtk.append(bubble.widget, to: frame)
      // A bubble hugs its text on one side of a row, the rest of the row empty. A row box
      // rather than the bubble's own alignment: a vertical box gives a start-aligned child the
      // height for the whole width, too short for the narrower text it then gets.
      let row = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
      let space = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
      gtk_widget_set_hexpand(space, 1)
      gtk_widget_set_size_request(space, 48, -1)
      Gtk.append(message.isOutgoing ? space : frame, to: row)
      Gtk.append(message.isOutgoing ? frame : space, to: row)
      Gtk.append(row, to: page)
      components.append(bubble)
    }
    return Gtk.scrolled(page)
  }

  /// The bubbles of the chat.
  static let styleSheet = """
    .bubble { border-radius: 18px; padding: 8px 14px; }
    .bubble.incoming { background-color: alpha(currentColor, 0.07); }
    .bubble.outgoing { background-color: alpha(@theme_selected_bg_color, 0.22); }
    """
}
