import ArgumentParser
import Foundation
import TextLayout
import TextRaster
import TextReveal
import TextShaping

/// `textreveal render`: draws one expandable text to a PNG, or its expand animation to an APNG.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw one expandable text to a PNG (or its expand animation to an animated PNG).",
    discussion: """
      The text comes from --text or from a UTF-8 file. It is laid out like the App Store's
      expandable text: limited to --line-limit lines, with a "more" button when it is cut, in
      the --style fade (the last line fades out before the button) or inline ("… more"). The
      image has 16 points of padding in the theme's background and is --scale pixels per
      point. --show-frames outlines the component's full-width frame and the box of its lines.
      With --animate the output is an animated PNG that starts in --state, changes to the other
      state and back, looping. The file is written atomically: on failure nothing is left.
      """
  )

  @Option(help: "The text to draw.")
  var text: String?

  @Argument(help: "A UTF-8 text file to draw instead of --text.")
  var input: String?

  @Option(help: "The component's width in points.")
  var width: Double = 320

  @Option(help: "The number of lines shown while collapsed (at least 1).")
  var lineLimit: Int = 3

  @Option(help: "How the cut is shown: fade (App Store) or inline (\"… more\").")
  var style: StyleOption = .fade

  @Option(help: "The state to draw: collapsed or expanded.")
  var state: StateOption = .collapsed

  @OptionGroup var appearance: AppearanceOptions

  @Option(help: "The font size in points at the large type size.")
  var size: Double = 17

  @Option(help: "A font file to use instead of DejaVu Sans.")
  var font: String?

  @Option(help: "The expand button's label.")
  var moreLabel: String = "more"

  @Option(help: "A collapse button's label, shown after the expanded text; none when omitted.")
  var lessLabel: String?

  @Flag(help: "Outline the full-width frame and the box of the lines, to debug layout.")
  var showFrames = false

  @Flag(help: "Write the expand and collapse animation as an animated PNG.")
  var animate = false

  @Option(name: [.customShort("o"), .customLong("output")], help: "The PNG file to write.")
  var output: String

  enum StyleOption: String, CaseIterable, ExpressibleByArgument {
    case fade, inline
  }

  enum StateOption: String, CaseIterable, ExpressibleByArgument {
    case collapsed, expanded
  }

  func validate() throws {
    switch (text, input) {
    case (nil, nil):
      throw ValidationError("give the text to draw with --text or as an input file")
    case (.some, .some):
      throw ValidationError("give the text with --text or as an input file, not both")
    default: break
    }
    guard width.isFinite, width > 0 else {
      throw ValidationError("--width must be a finite number greater than 0, got \(width)")
    }
    guard lineLimit >= 1 else {
      throw ValidationError("--line-limit must be at least 1, got \(lineLimit)")
    }
    guard size.isFinite, size > 0 else {
      throw ValidationError("--size must be a finite number greater than 0, got \(size)")
    }
    guard !output.isEmpty else {
      throw ValidationError("--output must name a file")
    }
  }

  func run() throws {
    let string: String
    if let text {
      string = text
    } else if let input {
      do {
        string = try String(contentsOfFile: input, encoding: .utf8)
      } catch {
        throw CommandError("cannot read input file \(input): \(error.localizedDescription)")
      }
    } else {
      preconditionFailure("validate() requires --text or an input file")
    }
    let stack: TextStack
    do {
      stack = try TextStack(fontPath: font)
    } catch {
      throw CommandError("\(error)")
    }
    let renderer = ComponentRenderer(shaper: stack.shaper, scale: appearance.canvasScale)
    var model = ExpandableTextModel(
      text: StyledText(string, style: TextStyle(fontFamily: stack.defaultFamily, size: size)),
      environment: appearance.environment(width: width), lineLimit: .lines(lineLimit),
      truncationStyle: style == .fade ? .fade : .inline, moreLabel: moreLabel,
      lessLabel: lessLabel, isExpanded: state == .expanded)

    do {
      if animate {
        let collapsed = try model.layout(using: stack.engine, expanded: false)
        let animation = try renderer.expansionAnimation(
          collapsed: collapsed, expanded: try model.layout(using: stack.engine, expanded: true),
          startsExpanded: model.isExpanded, duration: model.animationDuration,
          theme: appearance.colors)
        let isTruncated = collapsed.isTruncated
        try animation.write(to: output)
        let first = animation.frames[0].bitmap
        print(
          "\(output): \(first.width) × \(first.height) pixels, \(animation.frames.count) frames")
        if !isTruncated {
          FileHandle.standardError.write(
            Data("render: the text fits in \(lineLimit) lines; the animation is one frame\n".utf8))
        }
      } else {
        let layout = try model.layout(using: stack.engine)
        let canvas = try renderer.image(
          of: layout, theme: appearance.colors, frameBorders: showFrames ? .debug : nil)
        try PNGEncoder.write(canvas.bitmap, to: output)
        let cut = layout.isTruncated ? "cut at \(lineLimit) lines" : "not cut"
        print(
          "\(output): \(canvas.bitmap.width) × \(canvas.bitmap.height) pixels, \(state.rawValue),"
            + " \(cut)")
      }
    } catch let error as TextRasterError {
      throw CommandError("\(error)")
    } catch let error as TextLayoutError {
      throw CommandError("\(error)")
    }
  }
}
