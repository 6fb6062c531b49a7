import Foundation
import PlaygroundCore
import Testing

@Suite struct SettingsTests {
  private func change(_ json: String) throws -> SettingsChange {
    try JSONDecoder().decode(SettingsChange.self, from: Data(json.utf8))
  }

  @Test(
    "a value out of range is refused with its status and changes nothing",
    arguments: [
      (#"{"width": 0}"#, 400), (#"{"width": -5}"#, 400), (#"{"width": 4001}"#, 400),
      (#"{"width": 320, "typeSize": "huge"}"#, 400), (#"{"language": "xx-not-offered"}"#, 400),
    ])
  func refusesBadValues(body: String, status: Int) throws {
    var settings = PlaygroundSettings()
    let before = settings
    let change = try change(body)
    let error = #expect(throws: PlaygroundError.self) { try settings.apply(change) }
    #expect(error?.status == status)
    #expect(settings == before)
  }

  @Test(
    "a field of the wrong type, an unknown field or a value outside its choices is not decoded",
    arguments: [
      #"{"width": "wide"}"#, #"{"theme": "sepia"}"#, #"{"direction": true}"#,
      #"{"markdown": "yes"}"#, #"{"colour": "red"}"#, #"{"width": 300, "style": "marquee"}"#,
    ])
  func refusesBadFields(body: String) {
    #expect(throws: (any Error).self) { try change(body) }
  }

  @Test("a choice outside its set names the choices and quotes the start of what came")
  func namesChoices() throws {
    let error = #expect(throws: PlaygroundError.self) {
      try change(#"{"theme": "\#(String(repeating: "s", count: 1000))"}"#)
    }
    #expect(error?.message.contains("light, dark") == true)
    #expect(error?.message.contains("1000 bytes") == true)
    #expect((error?.message.count ?? .max) < 200)
  }

  @Test("a text over the limit is refused with 413")
  func refusesLongText() throws {
    var settings = PlaygroundSettings()
    var change = SettingsChange()
    change.text = String(repeating: "a", count: PlaygroundLimits().textBytes + 1)
    let error = #expect(throws: PlaygroundError.self) { try settings.apply(change) }
    #expect(error?.status == 413)
    #expect(settings.text == PlaygroundSettings().text)
  }

  @Test("good fields are applied together")
  func appliesFields() throws {
    var settings = PlaygroundSettings()
    let changed = try settings.apply(
      change(
        #"{"width": 500, "typeSize": "AX2", "theme": "dark", "direction": "rtl", "language": "he"}"#
      ))
    #expect(changed)
    #expect(settings.width == 500 && settings.typeSize == "AX2" && settings.theme == .dark)
    #expect(settings.direction == .rtl && settings.language == "he")
    #expect(try settings.apply(change(#"{"width": 500}"#)) == false)
  }

  @Test("\"Insert a row\" stops at the row limit with a 409")
  func capsRows() throws {
    var session = PlaygroundSession()
    var limits = PlaygroundLimits()
    limits.listRows = session.rows.count + 2
    try session.performListAction(.insert, limits: limits)
    try session.performListAction(.insert, limits: limits)
    let rows = session.rows
    let error = #expect(throws: PlaygroundError.self) {
      try session.performListAction(.insert, limits: limits)
    }
    #expect(error?.status == 409)
    #expect(session.rows == rows)
    try session.performListAction(.remove, limits: limits)
    try session.performListAction(.insert, limits: limits)
  }
}
