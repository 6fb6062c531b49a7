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

  /// Runs the command. Every failure exits with status 1 and a message naming the problem:
  /// bad arguments too, which ArgumentParser would otherwise report with status 64.
  static func main() {
    do {
      var command = try parseAsRoot()
      ImageOutput.prepare(for: command)
      try command.run()
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      Console.warn(fullMessage(for: error))
      exit(withError: ExitCode.failure)
    }
  }
}
