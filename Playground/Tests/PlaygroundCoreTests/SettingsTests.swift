import PlaygroundCore
import Testing

@Suite struct SettingsTests {
  @Test(
    "a bad field is refused with its status and changes nothing",
    arguments: [
      (#"{"width": 0}"#, 400), (#"{"width": -5}"#, 400), (#"{"width": 4001}"#, 400),
      (#"{"width": "wide"}"#, 400), (#"{"width": 320, "typeSize": "huge"}"#, 400),
      (#"{"theme": "sepia"}"#, 400), (#"{"direction": true}"#, 400),
      (#"{"language": "xx-not-offered"}"#, 400), (#"{"markdown": "yes"}"#, 400),
      (#"{"colour": "red"}"#, 400), (#"{"width": 300, "style": "marquee"}"#, 400),
    ])
  func refusesBadFields(body: String, status: Int) throws {
    var settings = PlaygroundSettings()
    let before = settings
    let object = try JSONValue.object(from: Array(body.utf8))
    let error = #expect(throws: PlaygroundError.self) { try settings.apply(object) }
    #expect(error?.status == status)
    #expect(settings == before)
  }

  @Test("a text over the limit is refused with 413")
  func refusesLongText() throws {
    var settings = PlaygroundSettings()
    let text = String(repeating: "a", count: PlaygroundSettings.maximumTextBytes + 1)
    let error = #expect(throws: PlaygroundError.self) {
      try settings.apply(["text": .string(text)])
    }
    #expect(error?.status == 413)
    #expect(settings.text == PlaygroundSettings().text)
  }

  @Test("good fields are applied together")
  func appliesFields() throws {
    var settings = PlaygroundSettings()
    let changed = try settings.apply(
      JSONValue.object(
        from: Array(
          #"{"width": 500, "typeSize": "AX2", "theme": "dark", "direction": "rtl", "language": "he"}"#
            .utf8)))
    #expect(changed)
    #expect(settings.width == 500 && settings.typeSize == "AX2" && settings.theme == .dark)
    #expect(settings.direction == .rtl && settings.language == "he")
    #expect(try settings.apply(["width": .number(500)]) == false)
  }

  @Test("bodies that are not a JSON object are refused", arguments: ["", "{", "[1]", "42", "nul"])
  func refusesNonObjects(body: String) {
    #expect(throws: PlaygroundError.self) { try JSONValue.object(from: Array(body.utf8)) }
  }
}
