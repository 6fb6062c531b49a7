#!/usr/bin/python3
"""Breaks paragraphs into lines with Pango, the reference layout engine on Linux.

Input: JSON Lines {"id": "...", "text": "..."} on standard input.
Output: JSON Lines {"id": ..., "width": W, "lines": [{"start": u8, "end": u8, "width": w}]}
on standard output, one record per input paragraph and width (widths in the order given, all
paragraphs for the first width, then for the next). Offsets are UTF-8 byte offsets into the
text; a line's end includes its trailing spaces, as Pango reports it; `width` is the line's
logical width in points.

Set-up, chosen to match TextReveal's engine: Pango through PangoCairo at 72 dpi, so 1 pt is
1 px; unhinted metrics and unrounded glyph positions (fractional advances); "DejaVu Sans 17"
with Fontconfig fallback; wrapping at words, then characters when a word is wider than the
line (Pango.WrapMode.WORD_CHAR); no hyphen inserted where a word is split, because the engine
inserts none; no line limit.

Run it with Debian's /usr/bin/python3: the bindings come from python3-gi, gir1.2-pango-1.0 and
python3-gi-cairo, which another python3 earlier on PATH may lack.
"""

import argparse
import json
import sys

try:
    import cairo
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Pango, PangoCairo
except (ImportError, ValueError) as error:
    print(f"pango_lines.py: Pango's Python bindings are missing ({error}); run scripts/bootstrap "
          "and use /usr/bin/python3", file=sys.stderr)
    sys.exit(2)

FONT = "DejaVu Sans 17"
TAB_INTERVAL = 28
FAMILY = "DejaVu Sans"
SIZE = 17.0
# DejaVu Sans: 2048 units per em, hhea ascender 1901 and descender -483, so a line of it is
# 17 * 2384 / 2048 = 19.789 points tall at 17 points.
DEJAVU_LINE_HEIGHT = SIZE * (1901 + 483) / 2048


def make_layout():
    font_map = PangoCairo.FontMap.new()
    context = font_map.create_context()
    PangoCairo.context_set_resolution(context, 72)
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    PangoCairo.context_set_font_options(context, options)
    context.set_round_glyph_positions(False)

    description = Pango.FontDescription.from_string(FONT)
    font = font_map.load_font(context, description)
    family = font.describe().get_family() if font else None
    if family != FAMILY:
        raise SystemExit(f"pango_lines.py: Fontconfig gave {family!r} for {FONT!r}; "
                         "install fonts-dejavu-core (scripts/bootstrap)")

    layout = Pango.Layout.new(context)
    layout.set_font_description(description)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    attributes = Pango.AttrList()
    attributes.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attributes)
    # Tab stops every 28 points, TextReveal's default (Apple's): with one stop, Pango puts the
    # next ones at its multiples.
    tabs = Pango.TabArray.new(1, True)
    tabs.set_tab(0, Pango.TabAlign.LEFT, TAB_INTERVAL)
    layout.set_tabs(tabs)
    check_scale(layout)
    return layout


def check_scale(layout):
    """Fails unless 17 points come out as 17 pixels with fractional advances: the line height
    must be DejaVu Sans's at 17 units, and ten "i" must not be ten rounded advances."""
    layout.set_width(-1)
    layout.set_text("iiiiiiiiii", -1)
    _, logical = layout.get_extents()
    height = logical.height / Pango.SCALE
    width = logical.width / Pango.SCALE
    if abs(height - DEJAVU_LINE_HEIGHT) > 0.05:
        raise SystemExit(f"pango_lines.py: a line is {height:.3f} px tall, expected "
                         f"{DEJAVU_LINE_HEIGHT:.3f} (is the resolution 72 dpi?)")
    # "i" advances 569/2048 em in DejaVu Sans: 4.723 points at 17 points.
    expected = 10 * SIZE * 569 / 2048
    if abs(width - expected) > 0.05:
        raise SystemExit(f"pango_lines.py: ten 'i' are {width:.3f} px wide, expected "
                         f"{expected:.3f} (hinted or rounded metrics?)")


def set_language(layout, language):
    """Sets Pango's context language, as the record's "lang" sets ours: it sorts the fallback
    fonts (with no language, each character takes the first font that covers it)."""
    context = layout.get_context()
    context.set_language(Pango.Language.from_string(language) if language else
                         Pango.Language.get_default())
    layout.context_changed()


def is_cjk_letter(character):
    code = ord(character)
    return (0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF
            or 0xAC00 <= code <= 0xD7AF)


def set_font(layout, text):
    """Names, after DejaVu Sans, the face Pango itself draws the text's first Han, kana or
    Hangul letter from (the face its language-sorted fallback picks for the script).

    Without it Pango chooses fallback character by character: CJK punctuation that follows
    Latin text (the "、" in "'m'、時間") comes from the first face that covers it, Noto Sans
    Mongolian, narrower than the paragraph's CJK face, even with the language set. TextReveal
    keeps a paragraph's CJK punctuation in its CJK face (issue 15), so, to compare line
    breaking rather than that choice, Pango is given the same face as a second family.
    """
    description = Pango.FontDescription.from_string(FONT)
    letter = next((character for character in text if is_cjk_letter(character)), None)
    if letter is not None:
        layout.set_font_description(description)
        layout.set_width(-1)
        layout.set_text(letter, -1)
        family = layout.get_line_readonly(0).runs[0].item.analysis.font.describe().get_family()
        if family and family != FAMILY:
            description.set_family(f"{FAMILY},{family}")
    layout.set_font_description(description)


def break_lines(layout, text, width):
    layout.set_width(round(width * Pango.SCALE))
    layout.set_text(text, -1)
    lines = []
    for line in layout.get_lines_readonly():
        _, logical = line.get_extents()
        lines.append({
            "start": line.start_index,
            "end": line.start_index + line.length,
            "width": round(logical.width / Pango.SCALE, 3),
        })
    return lines


def parse_widths(values):
    widths = []
    for value in values:
        for part in value.split(","):
            if part.strip():
                widths.append(float(part))
    if not widths or any(width <= 0 for width in widths):
        raise argparse.ArgumentTypeError("widths must be positive numbers")
    return widths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--width", action="append", required=True,
                        help="line width in points; repeat it or give a comma list")
    arguments = parser.parse_args()
    widths = parse_widths(arguments.width)

    records = []
    for number, line in enumerate(sys.stdin, start=1):
        if line.strip():
            record = json.loads(line)
            if not isinstance(record.get("text"), str):
                raise SystemExit(f"pango_lines.py: input line {number} has no text")
            records.append(record)

    layout = make_layout()
    out = sys.stdout
    for width in widths:
        for record in records:
            set_language(layout, record.get("lang"))
            set_font(layout, record["text"])
            result = {
                "id": record.get("id"),
                "width": int(width) if width.is_integer() else width,
                "lines": break_lines(layout, record["text"], width),
            }
            out.write(json.dumps(result, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
