import ArgumentParser
import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport
@_spi(Backend) import TextShaping

/// `textreveal render-list`: draws a list of expanding rows to a PNG, or the toggle animation
/// of one row to an APNG.
struct RenderListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render-list",
    abstract: "Draw a list of expanding message rows to a PNG (or a row's toggle to an APNG).",
    discussion: """
      Reads one row per line of JSON Lines: {"id": "…", "name": "Ana Lima", "text": "…"}. The
      id is a non-empty string, unique in the list; the name is optional and gives the avatar's
      initials ("AL") and color (a row without one gets a plain circle). Each row shows its
      text limited to --line-limit lines beside a round avatar, with "Read more" when the text
      is cut; --expand shows a cut row whole, with "Show less". With --animate, --toggle names
      the row whose expansion is animated: the list as it is, the row toggling while the rows
      below slide, the other state, and back, looping.

      A list needs all its rows, so any bad input line fails the whole command: every bad line
      is reported as "line N: <problem>" on standard error, the exit status is 1 and no file is
      written. So do a repeated id, and an --expand or --toggle id that names no row. An empty
      input draws an empty list: an image of the 16-point padding alone, (width + 32) × 32
      points. The image has 16 points of padding in the theme's background and is --scale
      pixels per point; the file is written atomically, so on failure nothing is left.
      """
  )

  @Argument(help: "A JSON Lines file of rows; standard input when omitted or \"-\".")
  var input: String?

  @Option(parsing: .unconditional, help: "The list's width in points.")
  var width: Double = 390

  @Option(parsing: .unconditional, help: "The number of lines a collapsed row shows (at least 1).")
  var lineLimit: Int = 3

  @Option(help: "The id of a row to show expanded; repeat it for several rows.")
  var expand: [String] = []

  @Option(help: "With --animate: the id of the row whose expansion is toggled.")
  var toggle: String?

  @Flag(help: "Write the toggle animation of the --toggle row as an animated PNG.")
  var animate = false

  @Option(
    help: ArgumentHelp(
      "Draw only the rows in this band of the list: TOP,HEIGHT in points from its top.",
      valueName: "top,height"))
  var viewport: Viewport?

  @Flag(help: "Read each row's text as inline Markdown (see render --markdown).")
  var markdown = false

  @OptionGroup var appearance: AppearanceOptions

  /// A band of the list given as `TOP,HEIGHT`.
  struct Viewport: ExpressibleByArgument {
    var top: Double
    var height: Double

    init?(argument: String) {
      let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2,
        let top = Double(parts[0].trimmingCharacters(in: .whitespaces)),
        let height = Double(parts[1].trimmingCharacters(in: .whitespaces))
      else { return nil }
      self.top = top
      self.height = height
    }
  }

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: "The PNG file to write; - for standard output.")
  var output: String

  func validate() throws {
    try OptionRange.check(width, option: "width", maximum: OptionRange.width, unit: "points")
    let textWidth = ExpandingList<String>(
      rows: [], environment: ComponentEnvironment(width: width)
    ).textWidth
    guard textWidth > 0 else {
      throw ValidationError(
        "--width must leave room for the text beside the avatar (more than"
          + " \((width - textWidth).formatted()) points), got \(width.formatted())")
    }
    try OptionRange.check(lineLimit: lineLimit)
    if let viewport {
      guard viewport.top.isFinite, viewport.top >= 0, viewport.top <= OptionRange.listHeight else {
        throw ValidationError(
          "--viewport's top must be between 0 and \(OptionRange.listHeight.formatted()) points,"
            + " got \(viewport.top.formatted())")
      }
      guard viewport.height.isFinite, viewport.height > 0,
        viewport.height <= OptionRange.listHeight
      else {
        throw ValidationError(
          "--viewport's height must be greater than 0 and at most"
            + " \(OptionRange.listHeight.formatted()) points, got \(viewport.height.formatted())")
      }
      if animate { throw ValidationError("--viewport draws a still: it cannot go with --animate") }
    }
    if animate && toggle == nil {
      throw ValidationError("--animate needs --toggle ID: the row whose expansion is animated")
    }
    if toggle != nil && !animate {
      throw ValidationError("--toggle animates a row: give --animate too")
    }
    guard !output.isEmpty else {
      throw ValidationError("--output must name a file")
    }
  }

  func run() throws {
    var reader = try LineReader(path: input)
    let (records, problems) = ListRowRecord.parse(try reader.readAll())
    guard problems.isEmpty else {
      for problem in problems { Console.warn(problem) }
      throw CommandError(
        "\(problems.count) bad input line(s); a list needs all its rows, so nothing was written")
    }
    let ids = Set(records.map(\.id))
    for id in expand + (toggle.map { [$0] } ?? []) where !ids.contains(id) {
      throw CommandError(
        "no row has the id \"\(id)\" (given to --\(expand.contains(id) ? "expand" : "toggle"))")
    }

    let stack = try appearance.language.stack()
    let renderer = ComponentRenderer(stack: stack, scale: appearance.scale)
    let style = TextStyle(
      fontFamily: stack.defaultFamily, size: 17, language: appearance.language.lang)
    var expansion = ExpansionSet<String>()
    for id in expand { expansion.expand(id) }
    let list = ExpandingList(
      rows: try records.map { record throws(CommandError) in
        try record.row(style: style, markdown: markdown)
      }, environment: appearance.appearance().environment(width: width),
      lineLimit: .lines(lineLimit), expansion: expansion)

    do {
      let geometry = try list.geometry(using: stack.engine)
      let rows = Dictionary(
        zip(list.rows.map(\.id), geometry.rows), uniquingKeysWith: { first, _ in first })
      if let toggle {
        let (frames, _) = try Recording.frames(
          of: list, using: stack.engine,
          script: [
            .hold(.milliseconds(900)), .perform(.toggle(toggle)), .animate,
            .hold(.milliseconds(1500)), .perform(.toggle(toggle)), .animate,
          ])
        let animation = try renderer.animation(frames, padding: Self.padding)
        try animation.write(to: output)
        let first = animation.size ?? (width: 0, height: 0)
        try Console.print(
          "\(output): \(first.width) × \(first.height) pixels, \(animation.frameCount) frames")
        if rows[toggle]?.isTruncated != true {
          warn("row \"\(toggle)\" fits in \(lineLimit) lines; the animation is one frame")
        }
      } else {
        for id in expand where rows[id]?.isTruncated == false {
          warn("row \"\(id)\" fits in \(lineLimit) lines; --expand changes nothing")
        }
        var shown: DisplayList<ExpandingList<String>.Action>
        if let viewport {
          let band = CGRect(x: 0, y: viewport.top, width: width, height: viewport.height)
          // The band alone, moved to the top, its rows cut at its edges.
          shown = try list.displayList(using: stack.engine, at: 0, visibleRect: band)
            .cropped(to: band)
          shown.size.height = max(1, shown.size.height)
        } else {
          shown = try list.displayList(using: stack.engine)
        }
        UncoveredCharacterWarning.warn(
          for: DemoGallery.texts(of: shown), command: "render-list")
        let drawn = Result { () throws(TextRasterError) -> RGBABitmap in
          try renderer.image(of: shown, padding: Self.padding)
        }
        if case .failure(let error) = drawn, case .imageTooLarge = error {
          throw CommandError(
            "\(error); the list is \(geometry.height.formatted()) points tall: draw a part"
              + " of it with --viewport TOP,HEIGHT, or use a lower --scale")
        }
        let image = try drawn.get()
        try PNGEncoder.write(image, to: output)
        let expanded = geometry.rows.filter(\.isExpanded).count
        let inBand = viewport.map { band in
          geometry.rows.filter {
            $0.frame.maxY > band.top && $0.frame.minY < band.top + band.height
          }.count
        }
        try Console.print(
          "\(output): \(image.width) × \(image.height) pixels,"
            + " \(geometry.rows.count) rows, \(expanded) expanded"
            + (inBand.map { ", \($0) in the viewport" } ?? "")
            + ", list height \(geometry.height.formatted()) points")
      }
    } catch let error as TextRasterError {
      throw CommandError("\(error)")
    } catch let error as TextRevealError {
      throw CommandError("\(error)")
    }
  }

  /// The space around the list on its image, in points.
  static let padding = 16.0

  private func warn(_ message: String) {
    Console.warn("render-list: \(message)")
  }
}
