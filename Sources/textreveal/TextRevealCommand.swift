import ArgumentParser

/// The `textreveal` command-line tool.
@main
struct TextRevealCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "textreveal",
    abstract: "Measure and lay out text that shows part of itself and reveals the rest.",
    subcommands: [
      MeasureCommand.self, RenderCommand.self, RenderListCommand.self, DemoCommand.self,
    ]
  )
}
