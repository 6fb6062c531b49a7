import Foundation
import Testing
import TextLayout
import TextShaping

@Suite struct LineBreakConformanceTests {
  @Test("ICU passes at least 99.5% of LineBreakTest.txt, skip list aside")
  func conformance() throws {
    let contents = try String(contentsOfFile: LineBreakTestFile.path, encoding: .utf8)
    let file = LineBreakTestFile(contents: contents)
    let skips = try LineBreakSkipList.load()
    let analyzer = ICUAnalyzer()

    var passed = 0
    var skipped = 0
    var failures: [String] = []
    for testCase in file.cases {
      let found = analyzer.lineBreaks(in: testCase.text[...]).map(\.offset)
      if found == testCase.breaks {
        passed += 1
      } else if skips.contains(line: testCase.line, comment: testCase.comment) {
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
    #expect(rate >= 0.995, "\(failures.count) cases fail")
    #expect(Double(passed) / Double(total) >= 0.995, "too many cases skipped")
  }
}
