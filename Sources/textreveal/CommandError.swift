import ArgumentParser
import Foundation

/// A failure of a command, printed as `Error: <message>` with exit status 1.
struct CommandError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }
}
