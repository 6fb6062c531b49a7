import Foundation
import NIOCore
@_spi(Backend) import TextLayout

/// The playground's request handling, without HTTP: sessions, drawing and answers.
///
/// Each request that draws checks its session out of the ``SessionHub`` (waiting for the
/// session's earlier requests), draws on a ``DrawingPool`` thread within a ``PixelBudget``,
/// stores the images it drew and checks the new state in; a refused request changes nothing.
/// ``PlaygroundServer`` routes HTTP requests to these methods.
///
/// ```swift
/// let service = try PlaygroundService()
/// let (id, answer) = try await service.createSession()
/// ```
public struct PlaygroundService: Sendable {
  /// What the service bounds.
  package let limits: PlaygroundLimits
  /// The threads that draw.
  package let pool: DrawingPool
  let hub: SessionHub
  let assets: StaticAssets
  /// The frames and stills drawn after the taps' answers, until the pages take them.
  package let relay: FrameRelay

  /// Creates the service and starts its drawing threads.
  ///
  /// - Parameters:
  ///   - limits: What the service bounds.
  ///   - clock: The time, for the sessions' idle limit and creation rate.
  /// - Throws: ``PlaygroundError`` when the page's files are missing from the build.
  public init(
    limits: PlaygroundLimits = PlaygroundLimits(),
    clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) throws(PlaygroundError) {
    self.limits = limits
    assets = try StaticAssets.bundled()
    pool = DrawingPool(limits: limits)
    hub = SessionHub(limits: limits, clock: clock)
    relay = FrameRelay(limits: limits)
  }

  /// How many sessions are kept.
  package var sessionCount: Int {
    get async { await hub.sessionCount }
  }

  /// The bytes of images kept for the pages to load.
  package var imageBytes: Int {
    get async { await hub.imageBytes }
  }

  // MARK: - Requests

  /// Creates a session and draws every component in its first state.
  ///
  /// - Parameter change: Settings the session starts with (the page sends its scale).
  /// - Returns: The new session's id and the state answer, as JSON.
  /// - Throws: ``PlaygroundError`` 503 when sessions are made too fast, every session is in
  ///   use, or the drawing queue is full; 4xx for a bad setting, and then no session is made.
  package func createSession(
    _ change: SettingsChange = SettingsChange()
  ) async throws(PlaygroundError) -> (id: String, answer: PlaygroundAnswer) {
    // Checked before the session is made: a refused change makes no session.
    var first = PlaygroundSession()
    try first.applySettings(change, limits: limits)
    try PlaygroundScene.checkMarkup(first.settings, limits: limits)
    var lease = try await hub.create()
    lease.session.settings = first.settings
    let answer = try await draw(lease, kind: SessionHub.creation) {
      session, worker, budget throws(PlaygroundError) in
      let scene = try Self.scene(for: session, worker: &worker, budget: budget)
      return (scene.views(of: Component.allCases, session: &session), nil)
    }
    return (lease.id, answer)
  }

  /// Draws every component of a session in its current state.
  package func state(session id: String) async throws(PlaygroundError) -> PlaygroundAnswer {
    let lease = try await hub.checkOut(id, kind: "all")
    return try await draw(lease, kind: "all") { session, worker, budget throws(PlaygroundError) in
      let scene = try Self.scene(for: session, worker: &worker, budget: budget)
      return (scene.views(of: Component.allCases, session: &session), nil)
    }
  }

  /// Changes a session's settings, all or none, and draws every component again.
  ///
  /// - Throws: ``PlaygroundError`` for a bad field or a text over its budget; the session is
  ///   then unchanged.
  package func changeSettings(
    session id: String, _ change: SettingsChange
  ) async throws(PlaygroundError) -> PlaygroundAnswer {
    var lease = try await hub.checkOut(id, kind: "all")
    let limits = self.limits
    // Refused before drawing when it can be: the checks read the request, not the fonts, so a
    // client sending bad settings in a loop never takes a drawing thread.
    do {
      try lease.session.applySettings(change, limits: limits)
      try PlaygroundScene.checkMarkup(lease.session.settings, limits: limits)
    } catch {
      await hub.checkIn(id, kind: "all", session: nil)
      throw error
    }
    return try await draw(lease, kind: "all") { session, worker, budget throws(PlaygroundError) in
      let scene = try Self.scene(for: session, worker: &worker, budget: budget)
      try scene.checkSpoilers(session.settings, limits: limits)
      return (scene.views(of: Component.allCases, session: &session), nil)
    }
  }

  /// Hit-tests a tap with the component's model and performs what it hits.
  ///
  /// - Returns: The answer with the tap's action and the tapped component drawn, with the
  ///   animation of the change.
  /// - Throws: ``PlaygroundError`` when the component cannot be drawn after the tap (422);
  ///   the session is then unchanged.
  func tap(
    session id: String, _ request: TapRequest
  ) async throws(PlaygroundError) -> PlaygroundAnswer {
    let kind = "tap \(request.component.rawValue)"
    let lease = try await hub.checkOut(id, kind: kind)
    let answer = try await draw(lease, kind: kind) {
      session, worker, budget throws(PlaygroundError) in
      let scene = try Self.scene(for: session, worker: &worker, budget: budget)
      let result = try scene.tap(
        at: CGPoint(x: request.x, y: request.y), on: request.component, session: &session)
      let tap = StateAnswer.Tap(
        component: request.component.rawValue, action: result.action,
        changed: result.action != "none" && !result.action.hasPrefix("link "), link: result.link)
      return ([request.component.rawValue: result.view], tap)
    }
    guard request.framesFollow,
      let taken = answer.streams.first.flatMap({ relay.take(session: id, number: $0) })
    else { return answer }
    var followed = answer
    followed.frames = taken
    // The answer waits for the first frame, briefly: sent together, the page draws the frame
    // with the answer, before the browser's next paint (on a software-drawn page at 2x, a
    // frame sent a few milliseconds after the answer waited for that paint, 20-25 ms).
    let deadline = ContinuousClock.now + limits.firstFrameWait
    while !taken.sink.hasFirstFrame, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .microseconds(250))
    }
    return followed
  }

  /// Performs a button's action and draws its component again.
  ///
  /// - Throws: ``PlaygroundError`` for an unknown action, or 409 for an insertion into a full
  ///   list; the session is then unchanged.
  func act(
    session id: String, _ request: ActionRequest
  ) async throws(PlaygroundError) -> PlaygroundAnswer {
    let kind = "action \(request.component.rawValue)"
    var lease = try await hub.checkOut(id, kind: kind)
    // Refused before drawing: an action changes the session without laying anything out.
    do {
      try Self.perform(request, on: &lease.session, limits: limits)
    } catch {
      await hub.checkIn(id, kind: kind, session: nil)
      throw error
    }
    return try await draw(lease, kind: kind) { session, worker, budget throws(PlaygroundError) in
      let scene = try Self.scene(for: session, worker: &worker, budget: budget)
      return (scene.views(of: [request.component], session: &session), nil)
    }
  }

  /// An image an answer named.
  ///
  /// - Parameters:
  ///   - id: The session's id.
  ///   - number: The image's number in the session.
  /// - Throws: ``PlaygroundError`` 404 when the image is no longer kept.
  package func image(session id: String, number: Int) async throws(PlaygroundError) -> ByteBuffer {
    guard SessionStore<Int>.isWellFormed(id) else {
      throw PlaygroundError("\(PlaygroundError.quote(id)) is not a session id")
    }
    // A tap's still is drawn after its answer: a request for it waits until it is.
    if let drawn = await relay.still(session: id, number: number) {
      guard let drawn else {
        throw PlaygroundError(status: 404, "image \(number) could not be drawn")
      }
      return drawn
    }
    guard let image = await hub.image(session: id, number: number) else {
      throw PlaygroundError(status: 404, "image \(number) is no longer kept; reload the page")
    }
    return image
  }

  /// The frames of a tap's animation, as the drawing thread draws them (see ``FrameSink``).
  ///
  /// - Throws: ``PlaygroundError`` 404 when the stream was already read, or dropped after
  ///   waiting too long for its page.
  package func frames(
    session id: String, number: Int
  ) throws(PlaygroundError) -> (frames: AsyncStream<ByteBuffer>, sink: FrameSink) {
    guard SessionStore<Int>.isWellFormed(id) else {
      throw PlaygroundError("\(PlaygroundError.quote(id)) is not a session id")
    }
    guard let taken = relay.take(session: id, number: number) else {
      throw PlaygroundError(status: 404, "animation \(number) is gone; the still shows its end")
    }
    return taken
  }

  // MARK: - Drawing an answer

  /// What a drawing job does to a checked-out session: the views to send and the tap's
  /// result.
  typealias Drawing =
    @Sendable (inout PlaygroundSession, inout DrawingWorker, PixelBudget) throws(PlaygroundError)
    -> (views: [String: ComponentView], tap: StateAnswer.Tap?)

  /// What a job hands back from its thread.
  private struct Drawn: Sendable {
    var outcome:
      Result<
        (session: PlaygroundSession, images: [StoredImage], json: ByteBuffer, streams: [Int]),
        PlaygroundError
      >
    /// The processor time of the drawing.
    var elapsed: Duration
    /// When the drawing began and ended, by the clock.
    var began: ContinuousClock.Instant
    var ended: ContinuousClock.Instant
  }

  private struct StoredImage: Sendable {
    var number: Int
    var bytes: ByteBuffer
  }

  /// Runs a drawing on the pool, stores its images, checks the session in and answers.
  private func draw(
    _ lease: SessionHub.Lease, kind: String, _ drawing: @escaping Drawing
  ) async throws(PlaygroundError) -> PlaygroundAnswer {
    let limits = self.limits
    let submitted = ContinuousClock.now
    let drawn: Drawn
    do {
      let (hub, relay) = (self.hub, self.relay)
      drawn = try await pool.run(
        kind: kind, estimate: lease.estimate, usage: lease.usage,
        followedBy: { worker in
          let began = ContinuousClock.now
          let start = DrawingPool.threadTime()
          var later: [Later] = []
          let outcome = Result { () throws(PlaygroundError) in
            var session = lease.session
            let budget = PixelBudget(limits: limits)
            let (views, tap) = try drawing(&session, &worker, budget)
            let answer = Self.answer(
              id: lease.id, session: session, views: views, tap: tap, budget: budget,
              relay: relay, limits: limits)
            later = answer.later
            return (
              session: answer.session, images: answer.images, json: answer.json,
              streams: answer.later.compactMap(\.stream)
            )
          }
          let drawn = Drawn(
            outcome: outcome, elapsed: DrawingPool.threadTime() - start, began: began,
            ended: .now)
          guard !later.isEmpty else { return (drawn, nil) }
          let pending = later
          return (
            drawn,
            { _ in
              Self.drawLater(pending, session: lease.id, kind: kind, hub: hub, relay: relay)
            }
          )
        })
    } catch {
      await hub.checkIn(lease.id, kind: kind, session: nil)
      throw error
    }
    switch drawn.outcome {
    case .success(let answer):
      await hub.checkIn(
        lease.id, kind: kind, session: answer.session,
        images: answer.images.map { ($0.number, $0.bytes) }, elapsed: drawn.elapsed)
      return PlaygroundAnswer(
        json: answer.json, waited: drawn.began - submitted, drawing: drawn.ended - drawn.began,
        processor: drawn.elapsed, streams: answer.streams)
    case .failure(let error):
      await hub.checkIn(lease.id, kind: kind, session: nil, elapsed: drawn.elapsed)
      throw error
    }
  }

  /// What a tap left to draw after its answer: the frames and the still, and where they go.
  private struct Later: @unchecked Sendable {
    var job: FrameJob
    var sink: FrameSink
    var still: Int
    /// The number of the frames' stream, when the change animates.
    var stream: Int?
    var budget: PixelBudget
  }

  /// Numbers the views' images, names their URLs and encodes the answer.
  ///
  /// A view whose still is drawn after the answer (a tap's) gets the numbers of its still and
  /// frame stream now, and the relay expects them, before the answer leaves.
  private static func answer(
    id: String, session: PlaygroundSession, views: [String: ComponentView],
    tap: StateAnswer.Tap?, budget: PixelBudget, relay: FrameRelay, limits: PlaygroundLimits
  ) -> (
    session: PlaygroundSession, images: [StoredImage], json: ByteBuffer, later: [Later]
  ) {
    var session = session
    var views = views
    var images: [StoredImage] = []
    var later: [Later] = []
    func store(_ png: [UInt8]) -> String {
      let number = session.nextImage
      session.nextImage += 1
      images.append(StoredImage(number: number, bytes: ByteBuffer(bytes: png)))
      return "/api/session/\(id)/image/\(number).png"
    }
    for name in views.keys.sorted() {
      guard var view = views[name] else { continue }
      if let job = view.frames {
        let still = session.nextImage
        session.nextImage += 1
        relay.expectStill(session: id, number: still)
        view.still = "/api/session/\(id)/image/\(still).png"
        var sink = FrameSink.none
        var stream: Int?
        if job.animates {
          let number = session.nextImage
          session.nextImage += 1
          sink = relay.open(session: id, number: number)
          view.animation = "/api/session/\(id)/frames/\(number)"
          stream = number
        } else {
          view.animationMilliseconds = nil
        }
        later.append(Later(job: job, sink: sink, still: still, stream: stream, budget: budget))
      }
      if let png = view.stillPNG {
        if budget.allowsBytes(png.count) {
          view.still = store(png)
        } else {
          view.error = "the image is \(png.count >> 20) MB as PNG, more than the playground sends"
        }
      }
      view.stillPNG = nil
      view.frames = nil
      views[name] = view
    }
    let answer = StateAnswer(
      session: id, version: session.version, settings: session.settings, padding: 16,
      scale: session.settings.scale, components: views, tap: tap)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(answer)).map { ByteBuffer(bytes: $0) }
    return (
      session, images,
      json ?? ByteBuffer(string: #"{"error":"the answer could not be encoded"}"#), later
    )
  }

  /// Draws what the answer left for later, on the thread that answered: the frames into their
  /// streams and the stills into the relay, then into the image store. The processor time is
  /// charged to the session like its answer's, so a session that taps without pause is served
  /// after the others all the same.
  private static func drawLater(
    _ later: [Later], session id: String, kind: String, hub: SessionHub, relay: FrameRelay
  ) {
    let start = DrawingPool.threadTime()
    var stills: [(number: Int, bytes: ByteBuffer)] = []
    for item in later {
      let png = try? item.job.draw(item.sink)
      relay.finished(item.sink, session: id)
      let bytes = png.flatMap { item.budget.allowsBytes($0.count) ? ByteBuffer(bytes: $0) : nil }
      relay.drawStill(session: id, number: item.still, bytes)
      if let bytes { stills.append((item.still, bytes)) }
    }
    let elapsed = DrawingPool.threadTime() - start
    Task {
      await hub.drewLater(id, kind: kind, images: stills, elapsed: elapsed)
      for still in later { relay.forgetStill(session: id, number: still.still) }
    }
  }

  /// The scene that draws a session: its language's typesetter, at its scale.
  private static func scene(
    for session: PlaygroundSession, worker: inout DrawingWorker, budget: PixelBudget
  ) throws(PlaygroundError) -> PlaygroundScene {
    PlaygroundScene(
      typesetter: try worker.typesetter(for: session.settings.language), budget: budget,
      scale: session.settings.rasterScale)
  }

  /// Performs a button's action on a session.
  private static func perform(
    _ request: ActionRequest, on session: inout PlaygroundSession, limits: PlaygroundLimits
  ) throws(PlaygroundError) {
    switch (request.component, request.action) {
    case (.list, let name):
      guard let action = PlaygroundSession.ListAction(rawValue: name) else {
        throw PlaygroundError(
          "the list's actions are insert, remove and reset; got \(PlaygroundError.quote(name))")
      }
      try session.performListAction(action, limits: limits)
    case (.detector, "reset"):
      session.showsAll = false
      session.version += 1
    case (.expandable, "reset"):
      session.isExpanded = false
      session.version += 1
    default:
      throw PlaygroundError(
        "\(request.component.rawValue) has no action \(PlaygroundError.quote(request.action))")
    }
  }
}
