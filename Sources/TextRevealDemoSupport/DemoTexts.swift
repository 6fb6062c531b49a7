import Foundation
@_spi(FrontEnd) import TextReveal

/// The texts of the demos (the gallery, the command line, the front ends), written for them.
public enum DemoTexts {
  /// An app description long enough to be cut at three lines, with a blank line between its
  /// paragraphs (collapsed to one newline while the text is collapsed).
  public static let appDescription = """
    Tidepool keeps a calm journal of your days. Write a sentence each evening, tag the people \
    and places that mattered, and watch a quiet timeline grow.

    On Sundays it gathers the week into a short summary you can read in a minute. Nothing \
    leaves your phone unless you turn on sync, and even then every entry is encrypted first.
    """

  /// The app description in inline Markdown, with a spoiler.
  public static let markdownDescription = """
    **Tidepool** keeps a *calm* journal of your days: write one sentence each evening with \
    `#tags`, ~~no streaks~~, no pressure. Read the [privacy notes](https://example.com/privacy) \
    or mail help@example.com. The ending of the tutorial? ||You write the last page yourself.||
    """

  /// Short enough to fit in three lines at the extra small type size, not at large.
  public static let typeSizes = """
    Trail Notes shows offline maps of every path in the park, with water stops and shelters \
    marked along the way.
    """

  /// The app description in Hebrew, right to left.
  public static let hebrew = """
    היומן הזה עוזר לך לכתוב משפט אחד בכל ערב ולראות את השבוע שלך במבט אחד. ביום ראשון הוא \
    מכין סיכום קצר של השבוע, והרשומות שלך נשארות בטלפון שלך.
    """

  /// The app description in Arabic, right to left.
  public static let arabic = """
    يساعدك هذا التطبيق على كتابة جملة واحدة كل مساء ورؤية أسبوعك بنظرة واحدة. في نهاية \
    الأسبوع يجمع لك ملخصا قصيرا، وتبقى ملاحظاتك على هاتفك فقط.
    """

  /// A Chinese paragraph: lines break between ideographs, without spaces.
  public static let chinese = """
    这个应用可以帮助你每天晚上写下一句话，记录重要的人和地方，并一眼看到自己的一周。每到周日，\
    它会为你整理一份简短的总结，你的日记只保存在你的手机上。
    """

  /// The Chinese paragraph in Traditional Chinese.
  public static let traditionalChinese = """
    這個應用可以幫助你每天晚上寫下一句話，記錄重要的人和地方，並一眼看到自己的一週。每到週日，\
    它會為你整理一份簡短的總結，你的日記只保存在你的手機上。
    """

  /// A Japanese paragraph: kana and kanji, broken between characters.
  public static let japanese = """
    このアプリは、毎晩ひとことだけ日記を書き、大切な人や場所に印をつけて、一週間を一目で振り返る\
    ためのものです。日曜日には短いまとめが届き、日記はあなたの電話の中だけに保存されます。
    """

  /// A fitness service's blurb for the truncation detector.
  public static let fitnessBlurb = """
    Stride Club brings live strength, yoga and running classes to your living room, with a \
    plan that fits your week.
    """

  /// The settings page: two titled paragraphs and a segmented control between them; this is
  /// the first title.
  public static let appearanceTitle = "Appearance"
  /// The first paragraph of the settings page.
  public static let appearanceText = "Pick a look for the app. Automatic follows your device."
  /// The segmented control's choices.
  public static let appearanceChoices = ["Light", "Dark", "Automatic"]
  /// The second title of the settings page.
  public static let remindersTitle = "Reminders"
  /// The second paragraph of the settings page.
  public static let remindersText = """
    One gentle nudge a day, at the hour you choose. Quiet hours keep your evenings free.
    """
}

/// The chat messages of the expanding list demo: some cut at three lines in 390 points, some
/// short, in English, Hebrew, Japanese and Russian.
public enum DemoMessages {
  /// A message: the row's id, the author and the text.
  public struct Message: Sendable, Hashable, Codable {
    /// The row's id, unique in the list.
    public var id: String
    /// The author, whose initials the avatar shows.
    public var name: String
    /// The message.
    public var text: String

    /// Creates a message.
    public init(_ id: String, _ name: String, _ text: String) {
      self.id = id
      self.name = name
      self.text = text
    }
  }

  /// The language of each message that is not in English, as its author would set it.
  public static let languages: [String: TextLanguage] = ["m3": "he", "m4": "ja", "m5": "ru"]

  /// The messages, top to bottom.
  public static let messages: [Message] = [
    Message(
      "m1", "Ana Lima",
      """
      Back from the coast! The ferry was two hours late, so we spent the morning on the pier \
      sharing one umbrella and a bag of warm bread. I took far too many photos of the \
      lighthouse and I will make you look at every single one of them on Friday.
      """
    ),
    Message("m2", "Tom Baker", "Friday works. I'll bring the good coffee."),
    Message(
      "m3", "נועה לוי",
      """
      הגעתי הביתה מאוחר אבל שמחה. הרכבת נעצרה באמצע השדות בגלל תקלה, וכל הקרון התחיל לדבר. \
      גיליתי שהשכנה שלי מהקומה השלישית מגדלת דבורים על הגג, והיא הבטיחה להביא לנו צנצנת דבש.
      """
    ),
    Message(
      "m4", "佐藤 健",
      """
      昨日の展示会はとても面白かったです。古い地図の部屋で一時間以上も過ごしてしまいました。\
      港町の通りが百年でどう変わったのかがよく分かります。来月まで開いているので、週末に一緒に行きませんか。
      """
    ),
    Message("m5", "Ольга Смирнова", "Отличная идея, я тоже хочу посмотреть карты!"),
    Message(
      "m6", "Ben Okafor",
      """
      Quick update on the garden plot: the tomatoes survived the storm, the beans did not, and \
      somebody's cat has decided the compost bin is a throne. I left a note on the gate asking \
      whoever waters on Tuesdays to check the hose, it has a new leak near the tap.
      """
    ),
  ]

  /// The row the list demo inserts above an expanded row.
  public static let inserted = Message(
    "m0", "Ирина Волкова",
    """
    Доброе утро! Я нашла ключи от сарая, они лежали в кармане старой куртки. Заберу \
    инструменты сегодня вечером, а в субботу можем вместе покрасить забор, если будет солнце.
    """
  )
}
