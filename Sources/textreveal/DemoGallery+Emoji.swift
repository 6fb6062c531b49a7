import Foundation
@_spi(Backend) import TextLayout
import TextRaster
@_spi(FrontEnd) import TextReveal
import TextRevealDemoSupport
@_spi(Backend) import TextShaping

extension DemoGallery {
  /// Chat messages as a messenger sends them: skin tones, a ZWJ family, flags, keycaps, a
  /// heart with and without VS16, and an emoji-only message. Written for the gallery.
  static let emojiMessages: [DemoMessages.Message] = [
    DemoMessages.Message(
      "e1", "👩‍👩‍👧‍👦 Family",
      """
      Made it to Lisbon 🇵🇹✈️ The kids slept the whole flight 😴😴 and woke up asking for \
      pastéis de nata 🥮. Grandma cried at the gate ❤️ and Dad already lost his sunglasses \
      🕶️🤦🏽‍♂️. Tomorrow: the tram 🚋, the castle 🏰 and, if the weather holds ☀️, the beach \
      🏖️ until sunset 🌅. Photos tonight 📸!
      """
    ),
    DemoMessages.Message("e2", "Kenji Mori", "🎉🎉🎉👏🏻👏🏻"),
    DemoMessages.Message(
      "e3", "Priya Nair",
      """
      Team update 👩🏾‍💻👨🏻‍💻: the release is tagged ✅, the docs are live 📚 and the bug \
      count is down to 3️⃣. Thanks all 🙏🏽 — drinks on me Friday 🍻 (I ❤ this team).
      """
    ),
    DemoMessages.Message("e4", "Lucas Martin", "🇫🇷 2 – 1 🇧🇷 ⚽️ what a final!! 🏆🔥"),
    DemoMessages.Message(
      "e5", "👍🏿",
      """
      Booked it 👍🏿 Table for six at 8 🕗, the place with the garden 🌿🍝. Bring a jacket 🧥, \
      it gets cold after dark 🌙.
      """
    ),
  ]

  /// An app description with emoji, for the expandable text.
  static let emojiDescription = """
    Plan trips with friends 🧳🌍! Vote on places 🗳️, split costs 💸 and share photos 📸 in \
    one shared album. Works offline ✈️, in every time zone 🕐🕙, and on every device 📱💻. \
    Loved by families 👨‍👩‍👧‍👦, hikers 🥾⛰️ and weekend explorers 🚲 in 40 countries 🇯🇵🇧🇷🇰🇪🇩🇪.

    Price\tFree 🎁
    Size\t48 MB
    Ages\t4+
    """

  /// The values after the tabs of ``emojiDescription``: they start at one tab stop.
  static let tabbedValues = ["Free", "48 MB", "4+"]

  mutating func drawEmoji() throws {
    beginSection(
      "Emoji",
      "Colour emoji from Noto Color Emoji, the way a phone shows them: skin tones, ZWJ families"
        + " and professions, flags and keycaps are one glyph and one cluster, never split"
        + " across lines; ❤ without VS16 stays a text heart. An emoji's line box is the box"
        + " its bitmap fills, so a line with emoji is at most a fifth of a point taller at 17"
        + " pt. The strike's 109-pixel bitmaps are scaled with an area average. Avatars of a"
        + " name that starts with an emoji are that emoji. The description's last lines are"
        + " tab-separated: tabs stop every 28 points, so the values line up.")
    let demo = "emoji"
    for theme in [Theme.light, .dark] {
      let list = try self.list(Self.emojiMessages, theme: theme)
      try require(
        try list.geometry(using: engine).rows.first?.isTruncated == true, demo,
        "the first emoji message is cut at 3 lines in \(Self.listWidth) points")
      let shown = try list.displayList(using: engine)
      try requireColorEmoji(Self.texts(of: shown), demo)
      try add(
        shown, as: "emoji-list-\(theme.name).png",
        caption: "A chat list with emoji, \(theme.name): the first row cut at 3 lines, an"
          + " emoji-only message, emoji avatars",
        options: "render-list, width 390, line limit 3, theme \(theme.name)", theme: theme)
    }
    for theme in [Theme.light, .dark] {
      for expanded in [false, true] {
        let model = model(
          Self.emojiDescription, theme: theme, lessLabel: "less", isExpanded: expanded)
        let layout = try model.layout(using: engine, expanded: expanded)
        try require(
          expanded || layout.isTruncated, demo,
          "the description with emoji is cut at 3 lines in \(Self.width) points")
        try requireColorEmoji([layout.text], demo)
        if expanded { try requireAlignedTabs(layout.text, demo) }
        let state = expanded ? "expanded" : "collapsed"
        try add(
          model.displayList(using: engine),
          as: "emoji-expandable-\(state)-\(theme.name).png",
          caption: "A description with emoji, \(state), \(theme.name)",
          options: "state \(state), style fade, theme \(theme.name), width 320", theme: theme)
      }
    }
  }

  private func requireAlignedTabs(_ layout: LaidOutText, _ demo: String) throws {
    let string = layout.text.string
    let starts = Self.tabbedValues.compactMap { value -> Double? in
      guard let range = string.range(of: "\t" + value) else { return nil }
      return layout.rects(for: string.index(after: range.lowerBound)..<range.upperBound)
        .first.map { Double($0.minX) }
    }
    try require(
      starts.count == Self.tabbedValues.count && Set(starts).count == 1, demo,
      "the values after the tabs start at one tab stop (found \(starts))")
  }

  /// Fails the demo unless some glyphs of the layouts come from a colour emoji face.
  private func requireColorEmoji(_ layouts: [LaidOutText], _ demo: String) throws {
    let fonts = Set(
      layouts.flatMap(\.lines).flatMap(\.runs).flatMap(\.glyphRuns).map(\.font))
    let families = fonts.compactMap { stack.shaper.fontFace(for: $0)?.familyName }
    try require(
      families.contains("Noto Color Emoji"), demo,
      "the emoji come from Noto Color Emoji (install fonts-noto-color-emoji)")
  }
}
