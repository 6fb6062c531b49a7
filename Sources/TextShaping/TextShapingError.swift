/// An error from the text stack: a font file that FreeType or HarfBuzz cannot read, a font
/// Fontconfig cannot find, or an ICU call that failed.
///
/// Each case names what failed and with what, so the description alone locates the problem:
///
/// ```swift
/// do {
///   try shaper.register(fontAt: "/tmp/notes.txt", as: "Notes")
/// } catch {
///   print(error)  // FT_New_Face failed for /tmp/notes.txt with FreeType error 0x02 (...)
/// }
/// ```
public enum TextShapingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A FreeType function failed; `path` is the font file involved, if any.
  case freeType(function: String, code: Int32, path: String?)
  /// HarfBuzz could not open or read the font file at `path`.
  case harfBuzz(function: String, path: String)
  /// The file at `path` holds a font this stack cannot use (for example a bitmap-only font).
  case unsupportedFont(path: String, reason: String)
  /// A Fontconfig function failed or found no font for `family`.
  case fontconfig(function: String, family: String)
  /// An ICU function reported a failing `UErrorCode`.
  case icu(function: String, code: Int32)

  /// A sentence naming the failing function, its error code and the file or family involved.
  public var description: String {
    switch self {
    case .freeType(let function, let code, let path):
      let subject = path.map { " for \($0)" } ?? ""
      return "\(function) failed\(subject) with FreeType error \(Self.hex(code))"
        + " (\(Self.freeTypeMessage(code)))"
    case .harfBuzz(let function, let path):
      return "\(function) failed for \(path): HarfBuzz could not read the font file"
    case .unsupportedFont(let path, let reason):
      return "The font at \(path) cannot be used: \(reason)"
    case .fontconfig(let function, let family):
      return "\(function) found no usable font for the family \"\(family)\""
        + (family == "DejaVu Sans" ? " (install fonts-dejavu-core)" : "")
    case .icu(let function, let code):
      return "\(function) failed with ICU error \(code)"
    }
  }

  package static func hex(_ code: Int32) -> String {
    let digits = String(code, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
  }

  /// The meaning of the FreeType error codes a font load can produce (from fterrdef.h); FreeType
  /// builds usually leave out `FT_Error_String`'s table, so the common ones are spelled here.
  package static func freeTypeMessage(_ code: Int32) -> String {
    switch code {
    case 0x01: "cannot open resource"
    case 0x02: "unknown file format"
    case 0x03: "broken file"
    case 0x04: "invalid FreeType version"
    case 0x06: "invalid argument"
    case 0x07: "unimplemented feature"
    case 0x08: "broken table"
    case 0x09: "broken offset within table"
    case 0x40: "out of memory"
    case 0x55: "invalid stream operation"
    default: "see fterrdef.h"
    }
  }
}
