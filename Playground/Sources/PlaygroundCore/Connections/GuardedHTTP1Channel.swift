import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel with a ``ConnectionGuard``: the same pipeline as
/// `HTTP1Channel` (SwiftNIO's HTTP/1 server handlers and the HTTP types codec, then
/// Hummingbird's request loop), plus the guard's deadlines and the ``ConnectionRegistry``'s
/// limit, which `HTTP1Channel.Configuration` has no place for: its `additionalChannelHandlers`
/// come after the decoder, and the guard also needs the raw bytes before it.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  let responder: HTTPChannelHandler.Responder
  let limits: PlaygroundLimits
  let registry: ConnectionRegistry

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      let admitted = registry.admit(channel)
      // Each write goes out at once: a tap's frames follow its answer in the same response, a
      // few milliseconds apart, and Nagle's algorithm held the first frame back until the
      // browser acknowledged the answer (a delayed acknowledgement: 25-40 ms).
      try channel.syncOptions?.setOption(.tcpOption(.tcp_nodelay), value: 1)
      let connectionGuard = ConnectionGuard(limits: limits, registry: registry)
      let operations = channel.pipeline.syncOperations
      try operations.addHandler(connectionGuard.makeByteObserver())
      var decoderLimits = NIOHTTPDecoderLimitConfiguration()
      // A request head is a few hundred bytes; 16 KB is plenty and bounds what a stalled
      // head can hold.
      decoderLimits.maxHeaderListSize = 16 * 1024
      decoderLimits.maxHeaderFieldSize = 8 * 1024
      decoderLimits.maxHeaderFieldCount = 100
      try operations.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false,
        withOutboundHeaderValidation: false, withEncoderConfiguration: .init(),
        withDecoderLimitConfiguration: decoderLimits)
      try operations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try operations.addHandler(connectionGuard)
      let value = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true))
      if !admitted { channel.close(promise: nil) }
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: value, logger: logger)
  }
}
