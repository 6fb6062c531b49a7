import TextLayout
import TextReveal

extension ComponentRenderer {
  /// One frame of a timeline: what it shows, and for how long.
  public struct TimelineFrame<Content> {
    /// What the frame shows.
    public var content: Content
    /// How long it is shown.
    public var delay: Duration
  }

  /// What a frame of an expandable text's animation shows.
  public enum ExpansionFrame: Sendable {
    /// A state, held.
    case still(ExpandableTextLayout)
    /// The change from one state to the other at a time into it; the expanded layout is drawn
    /// clipped to the animated height.
    case transition(ExpansionAnimation, time: Double, expanded: ExpandableTextLayout)
  }

  /// What a frame of a list's toggle animation shows.
  public enum ToggleFrame<ID: Hashable & Sendable>: Sendable {
    /// A state, held.
    case still(ListLayout<ID>)
    /// The change from one layout to the other at a time into it.
    case transition(ListAnimation<ID>, time: Double)
  }

  // MARK: - Expandable text

  /// The expand-and-collapse loop of an expandable text: the starting state held, the change
  /// to the other state, that state held, and the change back.
  ///
  /// A text that is not cut has nothing to animate: its timeline is one still. A zero duration
  /// (what Reduce Motion asks for) gives the stills alone, with no frames between them.
  ///
  /// - Parameters:
  ///   - collapsed: The model's layout collapsed.
  ///   - expanded: Its layout expanded.
  ///   - startsExpanded: Whether the loop starts from the expanded state.
  ///   - duration: How long one change takes, in seconds.
  /// - Returns: The frames, in order; the animation loops.
  public func expansionTimeline(
    collapsed: ExpandableTextLayout, expanded: ExpandableTextLayout, startsExpanded: Bool,
    duration: Double
  ) -> [TimelineFrame<ExpansionFrame>] {
    guard collapsed.isTruncated else {
      return [TimelineFrame(content: .still(collapsed), delay: .seconds(1))]
    }
    var frames: [TimelineFrame<ExpansionFrame>] = []
    let states = startsExpanded ? [expanded, collapsed] : [collapsed, expanded]
    for (index, start) in states.enumerated() {
      let end = states[1 - index]
      frames.append(
        TimelineFrame(
          content: .still(start), delay: .milliseconds(start.isExpanded ? 1500 : 900)))
      for time in transitionTimes(duration: duration) {
        let animation = ExpansionAnimation(
          fromHeight: start.size.height, toHeight: end.size.height, width: expanded.size.width,
          duration: duration)
        frames.append(
          TimelineFrame(
            content: .transition(animation, time: time, expanded: expanded),
            delay: frameDelay))
      }
    }
    return frames
  }

  /// The expand-and-collapse loop of an expandable text as an animated PNG; see
  /// ``expansionTimeline(collapsed:expanded:startsExpanded:duration:)``.
  ///
  /// Every frame is as tall as the taller state, padded, in the theme's background.
  public func expansionAnimation(
    collapsed: ExpandableTextLayout, expanded: ExpandableTextLayout, startsExpanded: Bool,
    duration: Double, theme: Theme
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    let width = expanded.size.width
    let height = max(1, collapsed.size.height, expanded.size.height)
    let timeline = expansionTimeline(
      collapsed: collapsed, expanded: expanded, startsExpanded: startsExpanded,
      duration: duration)
    try checkSize(width: width, height: height, frames: timeline.count)
    var result = AnimatedPNGWriter()
    for frame in timeline {
      var canvas = canvas(width: width, height: height, theme: theme)
      switch frame.content {
      case .still(let layout):
        try draw(layout, at: origin, in: &canvas, theme: theme)
      case .transition(let animation, let time, let expanded):
        try draw(
          animation, at: time, expanded: expanded, origin: origin, in: &canvas, theme: theme)
      }
      try result.append(canvas.bitmap, delay: frame.delay)
    }
    return result
  }

  // MARK: - List

  /// The toggle loop of one list row: the list as it is, held; the row toggling while the rows
  /// below slide; the new state, held; and the way back.
  ///
  /// A row whose text is not cut does not toggle: the timeline is one still. A zero duration
  /// gives the stills alone.
  ///
  /// - Parameters:
  ///   - before: The list before the toggle.
  ///   - after: The list with the row toggled.
  ///   - row: The toggled row.
  ///   - duration: How long one toggle takes, in seconds.
  /// - Returns: The frames, in order; the animation loops.
  public func toggleTimeline<ID>(
    from before: ListLayout<ID>, to after: ListLayout<ID>, row: ID, duration: Double
  ) -> [TimelineFrame<ToggleFrame<ID>>] {
    guard before.row(row)?.isTruncated == true else {
      return [TimelineFrame(content: .still(before), delay: .seconds(1))]
    }
    var frames: [TimelineFrame<ToggleFrame<ID>>] = []
    let states = [before, after]
    for (index, start) in states.enumerated() {
      let end = states[1 - index]
      let isExpanded = start.row(row)?.isExpanded == true
      frames.append(
        TimelineFrame(content: .still(start), delay: .milliseconds(isExpanded ? 1500 : 900)))
      for time in transitionTimes(duration: duration) {
        frames.append(
          TimelineFrame(
            content: .transition(
              ListAnimation(from: start, to: end, duration: duration), time: time),
            delay: frameDelay))
      }
    }
    return frames
  }

  /// The toggle loop of one list row as an animated PNG; see
  /// ``toggleTimeline(from:to:row:duration:)``.
  ///
  /// Every frame is as tall as the taller list, padded, in the theme's background.
  public func toggleAnimation<ID>(
    from before: ListLayout<ID>, to after: ListLayout<ID>, row: ID, duration: Double,
    chrome: ListChrome<ID>, theme: Theme
  ) throws(TextRasterError) -> AnimatedPNGWriter {
    let height = max(before.size.height, after.size.height)
    let timeline = toggleTimeline(from: before, to: after, row: row, duration: duration)
    try checkSize(width: before.size.width, height: height, frames: timeline.count)
    var result = AnimatedPNGWriter()
    for frame in timeline {
      var canvas = canvas(width: before.size.width, height: height, theme: theme)
      switch frame.content {
      case .still(let layout):
        try draw(layout, chrome: chrome, at: origin, in: &canvas, theme: theme)
      case .transition(let animation, let time):
        try draw(animation, at: time, chrome: chrome, origin: origin, in: &canvas, theme: theme)
      }
      try result.append(canvas.bitmap, delay: frame.delay)
    }
    return result
  }

  // MARK: - Timing

  /// The times of the frames between two stills: the change's duration cut into steps of one
  /// frame (at least two), without the last step, which is the next still. None for a zero
  /// duration.
  func transitionTimes(duration: Double) -> [Double] {
    guard duration > 0 && duration.isFinite else { return [] }
    let steps = max(2, Int((duration * framesPerSecond).rounded(.up)))
    return (1..<steps).map { duration * Double($0) / Double(steps) }
  }

  /// How long a frame between two stills is shown.
  var frameDelay: Duration { .milliseconds(Int(1000 / framesPerSecond)) }
}
