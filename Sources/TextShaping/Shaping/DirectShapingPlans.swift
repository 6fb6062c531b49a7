import CHarfBuzz
import Synchronization

/// The direct shaping plans a shaper uses, by face, script and language (see
/// ``DirectShapingPlan``); `nil` for a combination whose runs always go to HarfBuzz.
///
/// A plan depends only on the font file, so plans are kept for the process as well: a new
/// shaper that loads the same file finds them made.
final class DirectShapingPlans: Sendable {
  private struct Key: Hashable {
    var font: Int
    var script: UInt32
    var language: UInt
  }

  private struct FileKey: Hashable {
    var file: FontFileReference
    var script: UInt32
    var language: UInt
  }

  /// Whether plans are made at all: a shaper without them shapes every run with HarfBuzz, the
  /// reference the tests compare with.
  let isEnabled: Bool
  private let plans = Mutex<[Key: DirectShapingPlan?]>([:])
  private static let byFile = Mutex<[FileKey: DirectShapingPlan?]>([:])

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// The plan for runs of `script` in `language` (HarfBuzz's default language when `nil`,
  /// as `hb_buffer_guess_segment_properties` takes it) shaped with `font`.
  func plan(for font: LoadedFont, script: hb_script_t, language: hb_language_t?)
    -> DirectShapingPlan?
  {
    guard isEnabled, DirectShapingPlan.isDefaultShaperScript(script) else { return nil }
    let language = language ?? hb_language_get_default()
    // Languages are interned: a language is its pointer for the process.
    let languageBits = UInt(bitPattern: language.map { UnsafeRawPointer($0) })
    let key = Key(font: font.id.rawValue, script: script.rawValue, language: languageBits)
    // A stored `nil` is a decision too: the combination always goes to HarfBuzz.
    switch plans.withLock({ $0[key] }) {
    case .some(let known): return known
    case .none: break
    }
    let fileKey = FileKey(file: font.file, script: script.rawValue, language: languageBits)
    let plan: DirectShapingPlan?
    switch Self.byFile.withLock({ $0[fileKey] }) {
    case .some(let known):
      plan = known
    case .none:
      plan = DirectShapingPlan.make(
        face: hb_font_get_face(font.harfBuzz.font), script: script, language: language)
      Self.byFile.withLock { $0[fileKey] = .some(plan) }
    }
    plans.withLock { $0[key] = .some(plan) }
    return plan
  }
}
