extension TextLanguage: ExpressibleByStringLiteral {
  /// Makes a language from a tag written in the source, such as `"ja"` or `"zh-Hant"`.
  ///
  /// A literal cannot hide a mistake: one that is neither a BCP 47 tag nor a POSIX locale
  /// identifier stops the program at once, naming it. Text from elsewhere (an option, a
  /// file) goes through the throwing ``init(_:)``.
  public init(stringLiteral value: String) {
    do {
      try self.init(value)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}
