import CGtk
import Foundation

// The demo: `make gtk-demo`. See DemoOptions for the command line.
do {
  let options = try DemoOptions(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment)
  gtk_init()
  if options.isRightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
  let packages = try DebianStatusFile.installedPackages(atPath: options.statusFile)
  let window = try DemoWindow(options: options, packages: packages)
  window.present()
  while !window.isClosed {
    g_main_context_iteration(nil, 1)
  }
} catch {
  FileHandle.standardError.write(Data("textreveal-gtk-demo: \(error)\n".utf8))
  exit(1)
}
