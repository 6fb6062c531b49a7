import Foundation
import TextLayout

extension HarfBuzzShaper {
  /// Everything the shaper loads and caches, guarded by its mutex.
  struct State {
    /// The loaded faces; a `FontID`'s raw value is an index into this array.
    var fonts: [LoadedFont] = []
    /// The loaded faces by file, so each face is opened once.
    var fontIDsByFile: [FontFileReference: FontID] = [:]
    /// Families named explicitly with a font file; they win over Fontconfig.
    var registeredFamilies: [String: FontID] = [:]
    /// The primary face each requested family, weight and slant resolved to through Fontconfig.
    var primaryFonts: [FontRequest: FontID] = [:]
    /// Fontconfig's sorted fallback fonts per pattern; `nil` when Fontconfig had none.
    var fallbackLists: [FontRequest: FontFallbackList?] = [:]
    /// The face each character the primary face lacks resolved to.
    var fallbackFonts: [FallbackKey: FontID] = [:]
    /// Shaping results, one per key: the first text shaped with it.
    var shapes: [ShapeKey: ShapeEntry] = [:]
    /// Further results whose key (with its text hash) equals that of an entry in `shapes`.
    var collidingShapes: [ShapeKey: [ShapeEntry]] = [:]
    /// The number of entries in `shapes`.
    var shapeCount = 0
    /// The last style attributes resolved, and their face: consecutive pieces share a style.
    var lastPrimary: (request: FontRequest, font: PrimaryFont)?
  }

  /// The font attributes of a style, without its size; also the pattern fallbacks are sorted by.
  struct FontRequest: Hashable {
    var family: String
    var weight: Int
    var isItalic: Bool

    init(family: String, weight: Int, isItalic: Bool) {
      self.family = family
      self.weight = weight
      self.isItalic = isItalic
    }

    init(_ style: TextStyle) {
      family = style.fontFamily
      weight = style.weight.value
      isItalic = style.isItalic
    }
  }

  /// The face a style resolves to, and the pattern its fallback faces are sorted by.
  struct PrimaryFont {
    var font: LoadedFont
    /// The requested family, weight and slant; for a registered family, the family the font
    /// declares instead, since Fontconfig does not know the registered name.
    var fallbackPattern: FontRequest
  }

  /// A character a primary face lacks.
  struct FallbackKey: Hashable {
    var primary: FontID
    var fallbackPattern: FontRequest
    var character: Character
  }

  /// Everything a shaping result depends on, but the text itself, which only enters as a hash:
  /// a key's entries hold their texts and are compared byte for byte.
  struct ShapeKey: Hashable {
    /// A hash of the piece's UTF-8 bytes. Bytes, not `String` equality, which is canonical
    /// equivalence: "é" and "e" + U+0301 have different clusters.
    var textHash: Int
    /// The face the style's family, weight and slant resolved to: styles that resolve to the
    /// same face shape alike, and an integer hashes faster than the family name.
    var primary: FontID
    var size: Double
    var isRightToLeft: Bool
    /// The faces and scripts of the characters around the piece, when it starts or ends with
    /// a space or another character that takes its neighbours' face.
    var before: FontID?
    var beforeScript: UInt32?
    var after: FontID?
    var afterScript: UInt32?
  }

  /// A cached shaping result and the text it is for.
  struct ShapeEntry {
    var text: String
    var shaped: ShapedText

    /// Whether the entry is for exactly these UTF-8 bytes.
    func hasText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var text = text
      return text.withUTF8 { stored in
        stored.count == bytes.count
          && (stored.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, stored.count) == 0)
      }
    }
  }
}
