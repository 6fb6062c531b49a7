import Foundation
@_spi(Backend) import TextLayout

/// Measures one JSON Lines record and formats the result or the record's error.
struct RecordMeasurer {
  let engine: TextLayoutEngine
  let style: TextStyle
  let configuration: LayoutConfiguration

  struct Result {
    var json: String
    var isFailure: Bool
  }

  func measure(record: Data, lineNumber: Int) -> Result {
    // Validate UTF-8 first: a String would silently repair it.
    let validEnd = UTF8Check.firstInvalidOffset(in: record)
    let invalidAt: Int? = validEnd < record.count ? validEnd : nil
    let object = try? JSONSerialization.jsonObject(with: record, options: [.fragmentsAllowed])
    let id = (object as? [String: Any])?["id"]
    if let invalidAt {
      return failure("invalid UTF-8 at byte \(invalidAt) of the record", id: id, line: lineNumber)
    }
    guard let object else {
      let (message, repaired) = JSONLines.diagnose(record)
      return failure(message, id: (repaired as? [String: Any])?["id"], line: lineNumber)
    }
    guard let dictionary = object as? [String: Any] else {
      return failure("the record is not a JSON object", id: nil, line: lineNumber)
    }
    guard let text = dictionary["text"] as? String else {
      return failure("the record has no \"text\" string", id: id, line: lineNumber)
    }
    var style = style
    switch LanguageOptions.language(field: dictionary["lang"]) {
    case .failure(let problem): return failure(problem.description, id: id, line: lineNumber)
    case .success(let language): if let language { style.language = language }
    }
    var isMarkdown = false
    if let field = dictionary["markdown"] {
      // Foundation reads 0 and 1 as Bool too: only JSON's own true and false are taken.
      guard let flag = JSONLines.boolean(field) else {
        return failure(
          "\"markdown\" must be true or false, not \(JSONLines.value(field))", id: id,
          line: lineNumber)
      }
      isMarkdown = flag
    }
    let styled = MarkdownOption.styledText(text, isMarkdown: isMarkdown, style: style)
    let layout: LaidOutText
    do {
      layout = try engine.layout(styled, configuration: configuration)
    } catch {
      return failure(error.description, id: id, line: lineNumber)
    }
    // JSON has no infinity: a font size near the largest double can overflow the widths.
    guard layout.size.width.isFinite && layout.size.height.isFinite,
      layout.lines.allSatisfy({ $0.frame.width.isFinite })
    else {
      return failure(
        "the layout's size is not a finite number (the font size is too large)", id: id,
        line: lineNumber)
    }
    return Result(json: format(layout, id: id, line: lineNumber), isFailure: false)
  }

  func identification(id: Any?, line: Int) -> String {
    if let id { return "\"id\":" + JSONLines.value(id) }
    return "\"line\":\(line)"
  }

  func failure(_ message: String, id: Any?, line: Int) -> Result {
    Result(
      json: "{" + identification(id: id, line: line) + ",\"error\":" + JSONLines.string(message)
        + "}",
      isFailure: true)
  }

  func format(_ layout: LaidOutText, id: Any?, line: Int) -> String {
    var json = "{" + identification(id: id, line: line) + ",\"lines\":["
    for (index, line) in layout.lines.enumerated() {
      if index > 0 { json += "," }
      let text = layout.text.string
      let content = String(text[layout.stringRange(line.contentRange)])
      json += "{\"text\":" + JSONLines.string(content)
      json += ",\"start\":\(line.range.lowerBound),\"end\":\(line.range.upperBound)"
      json += ",\"width\":" + JSONLines.number(Double(line.frame.width)) + "}"
    }
    json += "],\"isTruncated\":\(layout.isTruncated),\"visibleEnd\":\(layout.visibleEnd)"
    json += ",\"isClipped\":\(layout.isClipped)"
    json += ",\"size\":{\"width\":" + JSONLines.number(layout.size.width)
    json += ",\"height\":" + JSONLines.number(layout.size.height) + "}"
    // The characters no installed font covers, drawn as boxes: each with its UTF-8 range.
    json += ",\"uncovered\":["
    for (index, range) in layout.uncoveredCharacters.enumerated() {
      if index > 0 { json += "," }
      let character = String(layout.text.string[layout.stringRange(range)])
      json += "{\"text\":" + JSONLines.string(character)
      json += ",\"start\":\(range.lowerBound),\"end\":\(range.upperBound)}"
    }
    json += "]}"
    return json
  }
}
