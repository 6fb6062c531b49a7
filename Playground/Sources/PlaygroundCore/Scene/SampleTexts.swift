/// The texts the playground starts with: an app description for the expandable text and the
/// truncation detector, chat messages for the list, a message with spoilers, and the settings
/// page's paragraphs.
package enum SampleTexts {
  /// The expandable text's first text: cut at 3 lines in 320 points at the large type size,
  /// whole from about 700 points.
  package static let description = """
    Trailhead maps every path in the national parks, offline: the map, the elevation profile \
    and the guidance keep working with no signal.
    New: shared trips, and a battery saver for long days.
    """

  /// A chat message of the list: who wrote it and what.
  package struct Message: Sendable, Hashable, Codable {
    /// The row's id, unique in the list.
    package var id: String
    /// The author, whose initials the avatar shows.
    package var name: String
    /// The message.
    package var text: String
  }

  /// The list's first rows.
  package static let messages: [Message] = [
    Message(
      id: "m1", name: "Ana Lima",
      text: "Landed in Lisbon! The flight was fine, a little late because of fog in Porto,"
        + " and the taxi driver took the long way along the river, which I did not mind at all."
        + " Dinner at eight at the place near the castle?"),
    Message(id: "m2", name: "Ben Okafor", text: "Sounds good, see you there."),
    Message(
      id: "m3", name: "Chen Wei",
      text: "I booked the table for four. They only take card, so bring one, and it is up the"
        + " hill, so wear shoes you can walk in. The tram stops right in front of it if you"
        + " would rather not climb."),
    Message(
      id: "m4", name: "Dana Cohen",
      text: "Running late: the museum closed a room and I had to go around through the garden,"
        + " which is lovely but enormous. Order for me if I am not there by quarter past, the"
        + " grilled fish and a green salad please."),
    Message(id: "m5", name: "Eli Moreau", text: "👍"),
  ]

  /// The rows the "Insert a row" action adds at the top, in turn.
  package static let insertedMessages: [Message] = [
    Message(
      id: "n1", name: "Irina Volkova",
      text: "Just saw your messages. I can join after nine, my train gets in at half past eight"
        + " and I still have to drop my bag at the hotel, which is on the other side of town."),
    Message(id: "n2", name: "Jon Park", text: "Count me in for dessert."),
    Message(
      id: "n3", name: "Kai Tanaka",
      text: "Does anyone have a charger for a camera battery? Mine stayed in Porto with my"
        + " jacket, my sunglasses and, it turns out, my good mood. I will buy the first round."),
  ]

  /// The spoiler section's message and the phrases hidden in it.
  package static let spoilerMessage =
    "Finished the series last night. In the final episode the butler turns out to be the"
    + " detective's twin brother, and nobody survives the storm. Do not read this before"
    + " you watch it!"
  /// The hidden phrases of ``spoilerMessage``.
  package static let spoilerPhrases = [
    "the butler turns out to be the detective's twin brother", "nobody survives the storm",
  ]

  /// The settings page: a title and a paragraph, twice.
  package static let settingsPage: [(title: String, text: String)] = [
    ("Appearance", "Choose light or dark, or follow the system setting at sunset."),
    ("Reminders", "Get a reminder before each trip, and another when a download finishes."),
  ]
}
