import Foundation
@_spi(Backend) import TextLayout

/// The playground's request handling: routes, checks every request, keeps the sessions, and
/// answers with the components drawn by the library.
///
/// An actor, so that one request at a time touches the sessions and the renderers (whose glyph
/// caches are not thread-safe). It knows nothing of HTTP servers: ``PlaygroundServer`` feeds
/// it requests, and the tests call ``handle(_:)`` directly.
///
/// ```swift
/// let service = try PlaygroundService()
/// let answer = await service.handle(PlaygroundRequest(method: "GET", path: "/api/state"))
/// ```
public actor PlaygroundService {
  /// The largest request body read, in bytes.
  public static let maximumBodyBytes = 256 * 1024

  private let assets: StaticAssets
  private var sessions: SessionStore<PlaygroundSession>
  private var typesetters: [String: Typesetter] = [:]
  private let clock: @Sendable () -> ContinuousClock.Instant

  /// Creates the service.
  ///
  /// - Parameters:
  ///   - sessions: The sessions' bounds.
  ///   - clock: The time, for the sessions' idle limit.
  /// - Throws: ``PlaygroundError`` when the page's files are missing from the build.
  public init(
    sessions: SessionStore<PlaygroundSession> = SessionStore(),
    clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) throws(PlaygroundError) {
    assets = try StaticAssets.bundled()
    self.sessions = sessions
    self.clock = clock
  }

  /// How many sessions are kept.
  public var sessionCount: Int { sessions.count }

  /// Answers a request. Never throws: a bad request gets a 4xx answer and changes nothing.
  public func handle(_ request: PlaygroundRequest) -> PlaygroundResponse {
    do {
      return try route(request)
    } catch {
      return .refusal(error)
    }
  }

  private func route(_ request: PlaygroundRequest) throws(PlaygroundError) -> PlaygroundResponse {
    guard request.body.count <= Self.maximumBodyBytes else {
      throw .tooLarge(limit: Self.maximumBodyBytes)
    }
    let api: [String: String] = [
      "/api/state": "GET", "/api/settings": "POST", "/api/tap": "POST", "/api/action": "POST",
      "/healthz": "GET",
    ]
    if let asset = assets.files[request.path] {
      guard request.method == "GET" || request.method == "HEAD" else {
        throw PlaygroundError(status: 405, "\(request.path) answers GET only")
      }
      return PlaygroundResponse(status: 200, contentType: asset.contentType, body: asset.body)
    }
    guard let method = api[request.path] else {
      throw PlaygroundError(status: 404, "no such page: \(request.path.prefix(100))")
    }
    guard request.method == method else {
      throw PlaygroundError(status: 405, "\(request.path) answers \(method) only")
    }
    switch request.path {
    case "/healthz":
      return PlaygroundResponse(status: 200, contentType: "text/plain", body: Array("ok\n".utf8))
    case "/api/state":
      let (id, session) = try session(for: request, creating: true)
      return try answer(id: id, session: session, components: Component.allCases)
    case "/api/settings":
      let object = try JSONValue.object(from: request.body)
      var (id, session) = try session(for: request, creating: false)
      // A new language needs its stack; made before anything changes, so a failure changes
      // nothing.
      try session.applySettings(object)
      _ = try typesetter(for: session.settings.language)
      return try answer(id: id, session: session, components: Component.allCases)
    case "/api/tap":
      return try tap(request)
    default:
      return try action(request)
    }
  }

  // MARK: - Requests

  private func tap(_ request: PlaygroundRequest) throws(PlaygroundError) -> PlaygroundResponse {
    var fields = RequestFields(try JSONValue.object(from: request.body))
    let component = try component(&fields)
    guard let x = try fields.number("x"), let y = try fields.number("y") else {
      throw PlaygroundError("a tap needs \"x\" and \"y\", in points from the component's corner")
    }
    try fields.finish()
    guard abs(x) <= 100_000, abs(y) <= 100_000 else {
      throw PlaygroundError("the point (\(x), \(y)) is absurdly far from any component")
    }
    var (id, session) = try session(for: request, creating: false)
    let scene = PlaygroundScene(typesetter: try typesetter(for: session.settings.language))
    let result = scene.tap(at: CGPoint(x: x, y: y), on: component, session: &session)
    var tap = StateAnswer.Tap(
      component: component.rawValue, action: result.action, changed: result.action != "none")
    if result.action.hasPrefix("link ") { tap.changed = false }
    return answer(
      id: id, session: session, views: [component.rawValue: result.view], tap: tap)
  }

  private func action(_ request: PlaygroundRequest) throws(PlaygroundError) -> PlaygroundResponse {
    var fields = RequestFields(try JSONValue.object(from: request.body))
    let component = try component(&fields)
    let name = try fields.string("action") ?? ""
    try fields.finish()
    var (id, session) = try session(for: request, creating: false)
    switch (component, name) {
    case (.list, _):
      guard let action = PlaygroundSession.ListAction(rawValue: name) else {
        throw PlaygroundError("the list's actions are insert, remove and reset; got \"\(name)\"")
      }
      session.performListAction(action)
    case (.detector, "reset"):
      session.showsAll = false
      session.version += 1
    case (.expandable, "reset"):
      session.isExpanded = false
      session.version += 1
    default:
      throw PlaygroundError("\(component.rawValue) has no action \"\(name.prefix(40))\"")
    }
    return try answer(id: id, session: session, components: [component])
  }

  private func component(_ fields: inout RequestFields) throws(PlaygroundError) -> Component {
    guard let name = try fields.string("component") else {
      throw PlaygroundError("the request needs \"component\"")
    }
    guard let component = Component(rawValue: name) else {
      throw PlaygroundError(
        "unknown component \"\(name.prefix(40))\"; the components are "
          + Component.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return component
  }

  // MARK: - Sessions and answers

  private func session(
    for request: PlaygroundRequest, creating: Bool
  ) throws(PlaygroundError) -> (String, PlaygroundSession) {
    let now = clock()
    guard let id = request.session, !id.isEmpty else {
      guard creating else {
        throw PlaygroundError("the request needs the \(PlaygroundRequest.sessionHeader) header")
      }
      let session = PlaygroundSession()
      return (sessions.insert(session, now: now), session)
    }
    guard SessionStore<PlaygroundSession>.isWellFormed(id) else {
      throw PlaygroundError("\(PlaygroundRequest.sessionHeader) is not a session id")
    }
    if let session = sessions[id, now: now] { return (id, session) }
    guard creating else {
      throw PlaygroundError(status: 404, "no session \(id): it expired; reload the page")
    }
    let session = PlaygroundSession()
    return (sessions.insert(session, now: now), session)
  }

  private func typesetter(for language: String) throws(PlaygroundError) -> Typesetter {
    if let typesetter = typesetters[language] { return typesetter }
    let typesetter = try Typesetter(language: language)
    typesetters[language] = typesetter
    return typesetter
  }

  private func answer(
    id: String, session: PlaygroundSession, components: [Component]
  ) throws(PlaygroundError) -> PlaygroundResponse {
    var session = session
    let scene = PlaygroundScene(typesetter: try typesetter(for: session.settings.language))
    var views: [String: ComponentView] = [:]
    for component in components {
      views[component.rawValue] = scene.view(of: component, session: &session)
    }
    return answer(id: id, session: session, views: views, tap: nil)
  }

  private func answer(
    id: String, session: PlaygroundSession, views: [String: ComponentView],
    tap: StateAnswer.Tap?
  ) -> PlaygroundResponse {
    sessions[id, now: clock()] = session
    return .json(
      StateAnswer(
        session: id, version: session.version, settings: session.settings, padding: 16,
        scale: 2, components: views, tap: tap))
  }
}
