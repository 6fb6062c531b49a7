import Foundation
import FuzzDriver
@_spi(Backend) import TextLayout
@_spi(Backend) import TextShaping

// The font loader on mutated font files: a text stack made with the input as its default font
// either fails with an error or lays out a text in every script its seeds cover, keeping the
// engine's basic invariants. Seeds are small fonts from Debian's packages, copied at run time
// (see `make fuzz`), never stored in the repository.

enum Fonts {
  static let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-font-\(getpid()).ttf").path
  static let text = StyledText(
    "Hello, world! office ffi 𐊀𐊁𐊂 ᚁᚂᚃ مرحبا 你好 👍🏽\nSecond paragraph.", style: TextStyle(size: 17))
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzFonts(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard
    FileManager.default.createFile(
      atPath: Fonts.path, contents: Data(FuzzDriver.bytes(start, count)))
  else {
    fatalError("cannot write \(Fonts.path)")
  }
  // A broken font is an error when the stack is made: nothing else to check.
  guard let stack = try? TextStack(fontPath: Fonts.path) else { return 0 }
  for width in [1.0, 60, 320] {
    let layout: LaidOutText
    do {
      layout = try stack.engine.layout(
        Fonts.text, configuration: LayoutConfiguration(width: width, lineLimit: .lines(4)))
    } catch {
      fatalError("a valid configuration was refused: \(error)")
    }
    if !(layout.size.width.isFinite && layout.size.height.isFinite && layout.size.height >= 0) {
      fatalError("size \(layout.size)")
    }
    if layout.lines.contains(where: { !$0.frame.width.isFinite || $0.frame.width < 0 }) {
      fatalError("a line width is negative or not finite: \(layout.lines.map(\.frame))")
    }
    if layout.visibleEnd > Fonts.text.string.utf8.count { fatalError("visible end") }
  }
  return 0
}

exit(FuzzDriver.run(fuzzFonts))
