#!/usr/bin/env bash
# Regenerates the README's pictures (docs/images/*.png) from the fixtures with `textkit render`.
# Usage: scripts/render-readme-images.sh   (from anywhere; builds the command first)
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product textkit
textkit=.build/debug/textkit
font=Fixtures/fonts/DejaVuSans.ttf      # the bundled font, so the pictures do not depend on fontconfig
out=docs/images

# Text around a circle, with the exclusion, the line fragments and the free spans of each band.
"$textkit" render Fixtures/texts/prose.txt --font-file "$font" --exclude Fixtures/shapes/circle.svg \
    --height 500 --pages 1 --dpi 96 --show exclusions,fragments,spans -o "$out/circle.png"

# Two justified columns around the contour of a picture that straddles the gutter.
cat Fixtures/texts/prose.txt Fixtures/texts/prose.txt |
    "$textkit" render - --font-file "$font" --exclude Fixtures/render/contour.svg \
        --columns 2 --size 10 --align justified --height 620 --pages 1 --dpi 96 --show exclusions \
        -o "$out/two-columns.png"

# Right-to-left (Hebrew) text around a star, justified.
cat Fixtures/render/hebrew.txt Fixtures/render/hebrew.txt Fixtures/render/hebrew.txt |
    "$textkit" render - --font-file "$font" --exclude Fixtures/shapes/star.svg \
        --size 10.5 --align justified --pages 1 --dpi 96 --show exclusions -o "$out/hebrew-star.png"

ls -l "$out"
