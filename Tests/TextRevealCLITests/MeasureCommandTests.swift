import Foundation
import Testing

/// End-to-end tests: they run the built `textreveal` binary on real input.
@Suite struct MeasureCommandTests {
  typealias Run = CommandRun

  func run(_ arguments: [String], input: Data = Data()) throws -> Run {
    try CommandRun(arguments, input: input)
  }

  func jsonLines(_ records: [[String: Any]]) throws -> Data {
    try CommandRun.jsonLines(records)
  }

  @Test("measures records in order with UTF-8 offsets and tiling lines")
  func measuresRecords() throws {
    let texts = [
      "Tap more to read the whole description of this app, which is long enough to wrap.",
      "Short", "שלום עולם, זה טקסט בעברית שנשבר לשורות", "中文文本的换行不需要空格也能正确处理。",
    ]
    let input = try jsonLines(
      texts.enumerated().map { ["id": "t\($0.offset)", "text": $0.element] })
    let result = try run(["measure", "--width", "200"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let records = try result.records()
    #expect(records.map { $0["id"] as? String } == ["t0", "t1", "t2", "t3"])
    for (record, text) in zip(records, texts) {
      let lines = try #require(record["lines"] as? [[String: Any]])
      let utf8 = Array(text.utf8)
      var expectedStart = 0
      for line in lines {
        let start = try #require(line["start"] as? Int)
        let end = try #require(line["end"] as? Int)
        #expect(start == expectedStart)
        expectedStart = end
        let slice = String(decoding: utf8[start..<end], as: UTF8.self)
        let trimmed = String(slice.reversed().drop(while: \.isWhitespace).reversed())
        #expect(line["text"] as? String == trimmed)
        #expect(try #require(line["width"] as? Double) <= 200)
      }
      #expect(expectedStart == utf8.count)
      #expect(record["isTruncated"] as? Bool == false)
      #expect(record["isClipped"] as? Bool == false)
      #expect(record["visibleEnd"] as? Int == utf8.count)
    }
    #expect((records[0]["lines"] as? [Any])?.count ?? 0 > 1)
    #expect((records[1]["lines"] as? [Any])?.count == 1)
  }

  @Test("a grapheme wider than the line is reported as clipped, not as cut")
  func clippedGrapheme() throws {
    // 200 women joined by ZWJ: one grapheme cluster, about 3,000 points wide in DejaVu Sans.
    let family = Array(repeating: "\u{1F469}", count: 200).joined(separator: "\u{200D}")
    let input = try jsonLines([["id": "zwj", "text": "ok " + family]])
    let result = try run(["measure", "--width", "100", "--line-limit", "3"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let record = try #require(try result.records().first)
    let lines = try #require(record["lines"] as? [[String: Any]])
    #expect(lines.map { $0["text"] as? String } == ["ok", family])
    #expect(try #require(lines[1]["width"] as? Double) > 100)
    #expect(record["isClipped"] as? Bool == true)
    #expect(record["isTruncated"] as? Bool == false)
  }

  @Test("a line limit reports truncation and the visible end")
  func lineLimit() throws {
    let text = String(repeating: "word ", count: 200)
    let input = try jsonLines([["id": 7, "text": text]])
    let result = try run(["measure", "--width", "120", "--line-limit", "2"], input: input)
    #expect(result.status == 0)
    let record = try #require(try result.records().first)
    #expect(record["id"] as? Int == 7)
    #expect((record["lines"] as? [Any])?.count == 2)
    #expect(record["isTruncated"] as? Bool == true)
    let visibleEnd = try #require(record["visibleEnd"] as? Int)
    #expect(visibleEnd > 0 && visibleEnd < text.utf8.count)
    let size = try #require(record["size"] as? [String: Double])
    #expect(size["width"]! <= 120 && size["height"]! > 30)
  }

  @Test("bad records get their own error and the rest are still measured")
  func badRecords() throws {
    var input = Data("{\"id\": \"ok1\", \"text\": \"fine\"}\n".utf8)
    input += Data("{\"id\": \"broken\", \"text\": \n".utf8)
    input +=
      Data("{\"id\": \"bad-utf8\", \"text\": \"ab".utf8) + Data([0xFF, 0xFE]) + Data("\"}\n".utf8)
    input += Data("{\"id\": \"no-text\"}\n".utf8)
    input += Data("[1, 2]\n\n".utf8)
    input += Data("{\"id\": \"ok2\", \"text\": \"also fine\"}\n".utf8)
    let result = try run(["measure", "--width", "100"], input: input)
    #expect(result.status != 0)
    let records = try result.records()
    #expect(records.count == 6)
    #expect(records[0]["id"] as? String == "ok1" && records[0]["lines"] != nil)
    #expect(records[1]["line"] as? Int == 2)
    #expect((records[1]["error"] as? String)?.contains("malformed JSON") == true)
    #expect((records[2]["error"] as? String)?.contains("invalid UTF-8") == true)
    #expect((records[3]["error"] as? String)?.contains("text") == true)
    #expect(records[3]["id"] as? String == "no-text")
    #expect(records[4]["line"] as? Int == 5)
    #expect(records[5]["id"] as? String == "ok2" && records[5]["lines"] != nil)
    #expect(result.error.contains("4 record(s) failed"))
  }

  @Test("a lone surrogate escape is named, with the record's id, and a pair is a character")
  func loneSurrogates() throws {
    var input = Data(#"{"id":"high","text":"x\ud800y"}"#.utf8) + Data("\n".utf8)
    input += Data(#"{"id":"low","text":"\udc00 then \ud800"}"#.utf8) + Data("\n".utf8)
    input += Data(#"{"id":"bad\udc00id","text":"fine"}"#.utf8) + Data("\n".utf8)
    input += Data(#"{"id":"pair","text":"\ud83d\ude00 and \\ud800"}"#.utf8) + Data("\n".utf8)
    let result = try run(["measure", "--width", "300"], input: input)
    let records = try result.records()
    #expect(records.count == 4)
    #expect(records[0]["id"] as? String == "high")
    #expect(
      (records[0]["error"] as? String)?.contains(#"lone surrogate \ud800 at byte 22"#) == true)
    #expect(records[1]["id"] as? String == "low")
    #expect((records[1]["error"] as? String)?.contains(#"\udc00"#) == true)
    // An id that held the surrogate is not given back repaired: the line is named instead.
    #expect(records[2]["id"] == nil && records[2]["line"] as? Int == 3)
    // A pair is one character, and an escaped backslash before "ud800" is no escape.
    let lines = try #require(records[3]["lines"] as? [[String: Any]])
    #expect((lines.first?["text"] as? String)?.hasPrefix("😀 and \\ud800") == true)
    #expect(result.error.contains("3 record(s) failed"))
  }

  @Test("an empty text is one empty line of the font's height")
  func emptyText() throws {
    let result = try run(
      ["measure", "--width", "100"], input: Data("{\"id\":1,\"text\":\"\"}\n".utf8))
    let record = try #require(try result.records().first)
    let lines = try #require(record["lines"] as? [[String: Any]])
    #expect(lines.count == 1)
    let height = try #require((record["size"] as? [String: Double])?["height"])
    #expect(height > 15 && height < 25)
  }

  @Test("reads a file argument as well as standard input")
  func fileInput() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "measure-\(UUID().uuidString).jsonl")
    try Data("{\"id\":\"f\",\"text\":\"from a file\"}\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run(["measure", "--width", "300", url.path])
    #expect(result.status == 0)
    #expect(try result.records().first?["id"] as? String == "f")
  }

  @Test(
    "bad arguments fail with a message naming the problem",
    arguments: [
      (["measure", "--width", "0"], "--width"), (["measure", "--width", "-3"], "--width"),
      (["measure", "--width", "nan"], "--width"),
      (["measure", "--width", "100", "--line-limit", "0"], "--line-limit"),
      (["measure", "--width", "100", "--font", "/nonexistent/font.ttf"], "/nonexistent/font.ttf"),
      (["measure", "--width", "100", "/nonexistent/input.jsonl"], "/nonexistent/input.jsonl"),
    ])
  func badArguments(arguments: [String], mention: String) throws {
    let result = try run(arguments)
    #expect(result.status != 0)
    #expect(result.error.contains(mention), "\(result.error)")
  }

  @Test("a record's \"lang\" and --lang are checked, and a bad one names the record")
  func languages() throws {
    let text = "这个应用可以帮助你每天晚上写下一句话，记录重要的人和地方。"
    let input = try jsonLines([
      ["id": "zh", "text": text, "lang": "zh-Hans"], ["id": "none", "text": text],
      ["id": "bad", "text": text, "lang": "not a tag"], ["id": "num", "text": text, "lang": 7],
    ])
    let result = try run(["measure", "--width", "200", "--lang", "ja"], input: input)
    #expect(result.status == 1)
    let records = try result.records()
    #expect(records.count == 4)
    #expect(records[0]["lines"] != nil && records[1]["lines"] != nil)
    #expect(
      records[2]["error"] as? String
        == "\"lang\": \"not a tag\" is neither a BCP 47 language tag (such as zh-Hant or pt-BR)"
        + " nor a POSIX locale identifier (such as zh_TW or ja_JP.UTF-8)")
    #expect(records[2]["id"] as? String == "bad")
    #expect(records[3]["error"] as? String == "\"lang\" is not a string")
    let refused = try run(["measure", "--width", "200", "--lang", "12"], input: input)
    #expect(refused.status != 0 && refused.error.contains("--lang"), "\(refused.error)")
    #expect(refused.error.contains("such as zh_TW or ja_JP.UTF-8"), "\(refused.error)")
  }

  @Test("POSIX locales, as LANG and gettext write them, are languages: zh_CN measures as zh-Hans")
  func posixLanguages() throws {
    let text = "这个应用可以帮助你每天晚上写下一句话，记录重要的人和地方。"
    let languages = ["zh_CN", "zh-Hans", "zh_CN.UTF-8", "ja_JP.UTF-8", "ja", "pt_BR@euro"]
    let input = try jsonLines(languages.map { ["id": $0, "text": text, "lang": $0] })
    let result = try run(["measure", "--width", "200"], input: input)
    #expect(result.status == 0, "\(result.error)")
    let records = try result.records()
    #expect(records.allSatisfy { $0["lines"] != nil })
    // The same language in either spelling lays out the same lines.
    let lines = records.map { $0["lines"] as? NSArray ?? [] }
    #expect(lines[0].isEqual(lines[1]) && lines[1].isEqual(lines[2]))
    #expect(lines[3].isEqual(lines[4]) && lines[0].count > 1)
    let option = try run(["measure", "--width", "200", "--lang", "zh_CN.UTF-8"], input: input)
    #expect(option.status == 0, "\(option.error)")
  }

  @Test("a file that is not a font is refused, naming the path")
  func notAFont() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-a-font-\(UUID().uuidString).ttf")
    try Data("plain text, not a font".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try run(["measure", "--width", "100", "--font", url.path])
    #expect(result.status != 0)
    #expect(result.error.contains(url.path), "\(result.error)")
  }
}

/// `measure` as a request/response partner: another program writes a record, waits for its
/// answer, then writes the next, over a pipe it keeps open.
@Suite struct InteractiveMeasureTests {
  /// Reads standard output line by line on a thread of its own, so that a test can wait for
  /// the next line with a timeout instead of hanging when it never comes.
  final class LineWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var pending = Data()
    private let arrived = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      Thread.detachNewThread { [self] in
        while true {
          let data = handle.availableData
          if data.isEmpty { break }
          lock.lock()
          pending += data
          while let newline = pending.firstIndex(of: 0x0A) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending = Data(pending[(newline + 1)...])
            arrived.signal()
          }
          lock.unlock()
        }
      }
    }

    /// The next line, or `nil` when none came within `seconds` (a hang, not a slow run:
    /// one short record takes milliseconds).
    func next(within seconds: Double) -> String? {
      guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
      lock.lock()
      defer { lock.unlock() }
      return lines.removeFirst()
    }
  }

  @Test("each record is answered as soon as it has arrived, with the pipe still open")
  func answersEachRecord() throws {
    let process = Process()
    process.executableURL = CommandRun.binary
    process.arguments = ["measure", "--width", "200"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    let waiter = LineWaiter(output.fileHandleForReading)
    for index in 0..<3 {
      try input.fileHandleForWriting.write(
        contentsOf: Data(#"{"id":"r\#(index)","text":"hello world"}"#.utf8 + [0x0A]))
      let answer = try #require(
        waiter.next(within: 30), "no answer to record \(index) while the pipe stays open")
      #expect(answer.hasPrefix(#"{"id":"r\#(index)","lines":"#))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}

@Suite struct MarkdownFieldTests {
  @Test(
    "\"markdown\" takes JSON's true and false only: numbers are errors naming the field",
    arguments: [
      (#"true"#, nil), (#"false"#, nil), (#"1"#, "1"), (#"0"#, "0"), (#"1.0"#, "1"),
      (#"2"#, "2"), (#""yes""#, #""yes""#), (#"null"#, "null"),
    ] as [(String, String?)])
  func markdownField(value: String, quoted: String?) throws {
    let record = #"{"id":"m","text":"**a**","markdown":"# + value + "}\n"
    let run = try CommandRun(["measure", "--width", "200"], input: Data(record.utf8))
    let output = try #require(try run.records().first)
    if let quoted {
      #expect(run.status == 1)
      let error = try #require(output["error"] as? String)
      #expect(error == "\"markdown\" must be true or false, not \(quoted)")
    } else {
      #expect(run.status == 0, "\(run.error)")
      let lines = try #require(output["lines"] as? [[String: Any]])
      #expect(lines.first?["text"] as? String == (value == "true" ? "a" : "**a**"))
    }
  }
}

extension CommandRun {
  /// The output records, parsed.
  func records() throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }
}

@Suite struct LargeInputTests {
  @Test("a large input and a large output go through the pipes without a deadlock")
  func largeInput() throws {
    // About 1.5 MB in and more out: many times what a pipe holds.
    let records = (0..<3000).map { index in
      ["id": "r\(index)", "text": String(repeating: "word \(index) ", count: 80)] as [String: Any]
    }
    let run = try CommandRun(
      ["measure", "--width", "320", "--line-limit", "2"], input: CommandRun.jsonLines(records))
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 3000)
    #expect(lines.last?.contains("\"r2999\"") == true)
  }
}
