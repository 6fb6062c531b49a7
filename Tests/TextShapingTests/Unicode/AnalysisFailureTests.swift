import Foundation
import Synchronization
import Testing
@_spi(Backend) import TextLayout

@_spi(Backend) @testable import TextShaping

/// ICU's failures reach the caller as errors: the analyzer keeps them per thread, and the
/// engine throws them after the layout and forgets what a prepared text kept from it.
@Suite struct AnalysisFailureTests {
  /// U_MEMORY_ALLOCATION_ERROR from opening a break iterator, as ICU would report it.
  static let failure = TextShapingError.icu(function: "ubrk_open", code: 7)
  static let stack = try! TextStack()

  static func failingEngine() -> TextLayoutEngine {
    TextLayoutEngine(
      shaper: stack.shaper, analyzer: ICUAnalyzer(failingWith: failure))
  }

  static let text = StyledText(
    "A paragraph long enough to wrap, with שלום in it, for both analyses.",
    style: TextStyle(size: 17))
  static let configuration = LayoutConfiguration(width: 120, lineLimit: .lines(3))

  @Test("a failing analysis makes layout and measure throw, naming ICU's function and error")
  func layoutThrows() throws {
    let engine = Self.failingEngine()
    let expected = TextLayoutError.analysisFailed("\(Self.failure)")
    #expect(throws: expected) { try engine.layout(Self.text, configuration: Self.configuration) }
    #expect(throws: expected) { try engine.measure(Self.text, configuration: Self.configuration) }
    #expect(throws: expected) {
      try engine.measure([PreparedText(Self.text)], configuration: Self.configuration)
    }
    #expect("\(expected)".contains("ubrk_open failed with ICU error 7"))
    // Taken once: the next layout on this thread with a sound analyzer succeeds.
    #expect(throws: Never.self) {
      try Self.stack.engine.layout(Self.text, configuration: Self.configuration)
    }
  }

  @Test("a prepared text forgets the stand-in analysis of a failed layout")
  func preparedForgets() throws {
    let prepared = PreparedText(Self.text)
    #expect(throws: TextLayoutError.self) {
      try Self.failingEngine().layout(prepared, configuration: Self.configuration)
    }
    let again = try Self.stack.engine.layout(prepared, configuration: Self.configuration)
    let fresh = try Self.stack.engine.layout(Self.text, configuration: Self.configuration)
    #expect(again.lines.map(\.range) == fresh.lines.map(\.range))
    #expect(again.lines.count == 3 && again.isTruncated)
  }

  @Test("direct calls answer with a stand-in and keep the failure for this thread only")
  func perThread() throws {
    let analyzer = ICUAnalyzer(failingWith: Self.failure)
    #expect(analyzer.lineBreaks(in: "two words") == [.init(offset: 9, isMandatory: false)])
    let bidi = analyzer.bidiLevels(in: "שלום", direction: .rightToLeft)
    #expect(bidi.paragraphLevel == 1 && bidi.runs.map(\.level) == [1])
    // Another thread sees nothing of this thread's failure. (A synchronous test stays on its
    // thread; an `await` could resume it on another.)
    let done = DispatchSemaphore(value: 0)
    let elsewhere = Mutex<Bool?>(nil)
    let thread = Thread {
      elsewhere.withLock { $0 = analyzer.takeFailure() == nil }
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(elsewhere.withLock { $0 } == true)
    #expect(analyzer.takeFailure() as? TextShapingError == Self.failure)
    #expect(analyzer.takeFailure() == nil)
    #expect(throws: Self.failure) { try analyzer.analyzeLineBreaks(in: "two words") }
  }

  @Test("a sound ICU passes the stack's check; the check runs ICU's dictionary and ubidi")
  func check() throws {
    try ICUAnalyzer().check()
    #expect(throws: Self.failure) { try ICUAnalyzer(failingWith: Self.failure).check() }
  }
}
