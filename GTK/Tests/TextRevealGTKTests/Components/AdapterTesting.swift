import TextLayout
import TextRaster
import TextReveal
import TextShaping

@testable import TextRevealGTK

/// The real text stack and renderers the adapter tests lay out and draw with.
enum AdapterTesting {
  static let stack = try! TextStack()

  static var engine: TextLayoutEngine { stack.engine }

  /// A renderer at a scale, with no padding, as the widgets draw.
  static func renderer(_ scale: RasterCanvas.Scale) -> ComponentRenderer {
    ComponentRenderer(shaper: stack.shaper, scale: scale, padding: 0)
  }

  /// Draws a band of a scene, as the widget core draws what a scrolled window shows.
  static func draw<Action>(
    _ scene: ComponentScene<Action>, scale: RasterCanvas.Scale = .x1,
    band: LayoutRect? = nil
  ) throws -> RGBABitmap {
    let band =
      band
      ?? LayoutRect(
        x: 0, y: 0, width: scene.size.width.rounded(.up),
        height: max(1, scene.size.height.rounded(.up)))
    var canvas = RasterCanvas(width: band.width, height: band.height, scale: scale)
    try scene.draw(&canvas, renderer(scale), LayoutPoint(x: -band.minX, y: -band.minY))
    return canvas.bitmap
  }

  /// The rows of a bitmap with any visible pixel.
  static func inkedRows(_ bitmap: RGBABitmap) -> Int {
    (0..<bitmap.height).filter { y in
      (0..<bitmap.width).contains { bitmap[x: $0, y: y].alpha > 64 }
    }.count
  }

  /// The pixels of a bitmap with the most blue: the accent-colored "more" and links.
  static func accentPixels(_ bitmap: RGBABitmap) -> [(x: Int, y: Int)] {
    var result: [(Int, Int)] = []
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width {
        let pixel = bitmap[x: x, y: y]
        if pixel.alpha > 128, Int(pixel.blue) - Int(pixel.red) > 120 { result.append((x, y)) }
      }
    }
    return result
  }

  /// A long text that three lines at 320 points cannot hold.
  static let longText = StyledText(
    """
    The Debian Project is an association of individuals who have made common cause to create a \
    free operating system. This operating system is called Debian. It comes with over 59000 \
    packages, precompiled software bundled up in a nice format for easy installation.
    """)
}

extension RGBABitmap {
  /// The pixels of a rectangle of whole pixels.
  func crop(x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
    var result: [UInt8] = []
    for row in y..<(y + height) {
      let start = (row * self.width + x) * 4
      result += bytes[start..<(start + width * 4)]
    }
    return result
  }
}
