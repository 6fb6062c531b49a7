/// The texts of the demo gallery, written for it.
enum DemoTexts {
  /// An app description long enough to be cut at three lines, with a blank line between its
  /// paragraphs (collapsed to one newline while the text is collapsed).
  static let appDescription = """
    Tidepool keeps a calm journal of your days. Write a sentence each evening, tag the people \
    and places that mattered, and watch a quiet timeline grow.

    On Sundays it gathers the week into a short summary you can read in a minute. Nothing \
    leaves your phone unless you turn on sync, and even then every entry is encrypted first.
    """

  /// Short enough to fit in three lines at the extra small type size, not at large.
  static let typeSizes = """
    Trail Notes shows offline maps of every path in the park, with water stops and shelters \
    marked along the way.
    """

  /// The app description in Hebrew, right to left.
  static let hebrew = """
    היומן הזה עוזר לך לכתוב משפט אחד בכל ערב ולראות את השבוע שלך במבט אחד. ביום ראשון הוא \
    מכין סיכום קצר של השבוע, והרשומות שלך נשארות בטלפון שלך.
    """

  /// The app description in Arabic, right to left.
  static let arabic = """
    يساعدك هذا التطبيق على كتابة جملة واحدة كل مساء ورؤية أسبوعك بنظرة واحدة. في نهاية \
    الأسبوع يجمع لك ملخصا قصيرا، وتبقى ملاحظاتك على هاتفك فقط.
    """

  /// A Chinese paragraph: lines break between ideographs, without spaces.
  static let chinese = """
    这个应用可以帮助你每天晚上写下一句话，记录重要的人和地方，并一眼看到自己的一周。每到周日，\
    它会为你整理一份简短的总结，你的日记只保存在你的手机上。
    """

  /// A fitness service's blurb for the truncation detector.
  static let fitnessBlurb = """
    Stride Club brings live strength, yoga and running classes to your living room, with a \
    plan that fits your week.
    """

  /// The settings page: two titled paragraphs and a segmented control between them.
  static let appearanceTitle = "Appearance"
  static let appearanceText = "Pick a look for the app. Automatic follows your device."
  static let appearanceChoices = ["Light", "Dark", "Automatic"]
  static let remindersTitle = "Reminders"
  static let remindersText = """
    One gentle nudge a day, at the hour you choose. Quiet hours keep your evenings free.
    """
}
