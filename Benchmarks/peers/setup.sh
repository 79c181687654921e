#!/bin/sh
# Installs what run-peers.py needs: Pango through Debian's GObject introspection, and
# skia-python (SkParagraph) from PyPI in Benchmarks/peers/.venv (which also sees python3-gi).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=$(command -v sudo || true)
if ! /usr/bin/python3 -c "import gi, cairo; gi.require_version('PangoCairo', '1.0'); gi.require_foreign('cairo')" 2>/dev/null; then
    $sudo apt-get update
    $sudo apt-get install -y python3-gi python3-gi-cairo gir1.2-pango-1.0 python3-venv
fi
[ -x "$here/.venv/bin/python" ] || /usr/bin/python3 -m venv --system-site-packages "$here/.venv"
"$here/.venv/bin/pip" install --quiet skia-python || echo "skia-python could not be installed: SkParagraph will be skipped" >&2
