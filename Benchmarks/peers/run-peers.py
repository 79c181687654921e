#!/usr/bin/env python3
"""textkit against Pango and SkParagraph on the same text, font and width.

    Benchmarks/peers/setup.sh                      # once: Debian packages, venv with skia-python
    Benchmarks/peers/run-peers.py [--rounds 7] [--text FILE] [--width 400] [--markdown]

Each round runs every engine once, each in a fresh process, in an order rotated per round
(this machine's speed drifts: interleaving spreads the drift over all engines); the table shows
medians over rounds. Each process loads the font, warms up on 20 paragraphs, then times one pass
over all paragraphs (see peer_layout.py and Benchmarks/peers/textkit-peer). textkit's process also times
HarfBuzz alone shaping the same paragraphs (the floor), so its ratio comes from one process.

An engine that cannot run here (not installed) is reported and left out; the others still run.
textkit needs `swift build -c release --product textkit-peer` in Benchmarks/ first (done for
you unless --no-build).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")
PEER_BIN = os.path.join(BENCH, ".build", "release", "textkit-peer")
sys.path.insert(0, BENCH)
from machine_info import machine, sh  # noqa: E402


def engines(args):
    common = ["--text", args.text, "--font", args.font, "--width", str(args.width), "--size", str(args.size)]
    found, missing = {}, {}
    if os.path.exists(PEER_BIN):
        found["textkit"] = [PEER_BIN, "--text", args.text, "--width", str(args.width), "--repeats", "1"]
    else:
        missing["textkit"] = f"{PEER_BIN} not built"
    py = VENV_PY if os.path.exists(VENV_PY) else sys.executable
    checks = {
        "pango": ("import gi; gi.require_version('Pango','1.0'); gi.require_version('PangoCairo','1.0');"
                  "from gi.repository import Pango, PangoCairo", "Debian python3-gi gir1.2-pango-1.0"),
        "skia": ("import skia; skia.textlayout.ParagraphBuilder", "PyPI skia-python (run setup.sh)"),
    }
    for name, (probe, hint) in checks.items():
        for interpreter in dict.fromkeys([py, "/usr/bin/python3", sys.executable]):
            if os.path.exists(interpreter) and subprocess.run([interpreter, "-c", probe], capture_output=True).returncode == 0:
                found[name] = [interpreter, os.path.join(HERE, "peer_layout.py"), name] + common
                break
        else:
            missing[name] = f"not installed ({hint})"
    return found, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--text", default=os.path.join(BENCH, ".corpus", "en-1mb.txt"))
    ap.add_argument("--font", default=os.path.join(ROOT, "Fixtures", "fonts", "DejaVuSans.ttf"))
    ap.add_argument("--width", type=float, default=400)
    ap.add_argument("--size", type=float, default=12)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()

    if not os.path.exists(args.text):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make-corpus.py")], check=True)
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "textkit-peer"], cwd=BENCH, check=True)

    found, missing = engines(args)
    for name, why in missing.items():
        print(f"skipping {name}: {why}", file=sys.stderr)
    names = list(found)
    results = {n: [] for n in names}
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            proc = subprocess.run(found[name], capture_output=True, text=True)
            if proc.returncode != 0:
                sys.exit(f"{name} failed:\n{proc.stderr}")
            results[name].append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(f"round {r + 1}/{args.rounds}: " + ", ".join(
            f"{n} {results[n][-1]['layout_s']:.3f} s" for n in names), file=sys.stderr)

    size = os.path.getsize(args.text)
    first = {n: results[n][0] for n in names}
    med = {n: statistics.median(x["layout_s"] for x in results[n]) for n in names}
    rows = []
    for n in names:
        times = sorted(x["layout_s"] for x in results[n])
        version = first[n].get("version", "")
        if n == "textkit":
            version = sh(["git", "-C", ROOT, "describe", "--always", "--dirty"]) or "?"
        rows.append((first[n]["engine"], version, f"{med[n]:.3f}", f"{times[0]:.3f}–{times[-1]:.3f}", str(first[n]["lines"]),
                     f"{med[n] / med['textkit']:.2f}×" if "textkit" in med else ""))
    if "textkit" in results:
        raw = [x["raw_harfbuzz_s"] for x in results["textkit"]]
        ratio = [x["layout_s"] / x["raw_harfbuzz_s"] for x in results["textkit"]]
        rows.append(("HarfBuzz alone (shaping floor, in textkit's process)", "", f"{statistics.median(raw):.3f}",
                     f"{min(raw):.3f}–{max(raw):.3f}", "", f"{statistics.median(raw) / med['textkit']:.2f}×"))

    header = ("engine", "version", "median s", "range s", "lines", "vs textkit")
    print(f"\n{size / 1e6:.2f} MB, {first[names[0]]['paragraphs']} paragraphs, DejaVu Sans {args.size:g}, "
          f"width {args.width:g}, one layout per paragraph, {args.rounds} interleaved rounds")
    print(f"machine: {machine()}")
    if args.markdown:
        print("\n| " + " | ".join(header) + " |\n|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
        for row in [header] + rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
    if "textkit" in results:
        print(f"\ntextkit layout / HarfBuzz alone (same process, median of per-round ratios): "
              f"{statistics.median(ratio):.2f} (issue 7 target: ≤ 0.6)")
    for name, why in missing.items():
        print(f"{name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
