import Foundation
@_spi(Backend) import TextLayout
import TextMarkdown
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport
@_spi(Backend) import TextShaping

/// The demos of `textreveal demo`: each draws its images into the gallery directory, adds them
/// to the page, and checks the premise it illustrates. Every image is a component's display
/// list drawn by the one renderer; every animation is a scripted recording of a component.
struct DemoGallery {
  let stack: TextStack
  let renderer: ComponentRenderer
  let directory: String
  var page = GalleryPage(title: "TextReveal gallery")
  var imageCount = 0
  /// Every text of the gallery is laid out through it: `demo` fails when one has a character
  /// no installed font covers.
  let coverage: UncoveredCharacterLog

  /// The width of most demos, in points: an iPhone's width less its margins.
  static let width = 320.0
  /// The width of the list demos, in points: an iPhone's full width.
  static let listWidth = 390.0
  /// The space around each component on its image, in points.
  static let padding = 16.0

  var engine: TextLayoutEngine { coverage.engine }

  func style(
    size: Double = 17, weight: FontWeight = .regular, language: TextLanguage? = nil
  ) -> TextStyle {
    TextStyle(fontFamily: stack.defaultFamily, size: size, weight: weight, language: language)
  }

  /// Checks that a CJK layout draws every CJK character from one face and that its lines are
  /// equally tall: what choosing fallback faces by language is for.
  func requireOneCJKFace(_ layout: LaidOutText, _ demo: String) throws {
    var faces: Set<String> = []
    for line in layout.lines {
      for run in line.runs {
        for glyphRun in run.glyphRuns {
          let face = stack.shaper.fontFace(for: glyphRun.font)
          // Noto Sans CJK's regional faces share one file: a face is its file and index.
          if let face, face.path != HarfBuzzShaper.defaultFontPath {
            faces.insert("\(face.path)#\(face.index)")
          }
        }
      }
    }
    try require(faces.count == 1, demo, "every CJK character comes from one face, not \(faces)")
    let heights = Set(layout.lines.map { ($0.height * 1000).rounded() })
    try require(heights.count == 1, demo, "every line is as tall as the others")
  }

  /// The laid-out texts a display list draws.
  static func texts<Action>(of list: DisplayList<Action>) -> [LaidOutText] {
    func texts(in items: [DisplayItem]) -> [LaidOutText] {
      items.flatMap { item -> [LaidOutText] in
        switch item {
        case .text(let text): [text.layout]
        case .group(let group): texts(in: group.items)
        case .shape, .dust: []
        }
      }
    }
    return texts(in: list.items)
  }

  // MARK: - Writing images

  /// Fails the demo, naming it, when its premise does not hold.
  func require(_ premise: Bool, _ demo: String, _ description: String) throws {
    guard premise else {
      throw CommandError("demo \"\(demo)\": its premise does not hold: \(description)")
    }
  }

  /// Draws a display list and adds it to the page.
  mutating func add<Action>(
    _ list: DisplayList<Action>, as file: String, caption: String, options: String,
    theme: Theme, renderer: ComponentRenderer? = nil
  ) throws {
    let renderer = renderer ?? self.renderer
    let image = try renderer.image(of: list, padding: Self.padding)
    try PNGEncoder.write(image, to: path(file))
    append(
      file, width: image.width, height: image.height, scale: renderer.scale.rawValue,
      caption: caption, options: options, theme: theme)
  }

  /// Records a script run on a component, draws it as an animated PNG, and adds it to the page.
  ///
  /// - Returns: The number of frames.
  @discardableResult
  mutating func add<Component: RevealComponent>(
    recording component: Component, script: [Recording.Step<Component.Action>],
    as file: String, caption: (Int) -> String, options: String, theme: Theme
  ) throws -> Int {
    let (frames, _) = try Recording.frames(of: component, using: engine, script: script)
    let animation = try renderer.animation(frames, padding: Self.padding)
    try animation.write(to: path(file))
    let size = animation.size ?? (width: 0, height: 0)
    append(
      file, width: size.width, height: size.height, scale: renderer.scale.rawValue,
      caption: caption(animation.frameCount), options: options, theme: theme)
    return animation.frameCount
  }

  private mutating func append(
    _ file: String, width: Int, height: Int, scale: Int, caption: String, options: String,
    theme: Theme
  ) {
    page.sections[page.sections.count - 1].images.append(
      GalleryPage.Image(
        file: file, caption: caption, options: options + ", scale \(scale)",
        isDark: theme == .dark, width: width / scale, height: height / scale))
    imageCount += 1
  }

  private func path(_ file: String) -> String {
    (directory as NSString).appendingPathComponent(file)
  }

  mutating func beginSection(_ title: String, _ summary: String) {
    page.sections.append(GalleryPage.Section(title: title, summary: summary))
  }

  // MARK: - Models

  func model(
    _ text: String, width: Double = DemoGallery.width, theme: Theme = .light,
    style truncationStyle: TruncationStyle = .fade, typeSize: TypeSize = .large,
    direction: InterfaceDirection = .leftToRight, moreLabel: String = "more",
    lessLabel: String? = nil, language: TextLanguage? = nil, isExpanded: Bool = false
  ) -> ExpandableTextModel {
    ExpandableTextModel(
      text: StyledText(text, style: style(language: language)),
      environment: ComponentEnvironment(
        width: width, typeSize: typeSize, theme: theme, direction: direction),
      truncationStyle: truncationStyle, moreLabel: moreLabel, lessLabel: lessLabel,
      isExpanded: isExpanded)
  }

  /// A list of demo messages, each row with its author's avatar.
  func list(
    _ messages: [DemoMessages.Message], theme: Theme = .light,
    direction: InterfaceDirection = .leftToRight, expansion: ExpansionSet<String> = ExpansionSet(),
    markdown: Bool = false
  ) throws -> ExpandingList<String> {
    ExpandingList(
      rows: messages.map { message in
        let style = style(language: DemoMessages.languages[message.id])
        return ListRow(
          id: message.id,
          text: markdown
            ? MarkdownParser.styledText(from: message.text, base: style)
            : StyledText(message.text, style: style),
          avatar: Avatars.avatar(name: message.name, key: message.id))
      },
      environment: ComponentEnvironment(
        width: Self.listWidth, theme: theme, direction: direction),
      expansion: expansion)
  }
}
