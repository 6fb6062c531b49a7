import TestSupport
import Testing

@_spi(Backend) @testable import TextLayout

/// Layouts on the fixed-advance backend (10 pt: 5 pt a narrow character, 10 pt lines) compared
/// as text with reviewed golden dumps in `Golden/`. Re-record with `RECORD_GOLDEN=1 swift test
/// --filter GoldenLayoutTests` and review the diff before committing.
@Suite struct GoldenLayoutTests {
  static let cases: [(name: String, layout: @Sendable () throws -> LaidOutText)] = [
    ("wrap-unlimited", { try lay("The quick brown fox jumps over the lazy dog.", width: 80) }),
    (
      "wrap-limited-2",
      { try lay("The quick brown fox jumps over the lazy dog.", width: 80, limit: .lines(2)) }
    ),
    (
      "token-more",
      {
        try lay(
          "The quick brown fox jumps over the lazy dog.", width: 80, limit: .lines(2),
          token: TruncationToken())
      }
    ),
    ("mandatory-breaks", { try lay("one\ntwo three\n\nfour", width: 100) }),
    ("long-word", { try lay("a abcdefghijklmnopqrstuvwxyz b", width: 40) }),
    ("trailing-spaces", { try lay("aaaa     bbbb", width: 30) }),
    ("center-aligned", { try lay("aa bbbbbb cc", width: 40, alignment: .center) }),
  ]

  @Test("layouts match their reviewed golden dumps", arguments: cases.map(\.name))
  func golden(name: String) throws {
    let layout = try #require(Self.cases.first { $0.name == name }).layout()
    let difference = LayoutDump.compare(LayoutDump.dump(layout), golden: name)
    #expect(difference == nil, "\(difference ?? "")")
  }
}
