#!/usr/bin/python3
"""Collects real paragraphs in several languages from what Debian installed on this machine.

No third-party text is committed to the repository: the corpus is gathered at test time from
text that Debian packages ship, written and translated by their upstream projects:

- English: the long descriptions in /var/lib/dpkg/status.
- Other languages (Chinese, Japanese, Korean, Arabic, Hebrew, Russian, Greek): translated
  gettext catalogs (/usr/share/locale/<lang>/LC_MESSAGES/*.mo).

Only packages from a fixed set are read: every package of priority "required" plus the packages
that scripts/bootstrap installs, and everything those depend on. A fresh Debian 12 machine that
ran scripts/bootstrap therefore yields the same corpus as a developer's machine full of other
software (for the same package versions).

The selection is deterministic: paragraphs are deduplicated, ordered by a hash of their text (so
a newer package version changes only a few of them), paragraphs of 80 characters or more first,
and capped per language.

Output: JSON Lines {"id": "<lang>-<n>", "lang": "<lang>", "text": "..."} on standard output.
"""

import argparse
import hashlib
import json
import os
import re
import struct
import sys
import unicodedata

DPKG_STATUS = "/var/lib/dpkg/status"
DPKG_INFO = "/var/lib/dpkg/info"

# Keep in step with scripts/bootstrap: these packages and their dependencies are what the corpus
# may read. libglib2.0-data and xkb-data are there for their Arabic and Hebrew catalogs.
SEED_PACKAGES = """
  libharfbuzz-dev libicu-dev libfreetype-dev libfontconfig-dev zlib1g-dev fonts-dejavu-core
  fonts-noto-core fonts-noto-cjk unicode-data python3 python3-gi gir1.2-pango-1.0
  python3-gi-cairo libpango1.0-dev pkg-config apt dpkg libglib2.0-data xkb-data
  fonts-noto-color-emoji
""".split()

# Emoji as messengers send them (fully qualified: skin tones, ZWJ families and professions,
# flags, keycaps, a tag flag, VS16 and a bare text-presentation heart), mixed into English
# paragraphs and strung into emoji-only messages: the "emoji" group of the comparison.
EMOJI = [
    "😀", "😂", "👍🏽", "🙏🏻", "👋🏿", "👩‍👩‍👧‍👦", "👨🏾‍💻", "🧑‍🚀", "🏳️‍🌈", "🇯🇵", "🇫🇷", "🇧🇷",
    "❤️", "❤", "🎉", "🔥", "✨", "☕", "1️⃣", "#️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
]
# Paragraphs with emoji mixed in, and emoji-only messages.
EMOJI_MIXED = 100
EMOJI_ONLY = 30

# Locale directories read for each language.
LOCALES = {
    "zh": ["zh_CN", "zh_TW"],
    "ja": ["ja"],
    "ko": ["ko"],
    "ar": ["ar"],
    "he": ["he"],
    "ru": ["ru"],
    "el": ["el"],
}
LANGUAGES = ["en", "zh", "ja", "ko", "ar", "he", "ru", "el"]

MIN_LENGTH = 40
MAX_LENGTH = 600
LONG_LENGTH = 80


def in_ranges(ch, ranges):
    code = ord(ch)
    return any(low <= code <= high for low, high in ranges)


HAN = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F)]
KANA = [(0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F)]
SCRIPT_RANGES = {
    "en": [(0x41, 0x5A), (0x61, 0x7A)],
    "zh": HAN,
    "ja": HAN + KANA,
    "ko": [(0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F)],
    "ar": [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
           (0xFE70, 0xFEFF)],
    "he": [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)],
    "ru": [(0x0400, 0x04FF)],
    "el": [(0x0370, 0x03FF), (0x1F00, 0x1FFF)],
}
# Share of a paragraph's letters that must be in the language's script: translations often
# keep command names, file names and acronyms in Latin letters.
MIN_SCRIPT_SHARE = {"en": 0.95, "ja": 0.5}
DEFAULT_MIN_SCRIPT_SHARE = 0.6

PRINTF = re.compile(
    r"%(\d+\$)?[-+ #0']*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|z|j|t|q|I64)?[diouxXeEfFgGcsSpn]"
    r"|%<PRI[a-z0-9]+>|%[A-Za-z]*\{[^}]*\}"
)
OTHER_PLACEHOLDER = re.compile(r"\$\{[^}]*\}|\{[0-9a-z_]*\}|@[A-Z_]+@")
MARKUP = re.compile(r"</?[a-zA-Z][^>]*>|&[a-z]+;|\\[nt]")


def fail(message):
    print(f"corpus.py: {message}", file=sys.stderr)
    sys.exit(1)


# Packages


def read_status():
    """Returns {package name: {field: value}} for installed packages, with 'Description' kept
    verbatim (first line and continuation lines)."""
    with open(DPKG_STATUS, encoding="utf-8", errors="replace") as handle:
        stanzas = handle.read().split("\n\n")
    packages = {}
    for stanza in stanzas:
        fields = {}
        key = None
        for line in stanza.split("\n"):
            if line.startswith((" ", "\t")) and key:
                fields[key] += "\n" + line
            elif ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value.strip()
        if fields.get("Status", "").endswith(" installed") and "Package" in fields:
            packages[fields["Package"]] = fields
    return packages


def dependency_names(field):
    """Package names from a Depends-style field; for alternatives, each name is returned and the
    caller keeps the installed ones."""
    names = []
    for clause in field.split(","):
        for alternative in clause.split("|"):
            name = alternative.strip().split(" ")[0].split(":")[0]
            if name:
                names.append(name)
    return names


def package_closure(packages):
    """Installed packages reachable from the seeds and priority-required packages through
    Depends and Pre-Depends (virtual packages resolved through Provides)."""
    providers = {}
    for name, fields in packages.items():
        for provided in dependency_names(fields.get("Provides", "")):
            providers.setdefault(provided, []).append(name)
    seeds = [name for name, fields in packages.items() if fields.get("Priority") == "required"]
    seeds += [name for name in SEED_PACKAGES if name in packages]
    closure = set()
    pending = sorted(set(seeds))
    while pending:
        name = pending.pop()
        if name in closure:
            continue
        closure.add(name)
        fields = packages[name]
        for field in ("Pre-Depends", "Depends"):
            for dependency in dependency_names(fields.get(field, "")):
                for candidate in [dependency] + providers.get(dependency, []):
                    if candidate in packages and candidate not in closure:
                        pending.append(candidate)
    return closure


def package_files(name, fields):
    architecture = fields.get("Architecture", "")
    for list_name in (f"{name}.list", f"{name}:{architecture}.list"):
        path = os.path.join(DPKG_INFO, list_name)
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as handle:
                return [line.rstrip("\n") for line in handle]
    return []


# Paragraphs


def is_wide(ch):
    return unicodedata.east_asian_width(ch) in ("W", "F")


def join_lines(lines, spaced=False):
    """Joins hard-wrapped lines into one paragraph: with a space, except between two wide
    (Chinese or Japanese) characters, where a line break stands for no space at all. Korean
    separates its words with spaces (`spaced`): there a line break is always one."""
    text = ""
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if text and (spaced or not (is_wide(text[-1]) and is_wide(line[0]))):
            text += " "
        text += line
    return text


def script_share(text, language):
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 0.0
    ranges = SCRIPT_RANGES[language]
    return sum(1 for ch in letters if in_ranges(ch, ranges)) / len(letters)


def acceptable(text, language):
    if not MIN_LENGTH <= len(text) <= MAX_LENGTH:
        return False
    if "  " in text or any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text):
        return False
    # A few simple placeholders (%s, %d) read like any other word; more than two, or markup,
    # make a template rather than a sentence.
    placeholders = len(PRINTF.findall(text)) + len(OTHER_PLACEHOLDER.findall(text))
    if placeholders > 2 or MARKUP.search(text):
        return False
    minimum = MIN_SCRIPT_SHARE.get(language, DEFAULT_MIN_SCRIPT_SHARE)
    return script_share(text, language) >= minimum


def description_paragraphs(description):
    """Paragraphs of a Debian long description: continuation lines joined, " ." separating
    paragraphs. Paragraphs with verbatim lines (two leading spaces) or list items are skipped:
    joined, they would no longer be the text the package wrote."""
    body = description.split("\n")[1:]
    paragraphs, current = [], []
    for line in body + [" ."]:
        if line.strip() == ".":
            if current:
                paragraphs.append(current)
            current = []
        else:
            current.append(line)
    for lines in paragraphs:
        if any(line.startswith("  ") or line.strip()[:2] in ("* ", "- ", "+ ", "o ")
               for line in lines):
            continue
        yield join_lines(lines)


def read_catalog(path):
    """Yields (msgid, msgstr) pairs of a compiled gettext catalog (.mo). Plural entries yield
    each translated form; entries with a context lose the context. Python's gettext module
    rejects some real catalogs over their headers, so this reads the format directly."""
    with open(path, "rb") as handle:
        data = handle.read()
    if len(data) < 28:
        return
    magic = struct.unpack("<I", data[:4])[0]
    if magic == 0x950412DE:
        order = "<"
    elif magic == 0xDE120495:
        order = ">"
    else:
        raise ValueError("not a gettext catalog")
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])

    def entry(table, index):
        length, offset = struct.unpack(order + "2I", data[table + 8 * index:table + 8 * index + 8])
        return data[offset:offset + length]

    pairs = [(entry(originals, i), entry(translations, i)) for i in range(count)]
    charset = "utf-8"
    for original, translation in pairs:
        if original == b"":
            found = re.search(rb"charset=([A-Za-z0-9_.:-]+)", translation)
            if found:
                charset = found.group(1).decode("ascii")
    for original, translation in pairs:
        if original == b"":
            continue  # the header
        source = original.split(b"\x04")[-1].split(b"\0")[0].decode(charset, "replace")
        for form in translation.split(b"\0"):
            yield source, form.decode(charset, "replace")


def catalog_paragraphs(path, language):
    try:
        entries = list(read_catalog(path))
    except (OSError, ValueError, LookupError, struct.error) as error:
        print(f"corpus.py: skipping {path}: {error}", file=sys.stderr)
        return
    for source, translation in entries:
        if not translation or translation == source:
            continue  # untranslated
        for block in translation.strip("\n").split("\n\n"):
            lines = block.split("\n")
            # Indented lines are columns of a usage message, not prose.
            if any(line[:1].isspace() or line.lstrip().startswith("-") for line in lines if line):
                continue
            yield join_lines(lines, spaced=language == "ko")


def collect(cap):
    packages = read_status()
    closure = package_closure(packages)
    found = {language: set() for language in LANGUAGES}

    for name in sorted(closure):
        fields = packages[name]
        for paragraph in description_paragraphs(fields.get("Description", "")):
            if acceptable(paragraph, "en"):
                found["en"].add(paragraph)
        for path in package_files(name, fields):
            parts = path.split("/")
            if not (path.startswith("/usr/share/locale/") and path.endswith(".mo")
                    and len(parts) == 7 and parts[5] == "LC_MESSAGES"):
                continue
            for language, locales in LOCALES.items():
                if parts[4] in locales and os.path.isfile(path) and not os.path.islink(path):
                    for paragraph in catalog_paragraphs(path, language):
                        if acceptable(paragraph, language):
                            found[language].add(paragraph)

    records = []
    for language in LANGUAGES:
        # Longer paragraphs first: they break into more lines, which is what the test is about.
        chosen = sorted(found[language], key=lambda text: (
            len(text) < LONG_LENGTH, hashlib.sha256(text.encode("utf-8")).hexdigest()))[:cap]
        for number, text in enumerate(chosen, start=1):
            records.append({"id": f"{language}-{number}", "lang": language, "text": text})
    english = [record["text"] for record in records if record["lang"] == "en"]
    for number, text in enumerate(emoji_paragraphs(english), start=1):
        records.append({"id": f"emoji-{number}", "lang": "en", "group": "emoji", "text": text})
    return records, {language: len(found[language]) for language in LANGUAGES}


def emoji_paragraphs(english):
    """English paragraphs with emoji after some words, then emoji-only messages; chosen by
    SHA-256 of the paragraph, so the same corpus gets the same emoji on every machine."""
    def stream(seed):
        counter = 0
        while True:
            digest = hashlib.sha256(f"{seed}/{counter}".encode("utf-8")).digest()
            yield from digest
            counter += 1

    paragraphs = []
    for text in english[:EMOJI_MIXED]:
        numbers = stream(text)
        words = []
        for word in text.split(" "):
            words.append(word)
            if next(numbers) % 4 == 0:
                # One to three emoji, after a space or right after the word.
                run = "".join(EMOJI[next(numbers) % len(EMOJI)]
                              for _ in range(1 + next(numbers) % 3))
                if next(numbers) % 2:
                    words.append(run)
                else:
                    words[-1] = word + run
        paragraphs.append(" ".join(words))
    for number in range(EMOJI_ONLY):
        numbers = stream(f"emoji-only-{number}")
        count = 3 + next(numbers) % 40
        separator = " " if number % 2 else ""
        paragraphs.append(separator.join(EMOJI[next(numbers) % len(EMOJI)]
                                         for _ in range(count)))
    return paragraphs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-language", type=int, default=150,
                        help="at most this many paragraphs per language (default 150)")
    parser.add_argument("--minimum", type=int, default=30,
                        help="fail when a language has fewer paragraphs (default 30)")
    parser.add_argument("--stats", action="store_true",
                        help="print the number of paragraphs found per language to stderr")
    arguments = parser.parse_args()

    records, available = collect(arguments.per_language)
    missing = [f"{language} ({count})" for language, count in available.items()
               if count < arguments.minimum]
    if missing:
        fail(f"too few paragraphs (at least {arguments.minimum} needed) for: {', '.join(missing)}; "
             "run scripts/bootstrap to install the packages whose text the corpus uses")
    if arguments.stats:
        for language in LANGUAGES:
            used = sum(1 for record in records if record["lang"] == language)
            print(f"{language}: {used} used of {available[language]} found", file=sys.stderr)
    out = sys.stdout
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
