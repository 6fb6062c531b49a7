import Foundation
import Testing
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

@Suite struct LineBreakConformanceTests {
  @Test(
    "every case of LineBreakTest.txt passes, but for the listed ICU deviations, each of which fails"
  )
  func conformance() throws {
    let contents = try String(contentsOfFile: LineBreakTestFile.path, encoding: .utf8)
    let file = LineBreakTestFile(contents: contents)
    let skips = try LineBreakSkipList.load()
    let analyzer = ICUAnalyzer()

    var passed = 0
    var skipped = 0
    var failures: [String] = []
    var staleSkips: [Int] = []
    for testCase in file.cases {
      let found = analyzer.lineBreaks(in: testCase.text[...]).map(\.offset)
      if found == testCase.breaks {
        passed += 1
        if skips.contains(line: testCase.line) { staleSkips.append(testCase.line) }
      } else if skips.contains(line: testCase.line) {
        skipped += 1
      } else {
        failures.append(
          "line \(testCase.line): expected \(testCase.breaks), got \(found) — \(testCase.comment)")
      }
    }
    let total = file.cases.count
    let rate = Double(passed) / Double(total - skipped)
    print(
      "LineBreakTest: \(passed) of \(total) cases pass, \(skipped) skipped (known ICU"
        + " deviations), \(failures.count) fail: "
        + String(format: "%.3f%%", rate * 100) + " of the cases not skipped;"
        + " \(file.unrepresentableLines.count) lines unrepresentable")
    for failure in failures.prefix(40) {
      print("  " + failure)
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) cases fail (\(String(format: "%.3f%%", rate * 100)) pass)")
    #expect(staleSkips.isEmpty, "skip entries whose cases pass: lines \(staleSkips)")
    #expect(skipped == skips.lines.count, "skip entries that name no case of the file")
  }
}
