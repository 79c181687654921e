#!/usr/bin/env python3
"""Extracts prose paragraphs of the Debian Reference (Debian package debian-reference-en) as one
paragraph a line: Fixtures/texts/debian-reference.txt, real technical English for the line-breaking
quality tests. Usage: make-debian-reference.py [source.txt.gz] [count] [skip-word…] > debian-reference.txt
(paragraphs containing a skip word, case-insensitive, are left out before the picking)"""
import gzip, re, sys
source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/debian-reference/debian-reference.en.txt.gz"
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 400
skip = [word.lower() for word in sys.argv[3:]]
text = gzip.open(source, "rt", encoding="utf-8").read().replace("\u00a0", " ")
blocks, current = [], []
for line in text.split("\n"):
    if line.strip() == "":
        if current: blocks.append(current); current = []
    else:
        current.append(line)
if current: blocks.append(current)
out = []
for block in blocks:
    indents = {len(l) - len(l.lstrip(" ")) for l in block}
    if len(indents) != 1 or any("|" in l or "+--" in l or "\t" in l for l in block): continue
    joined = ""
    for l in block:
        l = l.strip()
        joined = joined + l if joined.endswith("-") and not joined.endswith(" -") else (joined + " " + l if joined else l)
    words = joined.split()
    if len(words) < 25 or not joined.endswith(".") or not joined[0].isupper(): continue
    if sum(c.isalpha() for c in joined) < 0.7 * len(joined): continue
    if any(word in joined.lower() for word in skip): continue
    out.append(joined)
# Spread the picks over the whole book.
step = max(1, len(out) // limit)
picked = out[::step][:limit]
sys.stdout.write("\n".join(picked) + "\n")
print(len(out), "candidates", len(picked), "picked", file=sys.stderr)
