import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport

extension DemoGallery {
  mutating func drawList() throws {
    beginSection(
      "Expanding list",
      "Chat messages in English, Hebrew, Japanese and Russian in an ExpandingList 390 points"
        + " wide. Each row's height comes from the layout engine, and \"Read more\" appears only"
        + " on rows whose text is really cut at 3 lines. The expanded rows are an ExpansionSet"
        + " keyed by the rows' ids, not their positions, so inserting a row keeps the right rows"
        + " expanded. render-list draws the same from JSON Lines.")
    let demo = "expanding list"
    let messages = DemoMessages.messages
    let ids = messages.map(\.id)
    let cut: Set = ["m1", "m3", "m4", "m6"]
    let initialList = try list(messages)
    let initial = try initialList.geometry(using: engine)
    try require(
      initial.rows.map(\.isTruncated) == ids.map(cut.contains), demo,
      "the long messages (\(cut.sorted().joined(separator: ", "))) are cut at 3 lines in"
        + " \(Self.listWidth) points and only they have \"Read more\"")
    try add(
      initialList.displayList(using: engine), as: "list-initial.png",
      caption: "Initial state: four long messages cut at 3 lines with \"Read more\", two short"
        + " ones whole", options: "render-list, width 390, line limit 3, theme light",
      theme: .light)

    var expansion = ExpansionSet<String>()
    expansion.expand("m1")
    expansion.expand("m4")
    let expandedList = try list(messages, expansion: expansion)
    let expanded = try expandedList.geometry(using: engine)
    try require(
      expanded.rows.map(\.isExpanded) == ids.map { $0 == "m1" || $0 == "m4" }
        && expanded.height > initial.height, demo,
      "expanding m1 and m4 shows them whole and makes the list taller")
    let expandedDisplay = try expandedList.displayList(using: engine)
    if let japanese = Self.texts(of: expandedDisplay).first(where: {
      $0.text.string.hasPrefix("昨日")
    }) {
      try requireOneCJKFace(japanese, "Japanese list row")
    }
    try add(
      expandedDisplay, as: "list-expanded.png",
      caption: "After expanding two rows (Ana's and Ken Sato's): their whole text shows, with"
        + " \"Show less\", and the rows below move down",
      options: "render-list --expand m1 --expand m4, width 390", theme: .light)

    // A new message at the top: every row moves down one place. The expanded state follows the
    // ids, so m1 and m4 stay expanded and the new row starts collapsed; a state kept by index
    // would now expand the new row and the one above m4.
    let insertedList = try list([DemoMessages.inserted] + messages, expansion: expansion)
    let inserted = try insertedList.geometry(using: engine)
    let byID = Dictionary(
      uniqueKeysWithValues: zip(insertedList.rows.map(\.id), inserted.rows))
    try require(
      byID["m1"]?.isExpanded == true && byID["m4"]?.isExpanded == true
        && byID[DemoMessages.inserted.id]?.isTruncated == true
        && byID[DemoMessages.inserted.id]?.isExpanded == false, demo,
      "after inserting a row above them, m1 and m4 are still expanded and the new, cut row"
        + " is collapsed")
    try add(
      insertedList.displayList(using: engine), as: "list-inserted.png",
      caption: "After inserting Irina's message above the expanded rows: they stay expanded"
        + " (the state follows the ids), the new row starts collapsed",
      options: "ExpansionSet keyed by id, rows m0 + m1…m6, m1 and m4 expanded, width 390",
      theme: .light)

    let rightToLeft = try list(
      messages, theme: .dark, direction: .rightToLeft, expansion: expansion
    ).displayList(using: engine)
    let avatars = rightToLeft.items.compactMap { item -> CGRect? in
      if case .shape(let shape) = item, shape.cornerRadius * 2 >= shape.rect.width {
        return shape.rect
      }
      return nil
    }
    try require(
      avatars.count == messages.count
        && avatars.allSatisfy { $0.minX > Self.listWidth / 2 }, demo,
      "right to left, every avatar is on the right")
    try add(
      rightToLeft, as: "list-rtl-dark.png",
      caption: "Right to left, dark: avatars on the right, labels and separators mirrored; each"
        + " message keeps its own paragraph direction",
      options: "render-list --direction rtl --theme dark --expand m1 --expand m4, width 390",
      theme: .dark)

    var slow = initialList
    slow.animationDuration = 0.6
    let frames = try add(
      recording: slow,
      script: [
        .hold(.milliseconds(900)), .perform(.toggle("m1")), .animate, .hold(.milliseconds(1500)),
        .perform(.toggle("m1")), .animate,
      ],
      as: "list-toggle-animation.png",
      caption: {
        "Toggling the first row, \($0) frames (APNG): its text opens line by line while the"
          + " rows below slide, \"Read more\" moving down with the text's end and cross-fading"
          + " to \"Show less\", then back"
      },
      options: "render-list --animate --toggle m1, width 390, duration 0.6 s, 30 frames a"
        + " second", theme: .light)
    try require(frames > 30, demo, "m1 is cut, so toggling it animates")
  }

  /// Chat messages in Markdown whose rows hold spoilers and links.
  static let spoilerMessages = [
    DemoMessages.Message(
      "s1", "Ana Lima",
      "Finished the book on the ferry. **Do not read on** if you have not: ||the lighthouse"
        + " keeper wrote every letter himself, and the sister never existed||. I cried at the"
        + " pier. Review on [my blog](https://example.com/review)."),
    DemoMessages.Message("s2", "Tom Baker", "No spoilers please, I am on chapter three!"),
    DemoMessages.Message(
      "s3", "Ben Okafor",
      "Too late for me 😅 The twist at the end ||the ferry is the same boat from the first"
        + " page|| made me go back and read the first chapter again, *twice*."),
  ]

  mutating func drawListSpoilers() throws {
    beginSection(
      "A list whose rows hold spoilers",
      "Rows in Markdown with ||spoilers|| and links, in the same ExpandingList: the dust covers"
        + " each row's hidden words, a tap on them reveals that row's spoilers only (the state"
        + " follows the row's id, like its expansion), and a tap elsewhere on a cut row still"
        + " expands it. Drawn by the same renderer from the list's display list.")
    let demo = "list spoilers"
    var list = try list(Self.spoilerMessages, markdown: true)
    list.defaultSpoilers.seed = 5
    let hidden = try list.displayList(using: engine)
    let spoilerRegions = hidden.hitRegions.filter {
      if case .tapSpoiler = $0.action { true } else { false }
    }
    let rowsWithSpoilers = Set(
      spoilerRegions.compactMap { region -> String? in
        if case .tapSpoiler(let id, _) = region.action { return id }
        return nil
      })
    try require(
      rowsWithSpoilers == ["s1", "s3"], demo,
      "the first and third rows have hidden words that answer taps (found \(rowsWithSpoilers))")
    try add(
      hidden, as: "list-spoilers-hidden.png",
      caption: "Hidden: dust over the spoilers of two rows; the link and the bold text are read"
        + " from Markdown", options: "render-list --markdown, width 390", theme: .light)
    guard
      let first = spoilerRegions.first(where: {
        if case .tapSpoiler("s1", _) = $0.action { true } else { false }
      })
    else { return }
    let tap = CGPoint(x: first.rect.midX, y: first.rect.midY)
    let frames = try add(
      recording: list,
      script: [.play(seconds: 0.3), .tap(tap), .animate(maximum: 2), .hold(.seconds(1))],
      as: "list-spoilers-reveal.png",
      caption: {
        "A tap on Ana's hidden words (APNG, \($0) frames): her row's spoiler is revealed from"
          + " the tap; Ben's stays hidden"
      },
      options: "render-list --markdown, tap on row s1's spoiler, width 390", theme: .light)
    var revealed = list
    if let action = revealed.hitTest(tap, in: hidden) { revealed.perform(action, at: 0) }
    let after = try revealed.displayList(using: engine, at: 5)
    try require(
      frames > 5 && revealed.spoilers["s1"]?.isRevealed(at: 5) == true
        && revealed.spoilers["s3"] == nil
        && !after.hitRegions.contains(where: {
          if case .tapSpoiler("s1", _) = $0.action { true } else { false }
        }), demo, "the tap reveals row s1's spoilers only")
    try add(
      after, as: "list-spoilers-revealed.png",
      caption: "After the reveal: Ana's row shows its text, Ben's row keeps its dust",
      options: "render-list --markdown, row s1 revealed, width 390", theme: .light)
  }
}
