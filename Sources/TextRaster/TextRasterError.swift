import Foundation
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

/// An error from the renderer: a glyph FreeType cannot load or render, a compression call that
/// failed, frames that do not make an animation, a text it cannot lay out, or a file that cannot
/// be written.
///
/// Each case names what failed and with what, so the description alone locates the problem:
///
/// ```swift
/// do {
///   try PNGEncoder.write(bitmap, to: "/no/such/dir/out.png")
/// } catch {
///   print(error)  // Cannot write /no/such/dir/out.png: open failed with errno 2 (No such file...)
/// }
/// ```
public enum TextRasterError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file could not be written at `path`; `function` is the system call that failed and `code`
  /// its `errno`. No file (complete or partial) is left at `path`.
  case cannotWrite(path: String, function: String, code: Int32)
  /// A FreeType function failed; `path` is the font file involved, if any.
  case freeType(function: String, code: Int32, path: String?)
  /// The glyph source does not know the font of a glyph run (its number).
  case unknownFont(Int)
  /// A zlib function failed with the given return code.
  case zlib(function: String, code: Int32)
  /// An animation has no frames.
  case emptyAnimation
  /// A frame of an animation is not the size of its first frame: the frame's number, its size
  /// and the first frame's, in pixels.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, firstWidth: Int, firstHeight: Int)
  /// An image (or an animation's frames together) would be larger than a bitmap can be:
  /// `width` × `height` pixels, `frames` of them.
  case imageTooLarge(width: Double, height: Double, frames: Int)

  /// A sentence naming the failing function, its error code and the path or font involved.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let function, let code):
      return "Cannot write \(path): \(function) failed with errno \(code)"
        + " (\(String(cString: strerror(code))))"
    case .freeType(let function, let code, let path):
      let subject = path.map { " for \($0)" } ?? ""
      return "\(function) failed\(subject) with FreeType error \(TextShapingError.hex(code))"
        + " (\(TextShapingError.freeTypeMessage(code)))"
    case .unknownFont(let font):
      return "No font file is known for the font \(font) of a glyph run"
    case .zlib(let function, let code):
      return "\(function) failed with zlib error \(code)"
    case .emptyAnimation:
      return "Cannot encode the animation: it has no frames"
    case .frameSizeMismatch(let frame, let width, let height, let firstWidth, let firstHeight):
      return "Cannot encode the animation: frame \(frame) is \(width) × \(height) pixels, frame 0"
        + " is \(firstWidth) × \(firstHeight)"
    case .imageTooLarge(let width, let height, let frames):
      let size = "\(Self.pixels(width)) × \(Self.pixels(height)) pixels"
      return frames > 1
        ? "The animation would be \(frames) frames of \(size), more than"
          + " \(RGBABitmap.maximumAnimationBytes >> 20) MiB"
        : "The image would be \(size); a bitmap is at most \(RGBABitmap.maximumSide) pixels on"
          + " a side and \(RGBABitmap.maximumPixels >> 20) Mi pixels in all"
    }
  }

  /// A pixel count for a message, without a fraction or an exponent up to a trillion.
  static func pixels(_ value: Double) -> String {
    value.isFinite && value < 1e12 ? String(Int(value)) : "\(value)"
  }
}
