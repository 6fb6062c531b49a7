import Foundation
import Testing
@_spi(Backend) import TextLayout
import TextMarkdown

let code = "Test Mono"
let base = TextStyle(fontFamily: "Test Sans", size: 13)

func parse(_ markdown: String) throws -> StyledText {
  MarkdownParser.styledText(from: markdown, base: base, codeFamily: code)
}

func marked(_ markdown: String) throws -> MarkedText {
  MarkedText(try parse(markdown), codeFamily: code)
}

/// The UTF-8 range of the first occurrence of `needle` in the text's string.
func range(of needle: String, in text: StyledText) throws -> Range<Int> {
  let found = try #require(text.string.range(of: needle))
  let utf8 = text.string.utf8
  return utf8.distance(
    from: utf8.startIndex, to: found.lowerBound)..<utf8.distance(
      from: utf8.startIndex, to: found.upperBound)
}

/// The styles over the UTF-8 range of `needle`, one per run it meets.
func styles(of needle: String, in text: StyledText) throws -> [TextStyle] {
  let range = try range(of: needle, in: text)
  return text.runs.filter { $0.range.overlaps(range) }.map(\.style)
}

@Suite("Inline constructs against cmark-gfm's own HTML")
struct OracleTests {
  @Test(
    "Each inline construct styles exactly the characters cmark-gfm's HTML marks",
    arguments: [
      "**bold** and __bold__ and **not bold",
      "*it* and _it_ and a*b*c but snake_case_name stays",
      "`code` and `` a`b `` and ``` unclosed",
      "~~strike~~ and ~one~ and ~~not",
      "***both*** and **bold *nested italic* bold** and *it **bold** it*",
      "[text](https://example.com/a) and [**bold** in link](https://example.com/b)",
      "[*it*, `code` and ~~del~~](https://example.com/c \"title\")",
      "see https://example.com/x?y=1 and www.example.org, or mail me@example.com.",
      "<https://example.com/auto> and <mailto:a@example.com>",
      "**bold\nacross** lines, _and\nitalic_ and ~~strike\nacross~~",
      "a hard  \nbreak and a backslash\\\nbreak",
      // Delimiters at line starts, where the parser puts its sentinel space.
      "_a_\n_b_ c\n__d__\n~~e~~\n**f**\n*g\n*h*\ni_\n_j",
      "x *a\n*b* and **c\n**d",
      "www.example.com/start\nhttps://example.com/next\nme@example.com\n<https://example.com/angle>",
      "&amp; &copy; &#35; &#x1F600; &bogus; \\* \\_ \\` \\[x\\]",
      "![alt text](img.png) and [![linked image](i.png)](https://example.com/img)",
      "*[a*](https://example.com/d) and [a *b](https://example.com/e) c*",
      "**unbalanced *markers _everywhere ~~ `",
      "~~**bold in strike**~~ and **~~strike in bold~~**",
      "emoji 😀 **bold é** and `日本語`",
      #"**\|bold\|** and a\|b and \\|c and *\|*"#,
      // Runs of one to four backslashes before a bar, and bars at the line's ends.
      #"|a \|b \\|c \\\|d \\\\|e \|"#,
      "line one | x\nline two \\| y\nline three",
    ])
  func matchesOracle(markdown: String) throws {
    let expected = try CmarkOracle.markedText(markdown)
    let actual = try marked(markdown)
    #expect(actual.string == expected.string)
    #expect(actual == expected)
  }

  @Test("The oracle reader itself sees bold, links and code")
  func oracleReads() throws {
    let text = try CmarkOracle.markedText("a **b** [c](https://example.com) `d`")
    #expect(text.string == "a b c d")
    #expect(text.marks[2].bold)
    #expect(text.marks[4].link == "https://example.com")
    #expect(text.marks[6].code)
    #expect(!text.marks[0].bold && text.marks[0].link == nil && !text.marks[0].code)
  }
}

@Suite("Styles, spoilers and text of the result")
struct MarkdownParserTests {
  @Test("Plain text keeps the base style and every character")
  func plain() throws {
    let text = try parse("Hello, world")
    #expect(text.string == "Hello, world")
    #expect(text.runs == [StyledText.Run(range: 0..<12, style: base)])
  }

  @Test("An empty or blank text comes back as it is")
  func empty() throws {
    #expect(try parse("") == StyledText("", style: base))
    #expect(try parse("  \n\t\n") == StyledText("  \n\t\n", style: base))
  }

  @Test("Styles change only weight, italics, font, strikethrough and link of the base")
  func stylesOnBase() throws {
    let text = try parse("**b** *i* `c` ~~s~~ [l](https://example.com)")
    var bold = base
    bold.weight = .bold
    var italic = base
    italic.isItalic = true
    var mono = base
    mono.fontFamily = code
    var strike = base
    strike.isStrikethrough = true
    var link = base
    link.link = URL(string: "https://example.com")
    #expect(try styles(of: "b", in: text) == [bold])
    #expect(try styles(of: "i", in: text) == [italic])
    #expect(try styles(of: "c", in: text) == [mono])
    #expect(try styles(of: "s", in: text) == [strike])
    #expect(try styles(of: "l", in: text) == [link])
    #expect(text.string == "b i c s l")
  }

  @Test("Bold inside a link keeps the link on every run")
  func boldInLink() throws {
    let text = try parse("[see **this** now](https://example.com/x)")
    #expect(text.string == "see this now")
    let url = URL(string: "https://example.com/x")
    #expect(text.runs.count == 3)
    #expect(text.runs.allSatisfy { $0.style.link == url })
    #expect(try styles(of: "this", in: text).map(\.weight) == [.bold])
    #expect(try styles(of: "see ", in: text).map(\.weight) == [.regular])
  }

  @Test(
    "E-mail autolinks get mailto:, www autolinks http://",
    arguments: [
      ("write to me@example.com", "me@example.com", "mailto:me@example.com"),
      ("go to www.example.com now", "www.example.com", "http://www.example.com"),
      ("go to https://example.com/a now", "https://example.com/a", "https://example.com/a"),
      ("<https://example.com/b>", "https://example.com/b", "https://example.com/b"),
    ])
  func autolinks(markdown: String, linked: String, url: String) throws {
    let text = try parse(markdown)
    #expect(try styles(of: linked, in: text).map(\.link) == [URL(string: url)])
  }

  @Test(
    "A link whose target URL cannot read stays plain text",
    arguments: ["[bad](<http://[::1>)", "[bad](<https://ex ample.com>)", "[bad]()"])
  func unreadableLink(markdown: String) throws {
    let text = try parse(markdown)
    #expect(text.string == "bad")
    #expect(text.runs.allSatisfy { $0.style.link == nil })
  }

  @Test("An image becomes its alt text without a link")
  func image() throws {
    let text = try parse("![a *cat*](cat.png)")
    #expect(text.string == "a cat")
    #expect(text.runs == [StyledText.Run(range: 0..<5, style: base)])
  }

  @Test("Entities and backslash escapes resolve as in CommonMark")
  func entities() throws {
    let text = try parse(#"&amp; &copy; &#x1F600; &bogus; \*not italic\* \\"#)
    #expect(text.string == #"& © 😀 &bogus; *not italic* \"#)
    #expect(text.runs.count == 1)
  }

  @Test("Raw HTML stays literal text")
  func rawHTML() throws {
    let source = "<b>hi</b> <!-- note --> <a href=\"x\">y</a>"
    let text = try parse(source)
    #expect(text.string == source)
    #expect(text.runs == [StyledText.Run(range: 0..<source.utf8.count, style: base)])
  }

  @Test("A NUL character becomes U+FFFD and does not end the text")
  func nul() throws {
    let text = try parse("a\u{0}b **c**\u{0}")
    #expect(text.string == "a\u{FFFD}b c\u{FFFD}")
    #expect(try styles(of: "c", in: text).map(\.weight) == [.bold])
  }

  @Test("The base style's spoiler, color and language pass through")
  func baseAttributes() throws {
    var style = base
    style.color = TextColor(red: 1, green: 0, blue: 0)
    style.language = "ja"
    let text = MarkdownParser.styledText(from: "a **b**", base: style, codeFamily: code)
    #expect(text.runs.allSatisfy { $0.style.color == style.color && $0.style.language == "ja" })
  }
}

@Suite("Spoilers")
struct SpoilerTests {
  func spoiled(_ text: StyledText) -> String {
    var result = ""
    for run in text.runs where run.style.isSpoiler {
      result += String(text.slice(run.range)) + "|"
    }
    return result
  }

  @Test("A pair of || hides the words between, without the markers")
  func balanced() throws {
    let text = try parse("a ||secret words|| b")
    #expect(text.string == "a secret words b")
    #expect(spoiled(text) == "secret words|")
  }

  @Test("A spoiler may wrap styled spans and code")
  func wrapsSpans() throws {
    let text = try parse("||**bold** and `code`|| after")
    #expect(text.string == "bold and code after")
    #expect(try range(of: "bold and code", in: text) == 0..<13)
    #expect(text.runs.filter { $0.range.upperBound <= 13 }.allSatisfy { $0.style.isSpoiler })
    #expect(try styles(of: " after", in: text).map(\.isSpoiler) == [false])
    #expect(try styles(of: "bold", in: text).map(\.weight) == [.bold])
    #expect(try styles(of: "code", in: text).map(\.fontFamily) == [code])
  }

  @Test(
    "An unbalanced || stays literal",
    arguments: [
      ("one || two", "one || two", ""),
      ("||a|| ||b", "a ||b", "a|"),
      ("||a\n\nb||", "||a\n\nb||", ""),
      ("a ||| b", "a ||| b", ""),
    ])
  func unbalanced(markdown: String, string: String, hidden: String) throws {
    let text = try parse(markdown)
    #expect(text.string == string)
    #expect(spoiled(text) == hidden)
  }

  @Test("Inside code spans and as escapes || is literal")
  func literalPipes() throws {
    let text = try parse(#"`a||b||c` and \|\|x\|\| and `\|`"#)
    #expect(text.string == #"a||b||c and ||x|| and \|"#)
    #expect(spoiled(text) == "")
  }

  @Test("A spoiler spans a soft line break, keeping the line ending")
  func acrossLines() throws {
    let text = try parse("||one\n  two|| three")
    #expect(text.string == "one\n  two three")
    #expect(spoiled(text) == "one\n  two|")
  }

  @Test("Markers pair as a scan from the left finds them, in every line of a, | and space")
  func markerScan() throws {
    // Every line of up to seven characters of "a", "|" and " ", against a model of the rule:
    // from the left, two "|" side by side are a marker and the scan goes on after both; the
    // first marker opens, the next closes, and a last one alone stays text.
    var lines = [""]
    for _ in 0..<7 {
      lines += lines.filter { $0.count == lines.last!.count }.flatMap {
        [$0 + "a", $0 + "|", $0 + " "]
      }
    }
    for line in lines {
      let characters = Array(line)
      var markers: [Int] = []
      var index = 0
      while index < characters.count {
        if characters[index] == "|", index + 1 < characters.count, characters[index + 1] == "|" {
          markers.append(index)
          index += 2
        } else {
          index += 1
        }
      }
      let paired = markers.count - markers.count % 2
      // The line without its paired markers, and its hidden stretches (touching ones are one
      // run).
      var string = ""
      var runs: [String] = []
      var isHidden = false
      var isInRun = false
      var next = 0
      index = 0
      while index < characters.count {
        if next < paired, markers[next] == index {
          isHidden.toggle()
          next += 1
          index += 2
          continue
        }
        string.append(characters[index])
        if isHidden {
          if !isInRun { runs.append("") }
          runs[runs.count - 1].append(characters[index])
        }
        isInRun = isHidden
        index += 1
      }
      let text = try parse(line)
      #expect(text.string == string, "\(line)")
      #expect(spoiled(text) == runs.map { $0 + "|" }.joined(), "\(line)")
    }
  }

  @Test("A spoiler inside link text keeps the link")
  func inLink() throws {
    let text = try parse("[a ||b|| c](https://example.com)")
    #expect(text.string == "a b c")
    #expect(spoiled(text) == "b|")
    #expect(text.runs.allSatisfy { $0.style.link == URL(string: "https://example.com") })
  }
}

@Suite("Concurrency")
struct ConcurrencyTests {
  @Test("Parses on many threads at once agree with one parse alone")
  func concurrentParses() async throws {
    // Strikethrough and autolinks are what a racing cmark-gfm 0.29 loses.
    let source = "a ~~b~~ www.example.com c ~~d~~ https://example.org e me@example.com"
    let expected = try parse(source)
    #expect(expected.runs.count == 10)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var count = 0
          for _ in 0..<300 where (try? parse(source)) != expected { count += 1 }
          return count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
