import Foundation

extension PlaygroundLimits {
  /// The limits for this process: the open-file limit raised to its hard maximum, and the
  /// connection limit kept under it with room for the fonts and the listening socket, so that
  /// the server closes connections itself before the system refuses to accept them.
  ///
  /// Past the open-file limit, accepting fails for every client until a connection closes; a
  /// connection limit under it makes room by closing a stalled connection instead
  /// (``ConnectionRegistry``).
  public static func forThisProcess() -> PlaygroundLimits {
    var limits = PlaygroundLimits()
    var files = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    guard getrlimit(resource, &files) == 0 else { return limits }
    if files.rlim_cur < files.rlim_max {
      var raised = files
      raised.rlim_cur = files.rlim_max
      if setrlimit(resource, &raised) == 0 { files = raised }
    }
    let available = Int(clamping: files.rlim_cur)
    limits.connections = max(16, min(limits.connections, available - reservedFiles))
    return limits
  }

  /// Files kept free for the server's own use: fonts, the listening socket, the log.
  static let reservedFiles = 128
}
