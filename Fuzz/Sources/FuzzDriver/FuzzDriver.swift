/// Runs libFuzzer with a test function, as the `main` of a fuzz target.
///
/// SwiftPM renames an executable's `main` (so that tests can link it), which hides libFuzzer's
/// own: each target's `main.swift` calls ``run(_:)`` instead, and defines
/// `LLVMFuzzerTestOneInput`, which libFuzzer's runtime also links against.
public enum FuzzDriver {
  /// A test function: the input's bytes; returns 0 (or -1 to keep the input out of the corpus).
  public typealias TestFunction = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Hands the process's arguments to libFuzzer and returns its exit status.
  public static func run(_ test: TestFunction) -> CInt {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return runDriver(&argc, &argv, test)
  }

  /// The input as a buffer (libFuzzer may pass a null pointer for an empty input).
  public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
  }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ test: FuzzDriver.TestFunction
) -> CInt
