import Foundation
import Testing
@_spi(Backend) import TextLayout

@_spi(FrontEnd) @testable import TextReveal

/// The model keeps its layouts between display lists: what it draws from the cache is what it
/// would draw laying the text out again, whatever changed in between.
@Suite struct ExpandableTextCacheTests {
  static let bold = TextStyle(weight: .bold)
  static let link = TextStyle(link: URL(string: "https://example.com/notes")!)

  /// A styled description with blank lines, a link and a bold run.
  static var description: StyledText {
    var text = StyledText("\n  " + appDescription + "\n\n\n", style: TextStyle())
    text.append("Release notes", style: bold)
    text.append(" are ", style: TextStyle())
    text.append("online", style: link)
    text.append(". " + appDescription + "  \n", style: TextStyle())
    return text
  }

  /// The same model with a cache of its own, empty.
  static func fresh(_ model: ExpandableTextModel) -> ExpandableTextModel {
    var copy = ExpandableTextModel(
      text: model.text, environment: model.environment, lineLimit: model.lineLimit,
      truncationStyle: model.truncationStyle, moreLabel: model.moreLabel,
      lessLabel: model.lessLabel, isExpanded: model.isExpanded)
    copy.collapsesBlankLines = model.collapsesBlankLines
    copy.togglesOnTapAnywhere = model.togglesOnTapAnywhere
    copy.animationDuration = model.animationDuration
    copy.spoilers = model.spoilers
    return copy
  }

  /// Every change a layout depends on, applied one after another to one model whose cache is
  /// warm from the states before.
  static func changes() -> [(String, (inout ExpandableTextModel) -> Void)] {
    [
      ("nothing", { _ in }),
      ("width", { $0.environment.width = 250 }),
      ("type size", { $0.environment.typeSize = .accessibilityMedium }),
      ("theme", { $0.environment.theme = .dark }),
      ("direction", { $0.environment.direction = .rightToLeft }),
      ("tab stops", { $0.environment.tabStops = TabStops(interval: 40) }),
      ("line limit", { $0.lineLimit = .lines(2) }),
      ("style", { $0.truncationStyle = .inline }),
      ("blank lines", { $0.collapsesBlankLines = false }),
      ("more label", { $0.moreLabel = "Mehr" }),
      ("less label", { $0.lessLabel = "less" }),
      ("text", { $0.text.append(" More words at the end.", style: TextStyle()) }),
      ("width back", { $0.environment.width = 320 }),
    ]
  }

  @Test("after each change, the cached layouts equal layouts made afresh, in both states")
  func cachedEqualsUncached() throws {
    var model = ExpandableTextModel(
      text: Self.description, environment: ComponentEnvironment(width: 320))
    for (name, change) in Self.changes() {
      change(&model)
      for expanded in [false, true] {
        // Twice: the second answer comes from the cache.
        _ = try model.layout(using: engine, expanded: expanded)
        let cached = try model.layout(using: engine, expanded: expanded)
        let uncached = try model.uncachedLayout(using: engine, expanded: expanded)
        #expect(cached == uncached, "after changing the \(name), expanded: \(expanded)")
      }
      let list = try model.displayList(using: engine, at: 0)
      #expect(list == (try Self.fresh(model).displayList(using: engine, at: 0)), "\(name)")
    }
  }

  @Test("every frame of an expansion equals the frame of a model laid out afresh")
  func animationFrames() throws {
    var model = ExpandableTextModel(
      text: Self.description, environment: ComponentEnvironment(width: 300), lessLabel: "less")
    model.perform(.expand, at: 1)
    var time = 1.0
    var frames = 0
    while time < 1.5 {
      let list = try model.displayList(using: engine, at: time)
      // A fresh model has no transition: compare with the same model's own uncached layout.
      let expanded = try model.uncachedLayout(using: engine, expanded: true)
      let kept = try model.layout(using: engine, expanded: true)
      #expect(kept == expanded)
      if list.animation.isChanging(after: time) { frames += 1 }
      time += 1.0 / 60
    }
    #expect(frames > 10)
    // Collapsing again, the collapsed layout kept from before is still right.
    model.perform(.collapse, at: time)
    #expect(
      try model.layout(using: engine, expanded: false)
        == (try model.uncachedLayout(using: engine, expanded: false)))
  }

  @Test("copies share the cache; a model made anew does not")
  func sharing() throws {
    let model = ExpandableTextModel(
      text: Self.description, environment: ComponentEnvironment(width: 320))
    let copy = model
    _ = try model.layout(using: engine, expanded: false)
    #expect(copy.cache === model.cache)
    #expect(copy.cache.layout(for: ExpandableTextCache.Key(copy, expanded: false)) != nil)
    #expect(Self.fresh(model).cache !== model.cache)
  }

  @Test("equality covers every stored property but the cache")
  func equalityCoversEveryProperty() {
    // A new stored property must join == and hash (and this list), or be a cache left out on
    // purpose.
    let model = ExpandableTextModel(
      text: StyledText(appDescription), environment: ComponentEnvironment(width: 320))
    let labels = Set(Mirror(reflecting: model).children.compactMap(\.label))
    #expect(
      labels == [
        "text", "environment", "lineLimit", "truncationStyle", "collapsesBlankLines",
        "moreLabel", "lessLabel", "togglesOnTapAnywhere", "animationDuration", "isExpanded",
        "spoilers", "transition", "cache",
      ])
    let changes: [(inout ExpandableTextModel) -> Void] = [
      { $0.text = StyledText("Other") }, { $0.environment.width = 1 },
      { $0.lineLimit = .lines(1) }, { $0.truncationStyle = .inline },
      { $0.collapsesBlankLines = false }, { $0.moreLabel = "More" }, { $0.lessLabel = "less" },
      { $0.togglesOnTapAnywhere = true }, { $0.animationDuration = 1 },
      { $0.isExpanded = true }, { $0.spoilers = SpoilerState(seed: 9) },
      { $0.perform(.expand, at: 3) },
    ]
    for change in changes {
      var other = model
      change(&other)
      #expect(other != model)
    }
    // The cache alone does not make two models differ, nor hash differently.
    let warm = model
    _ = try? warm.layout(using: engine, expanded: false)
    #expect(Self.fresh(model) == warm)
    #expect(Self.fresh(model).hashValue == warm.hashValue)
  }
}
