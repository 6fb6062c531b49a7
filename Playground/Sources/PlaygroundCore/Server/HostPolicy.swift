import Foundation
import NIOConcurrencyHelpers

/// Which `Host` headers name this server: a defence against DNS rebinding, where a page of
/// another site points its own name at 127.0.0.1 and reads the answers as same-origin.
///
/// A request's host must be an IP address the server is bound to (any address when bound to
/// all of them), `localhost` when bound to a loopback or every address, or a name given with
/// `--allowed-host`; its port, when it names one, must be the server's. A rebinding page can
/// only send its own name, which none of these is.
public struct HostPolicy: Sendable {
  /// The address the server listens on, as given.
  public let boundHost: String
  /// More names the server answers to, lowercase.
  public let allowedNames: Set<String>
  private let port = NIOLockedValueBox<Int?>(nil)

  /// A policy for a server bound to an address.
  ///
  /// - Parameters:
  ///   - boundHost: The address the server listens on (`127.0.0.1`, `::1`, `0.0.0.0`, a name).
  ///   - allowedNames: More host names to answer to (a name in a local DNS, a proxy's).
  public init(boundHost: String, allowedNames: [String] = []) {
    self.boundHost = boundHost
    self.allowedNames = Set(allowedNames.map { $0.lowercased() })
  }

  /// Records the port the server is listening on, once it is known (port 0 picks one).
  func setPort(_ port: Int) {
    self.port.withLockedValue { $0 = port }
  }

  /// Why a `Host` header does not name this server, or `nil` when it does.
  func refusal(for authority: String?) -> PlaygroundError? {
    guard let authority, !authority.isEmpty else {
      return PlaygroundError(status: 400, "the request has no Host header")
    }
    guard let (name, requestPort) = Self.split(authority) else {
      return PlaygroundError(
        status: 421, "the Host header \(PlaygroundError.quote(authority)) is not a host")
    }
    if let requestPort, let port = port.withLockedValue({ $0 }), requestPort != port {
      return PlaygroundError(
        status: 421,
        "the Host header names port \(requestPort); this server listens on port \(port)")
    }
    guard allows(name.lowercased()) else {
      return PlaygroundError(
        status: 421,
        "the Host header names \(PlaygroundError.quote(name)), not this server, which answers"
          + " the addresses it listens on (\(PlaygroundError.quote(boundHost))), localhost on a"
          + " loopback, and the names given with --allowed-host")
    }
    return nil
  }

  private func allows(_ name: String) -> Bool {
    if allowedNames.contains(name) || name == boundHost.lowercased() { return true }
    let bound = Self.address(boundHost)
    let isWildcard = bound.map { $0.allSatisfy { $0 == 0 } } ?? false
    let isLoopback = boundHost.lowercased() == "localhost" || bound.map(Self.isLoopback) ?? false
    if name == "localhost" { return isLoopback || isWildcard }
    guard let address = Self.address(name) else { return false }
    if isWildcard { return true }
    if boundHost.lowercased() == "localhost" { return Self.isLoopback(address) }
    return address == bound
  }

  /// The name and the port of a `Host` header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`).
  static func split(_ authority: String) -> (name: String, port: Int?)? {
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      let name = String(authority[authority.index(after: authority.startIndex)..<close])
      let rest = authority[authority.index(after: close)...]
      if rest.isEmpty { return (name, nil) }
      guard rest.first == ":", let port = Int(rest.dropFirst()), (1...65535).contains(port)
      else { return nil }
      return (name, port)
    }
    let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      return (authority, nil)
    case 2:
      guard let port = Int(parts[1]), (1...65535).contains(port), !parts[0].isEmpty else {
        return nil
      }
      return (String(parts[0]), port)
    default:
      return nil
    }
  }

  /// The bytes of an IPv4 or IPv6 address written as text, or `nil` for a name.
  static func address(_ text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return withUnsafeBytes(of: &v4) { Array($0) }
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { Array($0) }
    }
    return nil
  }

  private static func isLoopback(_ address: [UInt8]) -> Bool {
    address.count == 4 ? address[0] == 127 : address == Array(repeating: 0, count: 15) + [1]
  }
}
