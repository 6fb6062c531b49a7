/// Why the benchmarks cannot run.
enum BenchError: Error, CustomStringConvertible {
  /// The command line is wrong.
  case usage(String)
  /// The corpus file cannot be read or has too little text.
  case corpus(path: String, reason: String)
  /// An engine is not set up as the comparison needs.
  case setup(String)
  /// A memory measurement child process failed.
  case child(command: String, reason: String)

  var description: String {
    switch self {
    case .usage(let message): message
    case .corpus(let path, let reason): "corpus \(path): \(reason)"
    case .setup(let message): message
    case .child(let command, let reason): "\(command): \(reason)"
    }
  }
}
