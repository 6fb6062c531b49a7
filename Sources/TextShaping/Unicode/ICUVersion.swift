import CICUShim

/// The ICU library linked at run time, and whether the Swift fast paths may stand in for it.
///
/// `LineBreakRules` and `BidiRules` apply the rules as ICU 72 does, departures from the
/// Unicode algorithms included, over class data read from whichever ICU is linked. Their
/// tests hold them to that ICU's answers bit for bit, but a newer ICU can change its rules
/// (Unicode 15.1 changed line breaking): with a version they were not verified against, the
/// analyzer asks ICU's own iterator and `ubidi` for everything, and is only slower.
enum ICUVersion {
  /// The major versions whose answers the Swift rules were verified against, by the test
  /// suites that compare them with ICU on every case of LineBreakTest.txt and
  /// BidiCharacterTest.txt and on random text (docs/FastPaths.md).
  static let verifiedMajorVersions: Set<Int> = [72]

  /// The major version of the linked ICU, for example 72.
  static let linkedMajorVersion = Int(trs_icu_major_version())

  /// Whether the Swift rules may answer for the linked ICU.
  static let rulesAreVerified = rulesApply(toMajorVersion: linkedMajorVersion)

  /// Whether the Swift rules may answer for an ICU of a major version.
  static func rulesApply(toMajorVersion version: Int) -> Bool {
    verifiedMajorVersions.contains(version)
  }
}
