#!/usr/bin/env python3
"""Makes the fonts of this folder, each built for one behaviour of the word cache's check of a
shape plan (`HarfBuzzFont.wordShaping`). Boxes for glyphs; timestamps fixed, so the files come
out the same each time. Needs fontTools (PyPI: fonttools).

SpaceContext.ttf: .notdef, space, A, B, and one GPOS lookup in `kern`, a chained context whose
backtrack is the space: an A right after a space is raised 300 units (as Noto Sans Devanagari's
`dist` moves Vedic signs that follow a space). Text shaped word by word must shape a word with
an A together with its run.

SpaceMarkLigature.ttf: .notdef, space, A, B, acute (U+0301, a nonspacing mark) and spaceacute.
`liga` joins a space and an acute after it into spaceacute (as DejaVu Sans's Arabic `liga` joins
a space and a haraka), which alone would stay inside one segment, but `ccmp` first turns every A
into acute: "B A" forms the ligature across two words, so its runs must be shaped whole.

    python3 Fixtures/synthetic-fonts/make-fonts.py   # writes both into Fixtures/synthetic-fonts/
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

HERE = os.path.dirname(os.path.abspath(__file__))

def box(width):
    pen = TTGlyphPen(None)
    if width:
        pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((width - 50, 700)); pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()

def make(family, widths, cmap, features):
    names = list(widths)
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap(cmap)
    builder.setupGlyf({name: box(0 if name == "space" else widths[name]) for name in names})
    builder.setupHorizontalMetrics({name: (widths[name], 0) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.updateHead(created=0, modified=0)
    addOpenTypeFeaturesFromString(builder.font, "languagesystem DFLT dflt;\nlanguagesystem latn dflt;\n" + features)
    builder.save(os.path.join(HERE, family + ".ttf"))

make("SpaceContext", {".notdef": 500, "space": 250, "A": 600, "B": 550},
     {0x20: "space", 0x41: "A", 0x42: "B"},
     "feature kern {\n    pos space A' <0 300 0 0>;\n} kern;\n")
make("SpaceMarkLigature", {".notdef": 500, "space": 250, "A": 600, "B": 550, "acute": 300, "spaceacute": 400},
     {0x20: "space", 0x41: "A", 0x42: "B", 0x301: "acute"},
     "feature ccmp {\n    sub A by acute;\n} ccmp;\nfeature liga {\n    sub space acute by spaceacute;\n} liga;\n")
