#!/usr/bin/env python3
"""Makes SpaceContext.ttf: a font whose only lookup positions a glyph by the space before it.

Four glyphs (.notdef, space, A, B; boxes), and one GPOS lookup in `kern`, a chained context
whose backtrack is the space: an A right after a space is raised 300 units (as Noto Sans
Devanagari's `dist` moves Vedic signs that follow a space). Text shaped word by word must shape a
word that starts with A together with its run. Needs fontTools (PyPI: fonttools).

    python3 Fixtures/synthetic-fonts/make-space-context.py   # writes Fixtures/synthetic-fonts/SpaceContext.ttf
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

def box(width):
    pen = TTGlyphPen(None)
    if width:
        pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((width - 50, 700)); pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()

names = [".notdef", "space", "A", "B"]
widths = {".notdef": 500, "space": 250, "A": 600, "B": 550}
builder = FontBuilder(1000, isTTF=True)
builder.setupGlyphOrder(names)
builder.setupCharacterMap({0x20: "space", 0x41: "A", 0x42: "B"})
builder.setupGlyf({name: box(0 if name == "space" else widths[name]) for name in names})
builder.setupHorizontalMetrics({name: (widths[name], 0) for name in names})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "SpaceContext", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
builder.setupPost()
addOpenTypeFeaturesFromString(builder.font, """
languagesystem DFLT dflt;
languagesystem latn dflt;
feature kern {
    pos space A' <0 300 0 0>;
} kern;
""")
builder.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "SpaceContext.ttf"))
