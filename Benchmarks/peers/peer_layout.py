#!/usr/bin/env python3
"""One peer layout pass, timed in-process, printed as one JSON line (driven by run-peers.py).

    peer_layout.py pango|skia --text FILE --font FILE --width 400 --size 12 [--system-fonts]

Every paragraph (one per line) gets its own layout object of `width` (one layout per paragraph,
as an editor or a paragraph-at-a-time typesetter would), word wrapping, DejaVu Sans at `size`
units per em. The font is loaded and the engine warmed up on the first 20 paragraphs before the
clock starts; the time covers building, shaping and line breaking of every paragraph.
"""
import argparse
import json
import sys
import time


def paragraphs_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    paras = text.split("\n")
    if text.endswith("\n"):
        paras.pop()
    return paras


def run_pango(paras, font, width, size):
    import gi
    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Pango, PangoCairo
    fontmap = PangoCairo.FontMap.new()
    ctx = fontmap.create_context()
    try:  # unhinted metrics and unrounded positions, like textkit and SkParagraph
        import cairo
        options = cairo.FontOptions()
        options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        options.set_hint_style(cairo.HINT_STYLE_NONE)
        PangoCairo.context_set_font_options(ctx, options)
        hinting = "off"
    except ImportError:
        hinting = "default (python3-gi-cairo missing)"
    ctx.set_round_glyph_positions(False)
    desc = Pango.FontDescription.from_string("DejaVu Sans")
    desc.set_absolute_size(size * Pango.SCALE)  # size in device units = points here
    loaded = fontmap.load_font(ctx, desc)
    face_file = loaded.get_face().describe().to_string() if loaded else "?"
    pango_width = int(width * Pango.SCALE)

    def layout_all(ps):
        lines = 0
        for p in ps:
            layout = Pango.Layout.new(ctx)
            layout.set_font_description(desc)
            layout.set_width(pango_width)
            layout.set_wrap(Pango.WrapMode.WORD)
            layout.set_text(p, -1)
            lines += layout.get_line_count()
        return lines

    layout_all(paras[:20])
    start = time.perf_counter()
    lines = layout_all(paras)
    elapsed = time.perf_counter() - start
    return {"engine": "pango", "version": Pango.version_string(), "layout_s": elapsed, "lines": lines,
            "font": face_file, "hinting": hinting}


def run_skia(paras, font, width, size, system_fonts=False):
    import skia
    tl = skia.textlayout
    collection = tl.FontCollection()  # a new collection: its paragraph cache starts empty
    if system_fonts:  # fontconfig's fonts: DejaVu Sans first, fallback for other scripts
        collection.setDefaultFontManager(skia.FontMgr())
        font = "DejaVu Sans (fontconfig) with fallback"
    else:
        typeface = skia.Typeface.MakeFromFile(font)
        provider = tl.TypefaceFontProvider()
        provider.registerTypeface(typeface, "DejaVu Sans")
        collection.setDefaultFontManager(provider)
    text_style = tl.TextStyle()
    text_style.setFontSize(size)
    text_style.setFontFamilies(["DejaVu Sans"])
    style = tl.ParagraphStyle()
    style.setTextStyle(text_style)
    unicode = skia.Unicode.ICU_Make()

    def layout_one(p):
        builder = tl.ParagraphBuilder.make(style, collection, unicode)
        builder.addText(p)
        paragraph = builder.Build()
        paragraph.layout(width)
        return paragraph.Height

    line_height = layout_one("x")
    for p in paras[:20]:
        layout_one(p)
    start = time.perf_counter()
    height = 0.0
    for p in paras:
        height += layout_one(p)
    elapsed = time.perf_counter() - start
    # SkParagraph (as wrapped) has no line count: total height over one line's height.
    return {"engine": "skparagraph", "version": "skia-python " + skia.__version__, "layout_s": elapsed,
            "lines": round(height / line_height), "font": font, "hinting": "off"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine", choices=["pango", "skia"])
    ap.add_argument("--text", required=True)
    ap.add_argument("--font", required=True)
    ap.add_argument("--width", type=float, default=400)
    ap.add_argument("--size", type=float, default=12)
    ap.add_argument("--system-fonts", action="store_true",
                    help="SkParagraph: fontconfig's fonts with fallback instead of the font file alone "
                         "(Pango always falls back through fontconfig)")
    args = ap.parse_args()
    paras = paragraphs_of(args.text)
    if args.engine == "pango":
        result = run_pango(paras, args.font, args.width, args.size)
    else:
        result = run_skia(paras, args.font, args.width, args.size, args.system_fonts)
    result["paragraphs"] = len(paras)
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
