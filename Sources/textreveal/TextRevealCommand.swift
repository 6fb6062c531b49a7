import ArgumentParser
import Foundation

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
      // Each option once: swift-argument-parser is quadratic in an option's occurrences.
      let arguments = RepeatedOptions.rewrite(
        Array(CommandLine.arguments.dropFirst()), options: RepeatedOptions.options(of: Self.self))
      var command = try parseAsRoot(arguments)
      if var joined = command as? any JoinedRepeatingOptions {
        joined.splitJoinedValues()
        do {
          try joined.validate()
        } catch {
          // The subcommand's message, named as the root's would name it.
          let name = type(of: joined).configuration.commandName ?? ""
          let root = configuration.commandName ?? "textreveal"
          Console.warn(
            type(of: joined).fullMessage(for: error)
              .replacingOccurrences(of: "Usage: \(name) ", with: "Usage: \(root) \(name) ")
              .replacingOccurrences(of: "'\(name) --help'", with: "'\(root) \(name) --help'"))
          exit(withError: ExitCode.failure)
        }
        command = joined
      }
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
