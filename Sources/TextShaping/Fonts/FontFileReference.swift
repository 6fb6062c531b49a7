/// A face in a font file: the file's path and the face's index in it.
struct FontFileReference: Sendable, Hashable {
  /// The path of the font file.
  var path: String
  /// The face's index in the file (Fontconfig's `FC_INDEX`).
  var index: Int
}
