import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal

extension PlaygroundScene {
  /// The detector's line limit: a short blurb of 2 lines.
  static let detectorLineLimit = 2

  /// The session's detector, asked whether the text is cut at the session's width, text and
  /// type size; the answers that changed are kept.
  private func updatedDetector(
    _ session: inout PlaygroundSession
  ) throws(PlaygroundError) -> TruncationDetector {
    let settings = session.settings
    var detector =
      session.detector
      ?? TruncationDetector(
        text: userText(settings), environment: settings.environment(width: settings.width),
        lineLimit: .lines(Self.detectorLineLimit))
    detector.text = userText(settings)
    detector.environment = settings.environment(width: settings.width)
    detector.environment.reducesMotion = true
    detector.isShowingAll = session.showsAll
    let update = try draw { try detector.update(using: engine) }
    session.detector = detector
    if update.hasChanged {
      session.detectorChanges.append(
        "\(update.isTruncated ? "cut" : "fits") at \(settings.width.formatted()) pt,"
          + " \(settings.typeSize)")
      session.detectorChanges.removeFirst(
        max(0, session.detectorChanges.count - PlaygroundSession.maximumChanges))
    }
    return detector
  }

  private func detectorState(
    _ detector: TruncationDetector, _ session: PlaygroundSession
  ) -> (DisplayList<TruncationDetector.Action>) -> ComponentState {
    { list in
      var state = ComponentState()
      state.isTruncated = detector.isTruncated ?? false
      state.showsAll = session.showsAll
      state.changes = session.detectorChanges
      state.showAllButton = Self.regions(list) { $0 == .showAll }.first
      return state
    }
  }

  func detectorView(session: inout PlaygroundSession) throws(PlaygroundError) -> ComponentView {
    let detector = try updatedDetector(&session)
    return try view(of: detector, state: detectorState(detector, session))
  }

  func tapDetector(
    at point: CGPoint, session: inout PlaygroundSession, action: inout String
  ) throws(PlaygroundError) -> ComponentView {
    var detector = try updatedDetector(&session)
    let before = session
    let result = try tap(&detector, at: point) { _ in ComponentState() }
    guard let tapped = result.action else { return try detectorView(session: &session) }
    switch tapped {
    case .showAll: action = "show all"
    case .showLess: action = "show less"
    case .openLink(let url): action = "link \(url.absoluteString)"
    case .tapSpoiler: action = "reveal"
    }
    session.showsAll = detector.isShowingAll
    _ = before
    return try view(of: detector, state: detectorState(detector, session))
  }
}
