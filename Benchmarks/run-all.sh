#!/bin/sh
# Every performance figure from one command: installs the build's packages and the CJK fonts the
# multilingual corpus needs (scripts/install-deps.sh, only those missing), makes the corpora (Benchmarks/corpora.py, real text
# from Debian packages; scripts/make-corpus.py, the generated ones), installs the peers
# (peers/setup.sh; skipped peers are reported, not fatal), builds textkit-peer and the textkit
# CLI in release mode, then runs textkit, raw HarfBuzz, Pango and SkParagraph interleaved
# (run-all.py) and prints the Markdown table.
#
#   Benchmarks/run-all.sh [--rounds 5] [--corpora technical-en,fortunes] [--out FILE]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bash "$here/../scripts/install-deps.sh" fonts-noto-cjk >&2
python3 "$here/corpora.py" >&2 || echo "corpora.py failed: the real-text corpora may be missing" >&2
[ -f "$here/.corpus/en-1mb.txt" ] || python3 "$here/../scripts/make-corpus.py" >&2
sh "$here/peers/setup.sh" >&2 || echo "peers/setup.sh failed: peers that are missing will be reported" >&2
(cd "$here" && swift build -c release --product textkit-peer >&2)
(cd "$here/.." && swift build -c release --product textkit >&2)
exec python3 "$here/run-all.py" "$@"
