import CHarfBuzz
import Synchronization
@_spi(Backend) import TextLayout

/// The direct shaping plans a shaper uses, by face, script and language (see
/// ``DirectShapingPlan``); `nil` for a combination whose runs always go to HarfBuzz.
///
/// A plan depends only on the font file, so plans are kept for the process as well: a new
/// shaper that loads the same file finds them made.
final class DirectShapingPlans: Sendable {
  private struct Key: Equatable {
    var font: Int
    var script: UInt32
    var language: UInt
  }

  private struct FileKey: Hashable {
    var file: FontFileKey
    var script: UInt32
    var language: UInt
  }

  /// Whether plans are made at all: a shaper without them shapes every run with HarfBuzz, the
  /// reference the tests compare with.
  let isEnabled: Bool
  /// The plans this shaper used, searched in order: a shaper meets a handful of faces,
  /// scripts and languages, and comparing three numbers costs less than hashing them.
  private let plans = Mutex<[(key: Key, plan: DirectShapingPlan?)]>([])
  private static let byFile = ProcessMemo<FileKey, DirectShapingPlan?>()
  /// Each face's ``NeighborSensitiveGlyphs``, by font, found the first time a piece ends in
  /// it.
  private let neighborSensitive = Mutex<[Int: NeighborSensitiveGlyphs]>([:])
  /// The same, for the process: like a plan, they depend only on the font file, and reading
  /// a face's lookups for them cost a new shaper about 2,500 instructions for each face it
  /// met.
  private static let neighborSensitiveByFile = ProcessMemo<
    FontFileKey, NeighborSensitiveGlyphs
  >()

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// Whether a piece that ends with `glyph` of `font` may measure otherwise with a glyph
  /// after it, in any script and language (the face's ``NeighborSensitiveGlyphs``).
  func mayKern(after glyph: UInt32, font: LoadedFont) -> Bool {
    if let known = neighborSensitive.withLock({ $0[font.id.rawValue] }) {
      return known.contains(glyph)
    }
    let glyphs = Self.neighborSensitiveGlyphs(
      face: hb_font_get_face(font.harfBuzz.font), file: font.key)
    neighborSensitive.withLock { $0[font.id.rawValue] = glyphs }
    return glyphs.contains(glyph)
  }

  /// A face's ``NeighborSensitiveGlyphs``, made the first time the process meets its file.
  static func neighborSensitiveGlyphs(
    face: OpaquePointer, file: FontFileKey?
  ) -> NeighborSensitiveGlyphs {
    guard let file else { return NeighborSensitiveGlyphs(face: face) }
    return neighborSensitiveByFile.value(for: file) { NeighborSensitiveGlyphs(face: face) }
  }

  /// The plan for runs of `script` in `language` (HarfBuzz's default language when `nil`,
  /// as `hb_buffer_guess_segment_properties` takes it) shaped with `font`.
  func plan(for font: LoadedFont, script: hb_script_t, language: hb_language_t?)
    -> DirectShapingPlan?
  {
    indexedPlan(for: font, script: script, language: language)?.plan
  }

  /// The advances of two glyphs shaped together by the plan this shaper keeps at `index`
  /// (``indexedPlan(for:script:language:)``, ``DirectShapingPlan/pairAdvances(_:_:_:_:)``);
  /// `nil` when there is no plan there or the pair is not shaped directly. The plan is called
  /// in place under the lock: taken out of it, it was retained and released for each pair.
  func pairAdvances(
    plan index: Int, _ first: UInt32, _ firstUnits: Int32, _ second: UInt32,
    _ secondUnits: Int32
  ) -> (Int32, Int32)? {
    plans.withLock { plans in
      guard index >= 0 && index < plans.count else { return nil }
      return plans[index].plan?.pairAdvances(first, firstUnits, second, secondUnits)
    }
  }

  /// ``plan(for:script:language:)``, with where this shaper keeps it: one face, script and
  /// language for as long as the shaper lives.
  func indexedPlan(for font: LoadedFont, script: hb_script_t, language: hb_language_t?)
    -> (plan: DirectShapingPlan, index: Int)?
  {
    guard isEnabled, DirectShapingPlan.isDirectScript(script) else { return nil }
    let language = language ?? hb_language_get_default()
    // Languages are interned: a language is its pointer for the process.
    let languageBits = UInt(bitPattern: language.map { UnsafeRawPointer($0) })
    let key = Key(font: font.id.rawValue, script: script.rawValue, language: languageBits)
    // A stored `nil` is a decision too: the combination always goes to HarfBuzz.
    let known = plans.withLock { plans -> (plan: DirectShapingPlan?, index: Int)? in
      // Compared in place: copying an entry would count a reference to its plan.
      for index in plans.indices where plans[index].key == key {
        return (plans[index].plan, index)
      }
      return nil
    }
    if let known { return known.plan.map { ($0, known.index) } }
    let fileKey = FileKey(file: font.key, script: script.rawValue, language: languageBits)
    let plan = Self.byFile.value(for: fileKey) {
      DirectShapingPlan.make(
        face: hb_font_get_face(font.harfBuzz.font), file: font.key, script: script,
        language: language)
    }
    let index = plans.withLock { plans in
      // Another thread may have added it meanwhile: one index for each key.
      if let index = plans.firstIndex(where: { $0.key == key }) { return index }
      plans.append((key, plan))
      return plans.count - 1
    }
    return plan.map { ($0, index) }
  }
}
