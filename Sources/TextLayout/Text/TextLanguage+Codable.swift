extension TextLanguage: Codable {
  /// Decodes a language from a string, a BCP 47 tag or a POSIX locale identifier.
  ///
  /// - Throws: `DecodingError.dataCorrupted` with ``TextLayoutError/invalidLanguage(_:)``'s
  ///   description when the string is neither.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the canonical tag as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }
}
