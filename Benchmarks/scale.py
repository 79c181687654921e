#!/usr/bin/env python3
"""Two figures issue 7 asks for that the ordo-one benchmarks cannot take (they need whole processes):

- cores: textkit-peer laying out the 10 MB corpus on one core (`taskset -c 0`) and on every core;
  the ratio is the speed-up of parallel paragraph shaping (line placement stays sequential);
- CLI end to end: `textkit layout en-1mb.txt -o FILE` (read, lay out on US Letter pages, write the
  JSON), wall time of the whole process.

Rounds are interleaved (this machine's speed drifts) and medians printed.

    python3 Benchmarks/scale.py [--rounds 5]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
corpus = os.path.join(here, ".corpus")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not os.path.exists(os.path.join(corpus, "en-10mb.txt")):
        run(["python3", os.path.join(root, "scripts", "make-corpus.py")])
    run(["swift", "build", "-c", "release", "--product", "textkit-peer"], cwd=here)
    run(["swift", "build", "-c", "release", "--product", "textkit"], cwd=root)
    peer = os.path.join(here, ".build", "release", "textkit-peer")
    cli = os.path.join(root, ".build", "release", "textkit")
    big = os.path.join(corpus, "en-10mb.txt")
    one = os.path.join(corpus, "en-1mb.txt")
    single, multi, cli_times = [], [], []
    out = os.path.join(tempfile.mkdtemp(), "layout.json")
    for _ in range(args.rounds):
        single.append(json.loads(run(["taskset", "-c", "0", peer, "--text", big, "--repeats", "1"]).stdout)["layout_s"])
        multi.append(json.loads(run([peer, "--text", big, "--repeats", "1"]).stdout)["layout_s"])
        start = time.perf_counter()
        run([cli, "layout", one, "-o", out])
        cli_times.append(time.perf_counter() - start)
    cores = os.cpu_count()
    s, m = statistics.median(single), statistics.median(multi)
    print(f"10 MB column layout: 1 core {s:.3f} s, {cores} cores {m:.3f} s, speed-up {s / m:.2f}x")
    print(f"textkit layout 1 MB -> JSON file ({os.path.getsize(out) / 1e6:.0f} MB): "
          f"median {statistics.median(cli_times):.3f} s (range {min(cli_times):.3f}-{max(cli_times):.3f})")


if __name__ == "__main__":
    main()
