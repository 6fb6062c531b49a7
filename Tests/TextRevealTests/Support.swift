import TextLayout
import TextShaping

/// One real text stack for the suite: DejaVu Sans through FreeType, HarfBuzz and ICU.
// A machine without DejaVu Sans cannot run these tests: the message names the font.
let stack = try! TextStack()
let engine = TextLayoutEngine(shaper: stack.shaper, analyzer: stack.analyzer)

/// An app description long enough to be cut at three lines in 320 points.
let appDescription = """
  Plan your week, track every habit and see your progress at a glance. Widgets show today's \
  goals on your home screen, reminders arrive when they help, and your data stays on your \
  device unless you choose to sync it.
  """
