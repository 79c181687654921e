#!/usr/bin/env python3
"""Deterministic benchmark corpora for textkit: no downloads, same bytes on every machine.

English-like prose is drawn from a fixed word list with a fixed-seed xorshift generator (not
Python's `random`, whose algorithms may change between versions), in sentences of 4-28 words and
paragraphs of 2-9 sentences, one paragraph per line (LF). The multilingual corpus mixes English
with Greek, Cyrillic, Hebrew and Arabic paragraphs, all covered by DejaVu Sans (no font fallback).

    scripts/make-corpus.py                 # writes Benchmarks/.corpus/{en-1mb,en-10mb,multi-1mb}.txt
    scripts/make-corpus.py --out DIR       # elsewhere
    scripts/make-corpus.py --check         # prints sizes and SHA-256 of what it would write

Sizes are in bytes of UTF-8; generation stops at the first paragraph end at or past the target.
"""
import argparse
import hashlib
import os
import sys

ENGLISH = """
the of and to in a is that for it as was with be by on not he this are or his from at which but
have an they you were her she there been one all we their has would when if so no will more
what up out into its only other time new some could these two may first then do any like my now
over such our man me even most made after also did many before must through back years where
much your way well down should because each just those people how too little state good very make
world still own see men work long get here between both life being under never day same another
know while last might us great old year off come since against go came right used take three
place small found part again print letter word line page column margin reader space shape picture
quote figure paragraph sentence text glyph font type face weight width height curve edge outline
office affluent fluffy efficient difficult offer affair waffle shuffle coffee staff official
effort traffic different suffix afflict baffle scaffold sufficient flourish influence reflect
calm even tight loose travel start effort craft arrange notice balance rhythm measure gutter
typesetting hyphenation justification kerning ligature baseline ascender descender leading
compose render layout engine storage manager container exclusion region boundary fragment
quickly slowly carefully gently simply clearly nearly always often seldom rarely perhaps indeed
beautiful narrow generous quiet modest crisp heavy light bright dark open closed even uneven
between around across beside behind beyond within without toward upon along among
""".split()

GREEK = """το και της των η να σε από με για που οι τα στο είναι θα τον ένα μια δεν ότι στην
κείμενο γραμμή σελίδα γράμμα λέξη διάστημα σχήμα εικόνα παράγραφος πρόταση""".split()
CYRILLIC = """и в не на что с он как это по но из у за то же от все так она для был мы
текст строка страница буква слово пробел форма рисунок абзац предложение шрифт""".split()
HEBREW = """של את על לא זה הוא עם כל גם אבל או היא אני מה יש כי רק בין אחרי
טקסט שורה עמוד אות מילה רווח צורה תמונה פסקה משפט גופן""".split()
ARABIC = """في من على أن إلى هذا التي الذي مع كان عن ما هذه لا كل بين بعد قد
نص سطر صفحة حرف كلمة مسافة شكل صورة فقرة جملة خط""".split()


class XorShift64:
    """xorshift64* with a fixed seed: portable and stable."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x >> 12)
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= (x >> 27)
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        return (self.next() >> 11) % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


def sentence(rng, words, latin=True):
    n = rng.between(4, 28)
    # Zipf-ish: favour the first (most common) words.
    picked = []
    for _ in range(n):
        i = min(rng.below(len(words)), rng.below(len(words)))
        picked.append(words[i])
    if latin:
        picked[0] = picked[0][:1].upper() + picked[0][1:]
        if n > 9 and rng.below(3) == 0:
            picked[rng.between(2, n - 3)] += ","
        if rng.below(12) == 0:
            picked.insert(rng.between(1, n - 1), str(rng.between(2, 1999)))
    end = ".?!;"[0 if rng.below(8) else rng.below(4)] if latin else "."
    return " ".join(picked) + end


def paragraph(rng, words, latin=True):
    return " ".join(sentence(rng, words, latin) for _ in range(rng.between(2, 9)))


def generate(target, seed, multilingual=False):
    rng = XorShift64(seed)
    out, size = [], 0
    scripts = [(ENGLISH, True), (GREEK, True), (CYRILLIC, True), (HEBREW, False), (ARABIC, False)]
    while size < target:
        if multilingual:
            words, latin = scripts[rng.below(len(scripts))]
            p = paragraph(rng, words, latin)
            if rng.below(3) == 0:  # a mixed-direction paragraph
                other, _ = scripts[rng.below(len(scripts))]
                p += " " + " ".join(other[rng.below(len(other))] for _ in range(rng.between(2, 6))) + "."
        else:
            p = paragraph(rng, ENGLISH)
        line = p + "\n"
        out.append(line)
        size += len(line.encode("utf-8"))
    return "".join(out)


CORPORA = [
    ("en-1mb.txt", 1_000_000, 1, False),
    ("en-10mb.txt", 10_000_000, 10, False),
    ("multi-1mb.txt", 1_000_000, 7, True),
]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(root, "Benchmarks", ".corpus"))
    ap.add_argument("--check", action="store_true", help="print sizes and hashes only")
    args = ap.parse_args()
    if not args.check:
        os.makedirs(args.out, exist_ok=True)
    for name, target, seed, multi in CORPORA:
        data = generate(target, seed, multi).encode("utf-8")
        digest = hashlib.sha256(data).hexdigest()[:16]
        path = os.path.join(args.out, name)
        if not args.check:
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        print(f"{path}: {len(data)} bytes, {data.count(10)} paragraphs, sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
