#!/usr/bin/env python3
"""Benchmark corpora of real text, assembled deterministically from Debian packages.

    python3 Benchmarks/corpora.py            # writes Benchmarks/.corpus/<name>.txt, prints sha256
    python3 Benchmarks/corpora.py --check    # prints what it would write, writes nothing

The packages are fetched with `apt-get download` (no root needed; run `apt-get update` once) into
Benchmarks/.corpus/debs/ and unpacked there with `dpkg-deb -x`, so nothing is installed and the
machine's dpkg path exclusions (often /usr/share/doc and /usr/share/locale in containers) do not
matter. The texts stay in Benchmarks/.corpus/ (git-ignored): they are licensed by their packages.
Each run prints the package versions it saw; a different version gives a different sha256.

One paragraph per line (LF). Each corpus takes paragraphs in a fixed order of files and stops at
the first paragraph end at or past its size (1,000,000 bytes of UTF-8 unless said otherwise):

- technical-en: technical English (commands, paths, URLs, tables): debian-reference-en's HTML
  chapters (0.53 MB), then the Debian Administrator's Handbook (debian-handbook, en-US); a block
  element (p, li, dt, dd, h1-h6, a table row) is a paragraph, a line of <pre> is a paragraph;
  navigation (headers, footers, Sphinx sidebars) is dropped.
- technical-en-joined: the same paragraphs, each six joined by a space into one: the same text
  in long paragraphs, against which technical-en's short ones are weighed.
- python-docs: the Python tutorial, language reference and library reference from
  python3.11-doc's HTML, converted the same way.
- fortunes: English fortune cookies (fortunes, fortunes-min), one paragraph per cookie with its
  lines joined by a space: many short paragraphs.
- fortunes-intl: the German, Russian, Spanish, Italian and Chinese fortune packages, one cookie
  from each language in turn.
- multilingual: Arabic (the Debian Administrator's Handbook, debian-handbook, ar-MA: Arabic prose
  with Latin commands inside), Hebrew, Devanagari (Hindi) and Thai (translated messages of
  evolution-common, gnome-control-center-data, nautilus-data and libgtk-3-common, read from their
  gettext catalogs), Chinese and Japanese (debian-reference-zh-cn and -ja); only paragraphs with
  a character of the language's script, duplicates dropped, one paragraph from each language in
  turn (so the document mixes them), about 1/6 MB of each.

The generated corpora of scripts/make-corpus.py (en-1mb.txt, multi-1mb.txt) are the remaining
cases; run-all.sh makes both kinds.
"""
import argparse
import glob
import hashlib
import html.parser
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, ".corpus")
DEBS = os.path.join(OUT, "debs")
MB = 1_000_000

PACKAGES = [
    "debian-reference-en", "debian-reference-zh-cn", "debian-reference-ja", "python3.11-doc",
    "fortunes", "fortunes-min", "fortunes-de", "fortunes-ru", "fortunes-es", "fortunes-it",
    "fortunes-zh", "debian-handbook", "evolution-common", "gnome-control-center-data",
    "nautilus-data", "libgtk-3-common",
]

SCRIPTS = {  # language: (a regular expression for one character of its script, source)
    "ar": ("[\u0600-\u06FF]", "handbook"),
    "he": ("[\u0590-\u05FF]", "gettext"),
    "hi": ("[\u0900-\u097F]", "gettext"),
    "th": ("[\u0E00-\u0E7F]", "gettext"),
    "zh-cn": ("[\u4E00-\u9FFF]", "reference"),
    "ja": ("[\u3040-\u30FF]", "reference"),
}
GETTEXT = ["evolution-common", "gnome-control-center-data", "nautilus-data", "libgtk-3-common"]


def fetch(packages):
    """Downloads (once) and unpacks each package; returns {package: version} of those it could get."""
    os.makedirs(DEBS, exist_ok=True)
    versions = {}
    for package in packages:
        try:
            debs = sorted(glob.glob(os.path.join(DEBS, f"{package}_*.deb")))
            if not debs:
                subprocess.run(["apt-get", "download", package], cwd=DEBS, check=True,
                               stdout=subprocess.DEVNULL)
                debs = sorted(glob.glob(os.path.join(DEBS, f"{package}_*.deb")))
            deb = debs[-1]
            versions[package] = subprocess.run(["dpkg-deb", "-f", deb, "Version"], check=True,
                                               capture_output=True, text=True).stdout.strip()
            tree = os.path.join(DEBS, "x", package)
            if not os.path.isdir(tree):
                os.makedirs(tree + ".part", exist_ok=True)
                subprocess.run(["dpkg-deb", "-x", deb, tree + ".part"], check=True)
                os.rename(tree + ".part", tree)
        except (OSError, IndexError, subprocess.CalledProcessError) as error:
            print(f"{package}: not available ({error})", file=sys.stderr)
    return versions


def tree(package, *parts):
    return os.path.join(DEBS, "x", package, *parts)


def clean(text):
    """Whitespace runs to one space, control characters (and ANSI colour codes) dropped."""
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", text)
    return " ".join(text.split())


class BlockText(html.parser.HTMLParser):
    """The paragraphs of an HTML page: block elements and lines of <pre>."""

    BLOCKS = {"p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "caption", "title",
              "blockquote", "div", "table", "ul", "ol", "dl", "section", "body"}
    SKIPPED = {"head", "script", "style"}
    NAVIGATION = {"navheader", "navfooter", "docnav", "related", "sphinxsidebar", "footer", "headerlink"}

    def __init__(self, main_only=False):
        super().__init__(convert_charrefs=True)
        # With main_only, only the element with role="main" (a Sphinx page's body) is read.
        self.main = 0 if main_only else -1
        self.paragraphs, self.buffer, self.pre, self.skip, self.skipped = [], [], 0, 0, ""

    def flush(self):
        text = "".join(self.buffer)
        self.buffer = []
        if self.pre:
            lines = (re.sub(r"[\x00-\x1f\x7f\x85\u2028\u2029]", "", line.expandtabs(8)).rstrip()
                     for line in text.split("\n"))
            self.paragraphs += [line for line in lines if line.strip()]
        elif clean(text):
            self.paragraphs.append(clean(text))

    def handle_starttag(self, tag, attrs):
        if self.main == 0:
            if dict(attrs).get("role") == "main":
                self.main, self.skipped = 1, tag
            return
        if self.main > 0 and tag == self.skipped and not self.skip:
            self.main += 1
        if self.skip:
            self.skip += tag == self.skipped
            return
        if tag in self.SKIPPED or set((dict(attrs).get("class") or "").split()) & self.NAVIGATION:
            self.skip, self.skipped = 1, tag
            return
        if tag == "pre":
            self.flush()
            self.pre += 1
        elif tag in self.BLOCKS:
            self.flush()
        elif tag in ("td", "th") and self.buffer:
            self.buffer.append(" ")
        elif tag == "br":
            self.buffer.append("\n" if self.pre else " ")

    def handle_endtag(self, tag):
        if self.main > 0 and tag == self.skipped and not self.skip:
            self.main -= 1
            if self.main == 0:
                self.flush()
                self.main = -2  # done: nothing after the main element
            return
        if self.main in (0, -2):
            return
        if self.skip:
            self.skip -= tag == self.skipped
            return
        if tag == "pre":
            self.flush()
            self.pre = max(0, self.pre - 1)
        elif tag in self.BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skip and self.main not in (0, -2):
            self.buffer.append(data)


def html_paragraphs(path, main_only=False):
    parser = BlockText(main_only)
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    parser.flush()
    return parser.paragraphs


def fortune_paragraphs(path):
    """One paragraph per cookie (cookies are separated by lines of a single %)."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    cookies = re.split(r"^%\s*$", text, flags=re.M)
    return [c for c in (clean(c) for c in cookies) if c]


def gettext_strings(path):
    """The translations (msgstr) of a .mo catalog in its order, plural forms apart, header dropped."""
    with open(path, "rb") as f:
        data = f.read()
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    out = []
    for i in range(count):
        if struct.unpack(order + "I", data[originals + 8 * i:originals + 8 * i + 4])[0] == 0:
            continue  # the header
        length, offset = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
        for form in data[offset:offset + length].decode("utf-8", "replace").split("\0"):
            out += [p for p in (clean(p) for p in form.split("\n\n")) if p]
    return out


def cut(paragraphs, size):
    out, total = [], 0
    for p in paragraphs:
        if total >= size:
            break
        out.append(p)
        total += len(p.encode("utf-8")) + 1
    return out


def interleave(lists):
    out = []
    for i in range(max(len(x) for x in lists)):
        out += [x[i] for x in lists if i < len(x)]
    return out


def debian_reference(lang):
    root = tree(f"debian-reference-{lang}", "usr/share/debian-reference")
    files = sorted(f for f in glob.glob(os.path.join(root, f"*.{lang}.html")) if not os.path.basename(f).startswith("index"))
    return [p for f in files for p in html_paragraphs(f)]


def handbook(locale):
    root = tree("debian-handbook", "usr/share/doc/debian-handbook/html", locale)
    return [p for f in sorted(glob.glob(os.path.join(root, "*.html"))) for p in html_paragraphs(f)]


def python_docs():
    root = tree("python3.11-doc", "usr/share/doc/python3.11/html")
    files = []
    for part in ("tutorial", "reference", "library"):
        files += sorted(glob.glob(os.path.join(root, part, "*.html")))
    return [p for f in files for p in html_paragraphs(f, main_only=True)]


def fortunes(packages):
    """Every cookie file of the packages (data files, not .dat/.u8 and not 'off' sections)."""
    per_package = []
    for package in packages:
        base = tree(package, "usr/share/games/fortunes")
        files = sorted(f for f in glob.glob(os.path.join(base, "**", "*"), recursive=True)
                       if os.path.isfile(f) and not os.path.islink(f) and not f.endswith((".dat", ".u8"))
                       and "/off" not in f[len(base):])
        per_package.append([p for f in files for p in fortune_paragraphs(f)])
    return per_package


def language(lang):
    pattern, source = SCRIPTS[lang]
    if source == "handbook":
        paragraphs = handbook("ar-MA")
    elif source == "reference":
        paragraphs = debian_reference(lang)
    else:
        paragraphs = []
        for package in GETTEXT:
            for f in sorted(glob.glob(tree(package, "usr/share/locale", lang, "LC_MESSAGES", "*.mo"))):
                paragraphs += gettext_strings(f)
    script = re.compile(pattern)
    return list(dict.fromkeys(p for p in paragraphs if script.search(p)))


def corpora():
    """{name: (packages it needs, a function that makes its paragraphs)}."""
    def english_fortunes():
        english = fortunes(["fortunes", "fortunes-min"])
        return cut(list(dict.fromkeys(english[0] + english[1])), MB)
    intl = ["fortunes-de", "fortunes-ru", "fortunes-es", "fortunes-it", "fortunes-zh"]
    def technical():
        return cut(debian_reference("en") + handbook("en-US"), MB)
    return {
        "technical-en": (["debian-reference-en", "debian-handbook"], technical),
        "technical-en-joined": (["debian-reference-en", "debian-handbook"],
                                lambda: [" ".join(group) for group in chunks(technical(), 6)]),
        "python-docs": (["python3.11-doc"], lambda: cut(python_docs(), MB)),
        "fortunes": (["fortunes", "fortunes-min"], english_fortunes),
        "fortunes-intl": (intl, lambda: cut(interleave(fortunes(intl)), MB)),
        "multilingual": (["debian-handbook", "debian-reference-zh-cn", "debian-reference-ja"] + GETTEXT,
                         lambda: cut(interleave([cut(language(lang), MB // len(SCRIPTS)) for lang in SCRIPTS]), MB)),
    }


def chunks(items, size):
    """`items` in consecutive groups of `size` (the last one shorter)."""
    return [items[start:start + size] for start in range(0, len(items), size)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="print sizes and sha256, write nothing")
    args = ap.parse_args()
    versions = fetch(PACKAGES)
    print("packages: " + ", ".join(f"{p} {v}" for p, v in versions.items()))
    for name, (needs, make) in corpora().items():
        missing = [p for p in needs if p not in versions]
        if missing:
            print(f"{name}.txt  skipped: {', '.join(missing)} not available")
            continue
        paragraphs = make()
        data = ("\n".join(paragraphs) + "\n").encode("utf-8")
        chars = sum(len(p) for p in paragraphs)
        print(f"{name}.txt  {len(data):>9,} bytes  {len(paragraphs):>6,} paragraphs  "
              f"{chars / max(1, len(paragraphs)):5.0f} characters each  sha256 {hashlib.sha256(data).hexdigest()}")
        if not args.check:
            with open(os.path.join(OUT, f"{name}.txt"), "wb") as f:
                f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
