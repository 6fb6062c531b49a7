import ArgumentParser
import Foundation
import TextRaster
@_spi(FrontEnd) import TextReveal
@_spi(Backend) import TextShaping

/// `textreveal demo`: writes the gallery, every component in every state as PNG and animated
/// PNG, with an `index.html` that captions each image.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Write the gallery: PNG and animated PNG of every component, and an index.html.",
    discussion: """
      Draws the App Store style expandable text collapsed and expanded (fade and inline, light
      and dark), at three type sizes, in Hebrew, Arabic and Chinese, and as an animation; an
      expanding list of chat messages (initial, two rows expanded, a row inserted above them,
      right to left, and the toggle animation); the truncation detector with and without a
      "show all" button; and a settings page before and after full-width alignment, with frame
      borders. Each demo checks its own premise
      (for example, that a text really fits at one type size and is cut at another) and the
      command fails, naming the demo, when one does not hold.
      """
  )

  @Option(help: "The directory to write the gallery to; created when missing.")
  var output: String = "gallery"

  @Option(help: "Pixels per point of the images: 1, 2 or 3.")
  var scale: RasterScale = .x2

  func validate() throws {
    guard !output.isEmpty else { throw ValidationError("--output must name a directory") }
  }

  func run() throws {
    do {
      try FileManager.default.createDirectory(
        atPath: output, withIntermediateDirectories: true)
    } catch {
      throw CommandError("cannot create the directory \(output): \(error.localizedDescription)")
    }
    let stack: TextStack
    do {
      stack = try TextStack()
    } catch {
      throw CommandError("\(error)")
    }
    let renderer = ComponentRenderer(stack: stack, scale: scale)
    var gallery = DemoGallery(
      stack: stack, renderer: renderer, directory: output,
      coverage: UncoveredCharacterLog(stack: stack))
    do {
      try gallery.drawExpandableStates()
      try gallery.drawTypeSizes()
      try gallery.drawMarkdown()
      try gallery.drawScripts()
      try gallery.drawRegionalForms()
      try gallery.drawAnimation()
      try gallery.drawList()
      try gallery.drawListSpoilers()
      try gallery.drawTruncationDetection()
      try gallery.drawSettingsPage()
      try gallery.drawSpoilers()
      try gallery.drawEmoji()
    } catch let error as TextRasterError {
      throw CommandError("\(error)")
    } catch let error as TextRevealError {
      throw CommandError("\(error)")
    }
    if let message = UncoveredCharacterWarning.message(
      for: gallery.coverage.uncovered, command: "demo")
    {
      throw CommandError(message + "; the gallery must draw every character")
    }
    let index = (output as NSString).appendingPathComponent("index.html")
    do {
      try Data(gallery.page.html().utf8).write(to: URL(fileURLWithPath: index), options: .atomic)
    } catch {
      throw CommandError("cannot write \(index): \(error.localizedDescription)")
    }
    try Console.print("Wrote \(gallery.imageCount) images and \(index)")
  }
}
