import NIOCore
import NIOHTTPTypes

/// Deadlines for one connection: each ``ConnectionPhase`` has its own, restarted when the
/// phase changes; a connection that overstays one is closed.
///
/// It sits after the HTTP decoder, where it sees whole request heads, bodies and ends, and the
/// answer's parts on their way out. A request head that is only partly sent produces no part
/// at all, so a ``ByteObserver`` at the front of the pipeline tells it when the first bytes of
/// a request arrive (the idle deadline then gives way to the header deadline). An answer is
/// read by the client when its last part has gone to the socket: a client that stops reading
/// fills the socket's buffers and the write deadline closes it, so a slow reader holds the
/// answer (shared with the image store) for at most that long.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let limits: PlaygroundLimits
  private let registry: ConnectionRegistry
  private var context: ChannelHandlerContext?
  private var timer: Scheduled<Void>?
  private var phase: ConnectionPhase?

  /// Request heads read, and answers whose last part has gone to the socket.
  private var requests = 0
  private var answers = 0
  private var isReadingBody = false
  private var isWriting = false
  /// Bytes of a new request arrived while idle.
  private var hasStartedRequest = false

  init(limits: PlaygroundLimits, registry: ConnectionRegistry) {
    self.limits = limits
    self.registry = registry
  }

  /// The handler for the front of the pipeline that reports raw bytes to this guard.
  func makeByteObserver() -> ByteObserver {
    ByteObserver(guard: self)
  }

  // MARK: - Events

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { update() }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    update()
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }

  /// Bytes arrived, before the HTTP decoder made anything of them.
  func bytesArrived() {
    guard phase == .idle else { return }
    hasStartedRequest = true
    update()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      requests += 1
      isReadingBody = true
      hasStartedRequest = false
    case .body:
      break
    case .end:
      isReadingBody = false
    }
    update()
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head:
      isWriting = true
      update()
      context.write(data, promise: promise)
    case .body:
      context.write(data, promise: promise)
    case .end:
      // The answer is read once its last part has been written to the socket.
      let written = promise ?? context.eventLoop.makePromise()
      written.futureResult.assumeIsolated().whenComplete { [self] _ in
        answers += 1
        isWriting = false
        update()
      }
      context.write(data, promise: written)
    }
  }

  // MARK: - Deadlines

  private func update() {
    let next: ConnectionPhase =
      if isReadingBody {
        .body
      } else if isWriting {
        .writing
      } else if requests > answers {
        .answering
      } else if hasStartedRequest {
        .head
      } else {
        .idle
      }
    guard next != phase, let context else { return }
    phase = next
    timer?.cancel()
    registry.update(context.channel, phase: next)
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(next.timeout(limits))) {
      [self] in
      expire(next)
    }
  }

  private func expire(_ expired: ConnectionPhase) {
    guard phase == expired, let context else { return }
    registry.recordTimeout(in: expired)
    context.close(promise: nil)
  }
}

extension ConnectionGuard {
  /// Reports to its guard that bytes arrived: the first handler of the pipeline, before the
  /// HTTP decoder turns bytes into request parts.
  final class ByteObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private weak var owner: ConnectionGuard?

    init(guard owner: ConnectionGuard) {
      self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      owner?.bytesArrived()
      context.fireChannelRead(data)
    }
  }
}
