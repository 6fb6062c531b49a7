import Foundation

/// The demo's command line: `textreveal-gtk-demo [--page packages|app|chat] [--package NAME]
/// [--direction ltr|rtl] [--size WIDTHxHEIGHT] [--status-file PATH]`.
///
/// `TEXTREVEAL_GTK_URI_LOG`, when set, names a file to which clicked links are appended, one a
/// line, instead of being opened (so that a test sees them without a browser).
struct DemoOptions: Equatable {
  /// The page shown first.
  var page = DemoPage.packages
  /// The package of the app page; by default, the first with a long description.
  var package: String?
  /// Whether the interface runs right to left.
  var isRightToLeft = false
  /// The window's size in points.
  var size = (width: 960, height: 720)
  /// dpkg's status file.
  var statusFile = DebianStatusFile.defaultPath
  /// The file clicked links are written to instead of being opened.
  var uriLog: String?

  static func == (lhs: DemoOptions, rhs: DemoOptions) -> Bool {
    lhs.page == rhs.page && lhs.package == rhs.package && lhs.isRightToLeft == rhs.isRightToLeft
      && lhs.size == rhs.size && lhs.statusFile == rhs.statusFile && lhs.uriLog == rhs.uriLog
  }

  /// A bad command line: what was wrong with it.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads the arguments (without the program's name) and the environment.
  init(arguments: [String], environment: [String: String]) throws(UsageError) {
    var arguments = arguments[...]
    uriLog = environment["TEXTREVEAL_GTK_URI_LOG"].flatMap { $0.isEmpty ? nil : $0 }
    while let option = arguments.popFirst() {
      guard let value = arguments.popFirst() else {
        throw UsageError(description: "\(option) needs a value")
      }
      switch option {
      case "--page":
        guard let page = DemoPage(rawValue: value) else {
          throw UsageError(
            description: "--page is one of \(DemoPage.allCases.map(\.rawValue)), got \(value)")
        }
        self.page = page
      case "--package":
        package = value
      case "--direction":
        guard value == "ltr" || value == "rtl" else {
          throw UsageError(description: "--direction is ltr or rtl, got \(value)")
        }
        isRightToLeft = value == "rtl"
      case "--size":
        let parts = value.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else {
          throw UsageError(description: "--size is WIDTHxHEIGHT in points, got \(value)")
        }
        size = (parts[0], parts[1])
      case "--status-file":
        statusFile = value
      default:
        throw UsageError(description: "unknown option \(option)")
      }
    }
  }
}

/// The pages of the demo's window.
enum DemoPage: String, CaseIterable, Sendable {
  /// The installed packages, in an expanding list.
  case packages
  /// One package's page, with its expandable description.
  case app
  /// A chat thread with spoilers, Markdown and links.
  case chat

  /// The page's title in the window's switcher.
  var title: String {
    switch self {
    case .packages: "Packages"
    case .app: "App page"
    case .chat: "Chat"
    }
  }
}
