import Foundation

/// A TCP connection driven byte by byte, for what a well-behaved HTTP client never does: send
/// half a request, stop, never read. It says when the server closed it.
final class RawConnection {
  private let socket: Int32

  /// Connects to the server's port on the loopback, over IPv4 or IPv6 (whichever `localhost`
  /// names and the server listens on).
  init(port: Int) throws {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo("localhost", String(port), &hints, &list) == 0, let list else {
      throw RawConnectionError("localhost does not resolve")
    }
    defer { freeaddrinfo(list) }
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let current = entry {
      let candidate = Foundation.socket(current.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
      if candidate >= 0,
        connect(candidate, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0
      {
        socket = candidate
        return
      }
      if candidate >= 0 { close(candidate) }
      entry = current.pointee.ai_next
    }
    throw RawConnectionError("no connection to localhost:\(port)")
  }

  deinit {
    close(socket)
  }

  /// Sends bytes as they are.
  func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    let sent = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, 0) }
    guard sent == bytes.count else { throw RawConnectionError("send failed") }
  }

  /// Reads until the server closes the connection or `timeout` passes, and says how long it
  /// took and what came.
  func waitForClose(timeout: Duration) -> (closed: Bool, after: Duration, received: [UInt8]) {
    let start = ContinuousClock.now
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while start.duration(to: .now) < timeout {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 20)
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return (true, start.duration(to: .now), received) }
      received += buffer[0..<count]
    }
    return (false, timeout, received)
  }
}

struct RawConnectionError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
