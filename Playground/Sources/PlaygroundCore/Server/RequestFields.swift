/// The fields of a request's JSON object, read with checks: each accessor names the field and
/// what was wrong with it, and ``finish()`` refuses fields nobody asked for (a typo).
struct RequestFields {
  private let object: [String: JSONValue]
  private var read: Set<String> = []

  init(_ object: [String: JSONValue]) {
    self.object = object
  }

  /// A finite number, or `nil` when the field is absent.
  mutating func number(_ name: String) throws(PlaygroundError) -> Double? {
    read.insert(name)
    guard let value = object[name] else { return nil }
    guard case .number(let number) = value, number.isFinite else {
      throw PlaygroundError("\"\(name)\" must be a finite number, got \(value.typeName)")
    }
    return number
  }

  /// A string, or `nil` when the field is absent.
  mutating func string(_ name: String) throws(PlaygroundError) -> String? {
    read.insert(name)
    guard let value = object[name] else { return nil }
    guard case .string(let string) = value else {
      throw PlaygroundError("\"\(name)\" must be a string, got \(value.typeName)")
    }
    return string
  }

  /// A boolean, or `nil` when the field is absent.
  mutating func bool(_ name: String) throws(PlaygroundError) -> Bool? {
    read.insert(name)
    guard let value = object[name] else { return nil }
    guard case .bool(let bool) = value else {
      throw PlaygroundError("\"\(name)\" must be true or false, got \(value.typeName)")
    }
    return bool
  }

  /// One of a closed set of names, or `nil` when the field is absent.
  mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(
    _ name: String, of _: Choice.Type
  ) throws(PlaygroundError) -> Choice? {
    guard let string = try string(name) else { return nil }
    guard let choice = Choice(rawValue: string) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw PlaygroundError("\"\(name)\" must be one of \(names); got \"\(string)\"")
    }
    return choice
  }

  /// Refuses the fields that were not read.
  func finish() throws(PlaygroundError) {
    let unknown = Set(object.keys).subtracting(read).sorted()
    guard unknown.isEmpty else {
      throw PlaygroundError(
        "unknown field\(unknown.count == 1 ? "" : "s"): "
          + unknown.map { "\"\($0)\"" }.joined(separator: ", "))
    }
  }
}
