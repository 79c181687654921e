#!/usr/bin/env python3
"""Scaling check: `textkit layout` of legal inputs of each hostile shape at size n and 4n.

Every shape must cost about linear time: the ratio of the two wall times (the fastest of
--rounds interleaved runs each, so a busy machine inflates neither) must be at most 5. Exits 1
when a ratio is over, so it can gate a change.

Shapes: many short paragraphs (LF), CR-only line ends, one paragraph without a break
opportunity, one grapheme cluster of combining marks, one long word-wrapped paragraph, and
exclusions of many cubic segments (a zig-zag, a self-crossing scribble, loops with control points
far off the page, issue 16's 100,000 cubics through ±10⁶ pt at 4n) and an image outline (a
one-pixel checkerboard, 4× the pixels).

    python3 Benchmarks/complexity.py [--rounds 3] [--binary .build/release/textkit] [--scale 1] [--only PREFIX]
    python3 Benchmarks/complexity.py --write "cubics to" 100000 /tmp/curves.svg   one input, to a file
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)


def curves_svg(n):
    """A closed path of n cubic curves zig-zagging down the middle of a US Letter page."""
    parts = ["M 200 72"]
    step = 648 / n
    for i in range(n):
        y0 = 72 + i * step
        parts.append(f"C 260 {y0 + step / 3:.3f} 180 {y0 + 2 * step / 3:.3f} 240 {y0 + step:.3f}")
    parts.append("L 300 720 L 300 72 Z")
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792"><path d="{" ".join(parts)}"/></svg>'


def scribble_svg(n, seed=9):
    """n cubics between random points of the page, crossing each other about n² times."""
    import random
    rng = random.Random(seed)
    pt = lambda: f"{rng.uniform(72, 540):.2f} {rng.uniform(72, 720):.2f}"
    d = f"M {pt()} " + " ".join(f"C {pt()} {pt()} {pt()}" for _ in range(n)) + " Z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792"><path d="{d}"/></svg>'


def far_curves_svg(n, seed=0x1E22):
    """n closed cubic loops from one point with control points up to 10⁷ pt away: long edges."""
    import random
    rng = random.Random(seed)
    far = lambda: f"{rng.uniform(-1e7, 1e7):.1f} {rng.uniform(-1e7, 1e7):.1f}"
    d = " ".join(f"M 300 300 C {far()} {far()} 310 310 Z" for _ in range(n))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792"><path d="{d}"/></svg>'


def issue_curves_svg(n, spread=1e6):
    """Issue 16's path: n cubics with control points at (+spread, −spread) and (−spread, +spread),
    ending on a lattice of page points; each curve runs far off the page and back, so every
    flattened edge near its ends crosses the whole page."""
    c = f"{spread:g} {-spread:g} {-spread:g} {spread:g}"
    d = "M 0 0 " + " ".join(f"C {c} {i % 500} {i % 700}" for i in range(n)) + " Z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792"><path d="{d}"/></svg>'


def checkerboard_png(side):
    """A side × side one-pixel checkerboard, grey with alpha (PNG written with the standard library)."""
    import struct
    import zlib
    rows = b"".join(b"\x00" + bytes(v for x in range(side) for v in (0, 255 if (x + y) % 2 else 0))
                    for y in range(side))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", side, side, 8, 4, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# name → (function of n giving the text, or (text, svg), and the base n)
SHAPES = {
    "short LF paragraphs": (lambda n: "a short line\n" * n, 25_000),
    "CR-only line ends": (lambda n: "line\r" * n, 25_000),
    "no break opportunity": (lambda n: "x" * n, 250_000),
    "one cluster of marks": (lambda n: "a" + "\u0301" * n + " b\n", 25_000),
    "one long paragraph": (lambda n: "word " * n, 50_000),
    "path of cubic curves": (lambda n: ("word " * 2_000, curves_svg(n)), 250),
    "self-crossing scribble": (lambda n: ("word " * 2_000, scribble_svg(n)), 100),
    "far control points": (lambda n: ("word " * 2_000, far_curves_svg(n)), 250),
    "cubics to ±10⁶ pt": (lambda n: ("word " * 2_000, issue_curves_svg(n)), 25_000),
    "checkerboard image": (lambda n: ("word " * 2_000, checkerboard_png(n)), 512),
}


def run_once(binary, text_path, svg_path, out):
    cmd = [binary, "layout", text_path, "-o", out]
    # Exclusions: two pages, the rest overflow (a shape may leave a page no room at all).
    if svg_path and svg_path.endswith(".png"):
        cmd += ["--exclude-image", f"{svg_path}@100,100,300,300", "--pages", "2"]
    elif svg_path:
        cmd += ["--exclude", svg_path, "--pages", "2"]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(root, ".build", "release", "textkit"))
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every base n")
    parser.add_argument("--write", nargs=3, metavar=("SHAPE", "N", "FILE"),
                        help="write the input of SHAPE (a name above, or a prefix of one) at size N to FILE "
                             "(its exclusion when it has one, else its text) and exit")
    parser.add_argument("--only", help="run only the shapes whose names start with this")
    args = parser.parse_args()
    if args.write:
        shape, size, path = args.write
        names = [name for name in SHAPES if name.startswith(shape)]
        if len(names) != 1:
            sys.exit(f"--write: {shape!r} names {len(names)} shapes; one of: {', '.join(SHAPES)}")
        made = SHAPES[names[0]][0](int(size))
        data = made[1] if isinstance(made, tuple) else made
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
        return
    if not os.path.exists(args.binary):
        subprocess.run(["swift", "build", "-c", "release", "--product", "textkit"], cwd=root, check=True)
    work = tempfile.mkdtemp()
    out = os.path.join(work, "out.json")
    failed = False
    print(f"{'shape':<24} {'n':>9} {'t(n) s':>8} {'t(4n) s':>8} {'ratio':>6}")
    for name, (make, base) in SHAPES.items():
        if args.only and not name.startswith(args.only):
            continue
        n = int(base * args.scale)
        paths = []
        for size in (n, 4 * n):
            made = make(size)
            text, svg = made if isinstance(made, tuple) else (made, None)
            text_path = os.path.join(work, f"{len(SHAPES)}-{name[:4]}-{size}.txt".replace(" ", "_"))
            with open(text_path, "w", encoding="utf-8") as f:
                f.write(text)
            svg_path = None
            if svg:
                binary_shape = isinstance(svg, bytes)
                svg_path = text_path[:-4] + (".png" if binary_shape else ".svg")
                with open(svg_path, "wb" if binary_shape else "w") as f:
                    f.write(svg)
            paths.append((text_path, svg_path))
        times = [[], []]
        for _ in range(args.rounds):  # interleaved: the machine's drift hits both sizes alike
            for k in (0, 1):
                times[k].append(run_once(args.binary, paths[k][0], paths[k][1], out))
        small, large = min(times[0]), min(times[1])
        ratio = large / small
        failed |= ratio > 5
        print(f"{name:<24} {n:>9} {small:>8.3f} {large:>8.3f} {ratio:>6.2f}{'  OVER 5' if ratio > 5 else ''}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
