#!/usr/bin/env python3
"""Every figure the README quotes, from one command: textkit, raw HarfBuzz, Pango and SkParagraph
laid out interleaved over rounds on each corpus, written as a Markdown table.

    Benchmarks/run-all.sh [--rounds 5] [--corpora technical-en,fortunes] [--out FILE]

(run-all.sh makes the corpora, installs the peers and builds what is needed, then runs this.)

Per corpus and round, in an order rotated per round (the machine's speed drifts; interleaving
spreads the drift over all engines), each a fresh process:

- textkit-peer --repeats 4: `first` is the process's first layout (after a 20-paragraph warm-up,
  as the peers do), `steady` the median of the three after it; the raw-HarfBuzz floor (hb_shape
  of the runs the first layout shaped, each in the font textkit chose, nothing else) is timed in
  the same process;
- the same under `taskset -c 0` (one core: textkit shapes paragraphs on every core);
- Pango and SkParagraph (Benchmarks/peers/peer_layout.py), one layout object per paragraph;
  on corpora that need other fonts SkParagraph uses fontconfig's fonts with fallback;
- `textkit layout FILE -o FILE.json` (US Letter pages, the JSON written), the whole process.

Times are min–max over rounds. A ratio is taken within each round (the two figures of one run)
and shown as min–max over rounds. An engine that is missing or fails is reported, not fatal.
"""
import argparse
import datetime
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, ".corpus")
PEER = os.path.join(HERE, ".build", "release", "textkit-peer")
CLI = os.path.join(ROOT, ".build", "release", "textkit")
VENV_PY = os.path.join(HERE, "peers", ".venv", "bin", "python")
FONT = os.path.join(ROOT, "Fixtures", "fonts", "DejaVuSans.ttf")
CORPORA = ["technical-en", "python-docs", "fortunes", "fortunes-intl", "multilingual", "en-1mb", "multi-1mb"]
sys.path.insert(0, HERE)
from machine_info import machine, sh  # noqa: E402

FALLBACK = {"fortunes-intl", "multilingual"}  # need fonts other than DejaVu Sans


def python_with(probe):
    for interpreter in dict.fromkeys([VENV_PY, "/usr/bin/python3", sys.executable]):
        if os.path.exists(interpreter) and subprocess.run([interpreter, "-c", probe], capture_output=True).returncode == 0:
            return interpreter
    return None


def commands(corpus):
    """{engine: argv} for what can run here, and {engine: why not} for the rest."""
    text = os.path.join(CORPUS, corpus + ".txt")
    found, missing = {}, {}
    if os.path.exists(PEER):
        found["textkit"] = [PEER, "--text", text, "--repeats", "4"]
        if sh(["which", "taskset"]):
            found["textkit 1 core"] = ["taskset", "-c", "0"] + found["textkit"]
    else:
        missing["textkit"] = "textkit-peer not built"
    pango = python_with("import gi; gi.require_version('PangoCairo','1.0'); gi.require_foreign('cairo'); from gi.repository import PangoCairo")
    skia = python_with("import skia; skia.textlayout.ParagraphBuilder")
    common = ["--text", text, "--font", FONT, "--width", "400", "--size", "12"]
    script = os.path.join(HERE, "peers", "peer_layout.py")
    for name, interpreter, extra in (("pango", pango, []), ("skparagraph", skia, ["--system-fonts"] if corpus in FALLBACK else [])):
        if interpreter:
            found[name] = [interpreter, script, "pango" if name == "pango" else "skia"] + common + extra
        else:
            missing[name] = "not installed (run Benchmarks/peers/setup.sh)"
    if os.path.exists(CLI):
        found["cli"] = [CLI, "layout", text, "-o", os.path.join(tempfile.gettempdir(), f"textkit-run-all-{corpus}.json")]
    else:
        missing["cli"] = "textkit not built (swift build -c release --product textkit)"
    return found, missing


def run_one(name, argv):
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]}
    if name == "cli":
        return {"wall_s": wall}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def span(values, fmt="{:.3f}"):
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    lo, hi = min(values), max(values)
    return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else f"{fmt.format(lo)}–{fmt.format(hi)}"


def measure(corpus, rounds):
    found, missing = commands(corpus)
    names = list(found)
    results = {n: [] for n in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            results[name].append(run_one(name, found[name]))
        print(f"  {corpus} round {r + 1}/{rounds}", file=sys.stderr)
    failed = {}
    for name in names:
        errors = [x["error"] for x in results[name] if "error" in x]
        if errors:
            failed[name] = errors[0]
        results[name] = [x for x in results[name] if "error" not in x]
    return results, {**missing, **failed}


def per_round(results, a, b, key_a, key_b):
    """Ratios a/b within each round where both ran."""
    return [x[key_a] / y[key_b] for x, y in zip(results.get(a, []), results.get(b, []))]


def floor(result):
    """HarfBuzz alone on the runs textkit's first layout shaped, in the fonts it chose (DejaVu Sans
    alone on whole paragraphs from a textkit-peer that does not report runs)."""
    return result.get("raw_harfbuzz_runs_s", result["raw_harfbuzz_s"])


def table(all_results):
    out = ["| corpus | paragraphs, characters each | textkit first s | textkit steady s | 1 core first / steady s "
           "| HarfBuzz alone s | textkit / HarfBuzz first, steady | SkParagraph s | SkParagraph / textkit "
           "| Pango s | Pango / textkit | textkit ns per glyph | `textkit layout` → JSON s |",
           "|" + "---|" * 13]
    for corpus, (res, _) in all_results.items():
        tk, one = res.get("textkit", []), res.get("textkit 1 core", [])
        first = tk[0] if tk else {}
        paras = f"{first.get('paragraphs', 0):,}, {first.get('characters', 0) / max(1, first.get('paragraphs', 1)):.0f}" if tk else "—"
        row = [corpus, paras,
               span([x["first_layout_s"] for x in tk]), span([x["steady_layout_s"] for x in tk]),
               f"{span([x['first_layout_s'] for x in one])} / {span([x['steady_layout_s'] for x in one])}" if one else "—",
               span([floor(x) for x in tk]),
               (f"{span([x['first_layout_s'] / floor(x) for x in tk], '{:.2f}')}, "
                f"{span([x['steady_layout_s'] / floor(x) for x in tk], '{:.2f}')}") if tk else "—",
               span([x["layout_s"] for x in res.get("skparagraph", [])]),
               span(per_round(res, "skparagraph", "textkit", "layout_s", "first_layout_s"), "{:.1f}×"),
               span([x["layout_s"] for x in res.get("pango", [])]),
               span(per_round(res, "pango", "textkit", "layout_s", "first_layout_s"), "{:.1f}×"),
               span([x["steady_layout_s"] / x["glyphs_laid_out"] * 1e9 for x in tk], "{:.0f}"),
               span([x["wall_s"] for x in res.get("cli", [])])]
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpora", default=",".join(CORPORA))
    ap.add_argument("--out", help="also write the Markdown here")
    args = ap.parse_args()
    all_results = {}
    for corpus in args.corpora.split(","):
        if not os.path.exists(os.path.join(CORPUS, corpus + ".txt")):
            print(f"skipping {corpus}: {corpus}.txt missing (run Benchmarks/corpora.py, scripts/make-corpus.py)", file=sys.stderr)
            continue
        all_results[corpus] = measure(corpus, args.rounds)
    commit = sh(["git", "-C", ROOT, "describe", "--always", "--dirty"]) or "?"
    lines = [f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, textkit {commit}, {args.rounds} interleaved round{'s' if args.rounds != 1 else ''}, "
             f"DejaVu Sans 12 pt (fontconfig fallback where needed), 400 pt column, one paragraph per line",
             f"machine: {machine()}", "", table(all_results), "",
             "first: the first layout in a fresh process; steady: the median of the next three; ratios are within "
             "one round, min–max over rounds; peers are compared with textkit's first layout. "
             "HarfBuzz alone: hb_shape of the runs textkit's first layout shaped (paragraphs cut where font, "
             "direction or script changes), each in the font textkit chose, in textkit's process. "
             "`textkit layout` → JSON: the command as a user runs it (`textkit layout FILE -o FILE.json`: "
             "US Letter pages, fontconfig's sans-serif), the whole process.", ""]
    for corpus, (_, problems) in all_results.items():
        for name, why in problems.items():
            lines.append(f"- {corpus}: {name} not measured: {why}")
    lines.append("\n| corpus | bytes | sha256 |\n|---|---|---|")
    for corpus in all_results:
        path = os.path.join(CORPUS, corpus + ".txt")
        with open(path, "rb") as f:
            lines.append(f"| {corpus} | {os.path.getsize(path):,} | `{hashlib.sha256(f.read()).hexdigest()}` |")
    versions = {n: r[0].get("version") for _, (res, _) in list(all_results.items())[:1] for n, r in res.items() if r and r[0].get("version")}
    if versions:
        lines.append("\npeers: " + ", ".join(f"{n} {v}" for n, v in versions.items()))
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
