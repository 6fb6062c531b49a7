#!/usr/bin/python3
"""Differential test: TextReveal's line breaking against Pango's, on real text.

1. corpus.py collects paragraphs in English, Chinese, Japanese, Korean, Arabic, Hebrew, Russian
   and Greek from what Debian installed on this machine (nothing of it is in the repository).
2. pango_lines.py breaks each paragraph with Pango at each width.
3. `textreveal measure --width W` breaks the same paragraphs with our engine.
4. Per paragraph and width, the two sequences of line start offsets are compared; line ends
   are not, so whether a line's end includes its trailing spaces does not matter.

Prints the agreement per language and width, then one summary line, writes every mismatch to a
report file, and exits non-zero when the overall agreement is below the threshold (99.2%, issue 27).

Run it with Debian's /usr/bin/python3 (see pango_lines.py).
"""

import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import pango_lines  # noqa: E402  (needs the path above)

LANGUAGES = ["en", "zh", "ja", "ko", "ar", "he", "ru", "el", "emoji", "tab"]
LANGUAGE_NAMES = {
    "en": "English", "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "ar": "Arabic",
    "he": "Hebrew",
    "ru": "Russian", "el": "Greek", "emoji": "Emoji", "tab": "Tabs",
}

# Tab-separated records from tzdata (priority "required", so on every Debian machine): country
# codes, coordinates, zone names and comments, a field after each tab.
TAB_TABLE = "/usr/share/zoneinfo/zone1970.tab"
TAB_PARAGRAPHS = 60


def fail(message):
    print(f"compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_json_lines(text, source):
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as error:
                fail(f"{source} wrote invalid JSON on line {number}: {error}")
    return records


def run(command, input_text, source):
    result = subprocess.run(command, input=input_text, capture_output=True, text=True)
    if result.stderr.strip():
        sys.stderr.write(result.stderr)
    return result, read_json_lines(result.stdout, source)


def tab_paragraphs():
    """Paragraphs of two to five records of the zone table, fields apart by tabs and records by
    a space, so that tabs fall at many positions on a line. Tallied as "tab", laid out as
    English."""
    try:
        with open(TAB_TABLE, encoding="utf-8") as table:
            rows = [line.rstrip("\n") for line in table if line.strip() and not line.startswith("#")]
    except OSError as error:
        fail(f"cannot read {TAB_TABLE} (Debian's tzdata) for the tab texts: {error}")
    records = []
    index = 0
    while len(records) < TAB_PARAGRAPHS and index < len(rows):
        size = 2 + len(records) % 4
        text = " ".join(rows[index:index + size])
        index += size
        records.append({"id": f"tab-{len(records) + 1}", "text": text, "lang": "en",
                        "group": "tab"})
    return records


def collect_corpus(arguments):
    if arguments.corpus:
        with open(arguments.corpus, encoding="utf-8") as handle:
            return read_json_lines(handle.read(), arguments.corpus)
    command = [sys.executable, os.path.join(HERE, "corpus.py"),
               "--per-language", str(arguments.per_language)]
    result, records = run(command, "", "corpus.py")
    if result.returncode != 0:
        fail("corpus.py failed")
    return records


def pango_breaks(paragraphs, widths):
    command = [sys.executable, os.path.join(HERE, "pango_lines.py"),
               "--width", ",".join(format_width(width) for width in widths)]
    result, records = run(command, paragraphs, "pango_lines.py")
    if result.returncode != 0:
        fail("pango_lines.py failed")
    return {(record["id"], float(record["width"])): record["lines"] for record in records}


def engine_breaks(binary, paragraphs, width, count):
    if not os.access(binary, os.X_OK):
        fail(f"no textreveal binary at {binary}; build it first (swift build)")
    command = [binary, "measure", "--width", format_width(width)]
    result, records = run(command, paragraphs, "textreveal measure")
    if len(records) != count:
        fail(f"textreveal measure --width {format_width(width)} wrote {len(records)} records for "
             f"{count} paragraphs (exit status {result.returncode})")
    # A failed record makes the exit status non-zero; it is reported as a mismatch below.
    return records


def format_width(width):
    return str(int(width)) if float(width).is_integer() else str(width)


def slice_text(utf8, start, end):
    return utf8[start:end].decode("utf-8", "replace").rstrip()


def first_difference(ours, theirs):
    """Index of the first line whose extent differs: the line before the first differing start,
    or the last common line when one engine has more lines."""
    for index, (our_start, their_start) in enumerate(zip(ours, theirs)):
        if our_start != their_start:
            return max(index - 1, 0)
    return max(min(len(ours), len(theirs)) - 1, 0)


# Where Pango 1.50 breaks and the engine, by a rule it follows on purpose, does not.
KNOWN_RULE = "known rule difference"


def pango_rule_difference(utf8, their_end):
    """Names the rule that keeps our engine from Pango's break at `their_end`, when it is one
    we follow on purpose; None otherwise."""
    before = utf8[:their_end].decode("utf-8", "replace")
    after = utf8[their_end:].decode("utf-8", "replace")
    if not before or not after:
        return None
    # LB20a (Unicode 15.1): no break after a hyphen that starts a word ("sort -|k").
    if before[-1] in "-\u2010" and (len(before) == 1 or before[-2].isspace()) and \
            after[0].isalpha():
        return (f"{KNOWN_RULE}: Pango breaks after the hyphen that starts the word "
                f"{before[-1] + after.split()[0][:12]!r}; UAX #14 LB20a forbids it")
    # LB25 lets a line break between an infix separator and a digit when no number precedes
    # the separator ("1b,|2", "%.|250s"), and both engines do; ours keeps a separator that
    # starts a number with its digit (".35" after a space or an opening bracket, or at the
    # start), as ICU and Unicode 15.1's LB15c do, where Pango 1.50 breaks.
    if before[-1] in ",.:;" and after[0].isdigit() and \
            (len(before) == 1 or before[-2].isspace() or before[-2] in "([{-$"):
        return (f"{KNOWN_RULE}: Pango breaks between {before[-1]!r} and a digit where the "
                "separator starts a number; ours keeps it with the number (ICU, LB15c)")
    return None


def diagnose(layout, record, utf8, our_lines, their_lines, line, width):
    """A hint at the cause of a mismatch at the first differing line: which engine's line is
    longer, and how wide Pango measures the longer one (with the record's language and font)."""
    if not our_lines or not their_lines:
        return "one engine has no lines"
    pango_lines.set_language(layout, record.get("lang"))
    pango_lines.set_font(layout, record["text"])
    start = their_lines[line]["start"]
    our_end = our_lines[line + 1]["start"] if line + 1 < len(our_lines) else len(utf8)
    their_end = their_lines[line + 1]["start"] if line + 1 < len(their_lines) else len(utf8)
    text = utf8[start:max(our_end, their_end)].decode("utf-8", "replace").rstrip()
    layout.set_width(-1)
    layout.set_text(text, -1)
    _, logical = layout.get_extents()
    measured = logical.width / pango_lines.Pango.SCALE
    fits = measured <= width
    if our_end > their_end:
        our_width = our_lines[line].get("width", 0)
        if fits:
            return (f"ours is longer and Pango measures it {measured:.2f} <= {width:g}: "
                    "Pango has no break opportunity where ours ends the line")
        return (f"ours is longer: ours measures it {our_width:.2f}, Pango {measured:.2f} > "
                f"{width:g} (a measurement difference)")
    if fits:
        known = pango_rule_difference(utf8, their_end)
        if known:
            return known
        return (f"Pango's is longer and measures {measured:.2f} <= {width:g}: ours lacks that "
                "break opportunity or measures the line wider")
    return f"Pango's is longer and overflows ({measured:.2f} > {width:g})"


def describe_lines(lines, utf8, marker):
    rows = []
    for index, line in enumerate(lines):
        text = line.get("text")
        if text is None:
            text = slice_text(utf8, line["start"], line["end"])
        flag = ">" if index == marker else " "
        width = line.get("width", 0)
        rows.append(f"  {flag}{index + 1:3d} [{line['start']:4d}] {width:8.2f}  {text}")
    return rows


def mismatch_order(mismatch):
    identifier, width, _ = mismatch
    language, _, number = identifier.rpartition("-")
    rank = LANGUAGES.index(language) if language in LANGUAGES else len(LANGUAGES)
    return (rank, language, int(number) if number.isdigit() else 0, identifier, width)


def compare_width(binary, records, paragraphs, pango, layout, width, tally, mismatches):
    """Runs our engine at one width and compares each paragraph's line starts with Pango's."""
    ours = engine_breaks(binary, paragraphs, width, len(records))
    for record, result in zip(records, ours):
        identifier = record["id"]
        if result.get("id") != identifier:
            fail(f"textreveal measure answered {result.get('id')!r} for {identifier!r}")
        key = (record.get("group", record["lang"]), width)
        tally[key][1] += 1
        if "error" in result:
            mismatches.append((identifier, width, [f"  textreveal failed: {result['error']}"]))
            continue
        theirs = pango[(identifier, width)]
        our_starts = [line["start"] for line in result["lines"]]
        their_starts = [line["start"] for line in theirs]
        if our_starts == their_starts:
            tally[key][0] += 1
            continue
        utf8 = record["text"].encode("utf-8")
        index = first_difference(our_starts, their_starts)
        cause = diagnose(layout, record, utf8, result["lines"], theirs, index, width)
        rows = [f"  first differing line: {index + 1}", f"  cause: {cause}", "  ours:"]
        rows += describe_lines(result["lines"], utf8, index)
        rows += ["  Pango:"]
        rows += describe_lines(theirs, utf8, index)
        mismatches.append((identifier, width, rows))
        if cause.startswith(KNOWN_RULE):
            tally[key][2] += 1


def print_table(tally, widths):
    print(f"{'language':<10}" + "".join(f"{format_width(width):>18}" for width in widths))
    languages = sorted({language for language, _ in tally},
                       key=lambda language: (language not in LANGUAGES,
                                             LANGUAGES.index(language)
                                             if language in LANGUAGES else 0, language))
    for language in languages:
        cells = []
        for width in widths:
            matched, total, _ = tally[(language, width)]
            cell = f"{100 * matched / total:.1f}% {matched}/{total}" if total else "-"
            cells.append(f"{cell:>18}")
        print(f"{LANGUAGE_NAMES.get(language, language):<10}" + "".join(cells))


def write_report(path, summary, mismatches):
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(path, "w", encoding="utf-8") as report:
        report.write(f"Differential test against Pango {pango_lines.Pango.version_string()}: "
                     f"{summary}\n")
        report.write("Columns: line number, start (UTF-8 offset), width in points, text; '>' "
                     "marks the first differing line.\n")
        for identifier, width, rows in sorted(mismatches, key=mismatch_order):
            report.write(f"\n{identifier} at width {format_width(width)}\n")
            report.write("\n".join(rows) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/debug/textreveal",
                        help="the textreveal executable (default .build/debug/textreveal)")
    parser.add_argument("--widths", default="200,320,480",
                        help="comma-separated line widths in points (default 200,320,480)")
    parser.add_argument("--report", default=".build/differential-report.txt",
                        help="where to write the list of mismatches")
    parser.add_argument("--threshold", type=float, default=99.2,
                        help="minimum overall agreement in percent (default 99.2)")
    parser.add_argument("--per-language", type=int, default=150,
                        help="paragraphs per language (default 150)")
    parser.add_argument("--corpus",
                        help="read the paragraphs from this JSON Lines file instead of "
                        "collecting them")
    arguments = parser.parse_args()
    widths = pango_lines.parse_widths([arguments.widths])

    records = collect_corpus(arguments)
    for record in records:
        record.setdefault("lang", record["id"].rpartition("-")[0])
    records += tab_paragraphs()
    # Each paragraph with its language: Pango's context language and our "lang" both sort the
    # fallback fonts for it.
    paragraphs = "".join(json.dumps({"id": record["id"], "text": record["text"],
                                     "lang": record["lang"]},
                                    ensure_ascii=False) + "\n" for record in records)
    pango = pango_breaks(paragraphs, widths)
    layout = pango_lines.make_layout()

    # (language, width) -> [matched, total, mismatches that are a known Pango rule difference]
    tally = collections.defaultdict(lambda: [0, 0, 0])
    mismatches = []
    for width in widths:
        compare_width(arguments.binary, records, paragraphs, pango, layout, width, tally,
                      mismatches)

    matched = sum(counts[0] for counts in tally.values())
    total = sum(counts[1] for counts in tally.values())
    agreement = 100 * matched / total if total else 0.0
    summary = f"{agreement:.1f}% ({matched}/{total} paragraph-widths)"
    known = sum(counts[2] for counts in tally.values())
    print_table(tally, widths)
    print(f"of the {total - matched} mismatches, {known} are breaks Pango 1.50 makes where "
          "a rule we follow forbids them (see the report's causes)")
    write_report(arguments.report, f"{summary} break into the same lines.", mismatches)
    print(f"mismatches listed in {arguments.report}")
    print(f"pango agreement: {summary}")
    if agreement < arguments.threshold:
        print(f"compare.py: agreement is below {arguments.threshold:g}%", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
