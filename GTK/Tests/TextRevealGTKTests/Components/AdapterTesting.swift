import Foundation
import TextRaster
import TextReveal

@testable import TextRevealGTK

/// The real text stack and renderers the adapter tests lay out and draw with.
enum AdapterTesting {
  static let stack = try! TextStack()

  static var engine: TextLayoutEngine { stack.engine }

  /// A renderer at a scale, as the widgets draw.
  static func renderer(_ scale: RasterScale) -> ComponentRenderer {
    ComponentRenderer(stack: stack, scale: scale)
  }

  /// An adapter for a component, in an environment of a width, as the widget core sets it.
  static func adapter<Component: RevealComponent>(
    _ component: Component, width: Double = 320, theme: Theme = .light,
    direction: InterfaceDirection = .leftToRight, reducesMotion: Bool = false
  ) -> ComponentAdapter<Component> {
    var adapter = ComponentAdapter(component: component)
    adapter.environment = ComponentEnvironment(
      width: width, theme: theme, direction: direction, reducesMotion: reducesMotion)
    return adapter
  }

  /// The display list of an adapter's component at a time.
  static func list<Component: RevealComponent>(
    _ adapter: ComponentAdapter<Component>, at time: Double = 0
  ) throws -> DisplayList<Component.Action> {
    try adapter.displayList(using: engine, at: time)
  }

  /// A display list drawn as the widget draws it: transparent, maybe a band of it.
  static func draw<Component: RevealComponent>(
    _ adapter: ComponentAdapter<Component>, _ list: DisplayList<Component.Action>,
    scale: RasterScale = .x1, band: CGRect? = nil
  ) throws -> RGBABitmap {
    try adapter.draw(list, band: band, with: renderer(scale))
  }

  /// The rows of a bitmap with any visible pixel.
  static func inkedRows(_ bitmap: RGBABitmap) -> Int {
    (0..<bitmap.height).filter { y in
      (0..<bitmap.width).contains { bitmap[x: $0, y: y].alpha > 64 }
    }.count
  }

  /// The pixels of a bitmap with the most blue: the accent-colored "more", links and buttons.
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

  /// The middle of some pixels, in points at 1x.
  static func center(of pixels: [(x: Int, y: Int)]) -> CGPoint {
    CGPoint(
      x: Double(pixels.map(\.x).reduce(0, +)) / Double(pixels.count),
      y: Double(pixels.map(\.y).reduce(0, +)) / Double(pixels.count))
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
