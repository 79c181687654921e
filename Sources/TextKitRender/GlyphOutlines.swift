import TextKit

/// Glyph outlines by glyph ID, from FreeType through cairo: the same unhinted outlines the SVG,
/// PNG and PDF drawings fill, for a client that draws a layout itself (the `textkit serve`
/// playground places them with `<use>` at the glyph positions of the layout JSON).
///
/// ```swift
/// let outlines = GlyphOutlines()
/// let path = try outlines.outline(ofGlyph: 36, in: font)   // font units, y down
/// let svg = SVGPathData.string(from: path)                 // "M 0 -1493 L …" (TextKitSVG)
/// ```
///
/// Not `Sendable`: it owns a cairo context and its font faces. Share one behind a lock.
public final class GlyphOutlines {
    private var canvas: CairoCanvas

    /// Outlines read through a private one-pixel cairo canvas.
    public init() {
        // A 1×1 image surface is always creatable; failing here means cairo itself is broken.
        canvas = try! CairoCanvas(imageWidth: 1, height: 1, pixelsPerPoint: 1)
    }

    /// The outline of `glyph` of `font` in font units (the font's em is ``Font/unitsPerEm``),
    /// origin at the glyph's baseline origin, y down; empty for a glyph without ink (a space)
    /// and for every glyph of a font without outlines (``Font/hasOutlines``: colour bitmap
    /// emoji, which cairo would trace pixel by pixel).
    ///
    /// - Throws: ``RenderError`` when `glyph` is not below ``Font/glyphCount`` (checked first:
    ///   cairo's error state would stick to the font), or cairo cannot open the font.
    public func outline(ofGlyph glyph: UInt32, in font: Font) throws(RenderError) -> BezierPath {
        guard Int(glyph) < font.glyphCount else {
            throw RenderError("\(font.filePath): no glyph \(glyph) (the font has \(font.glyphCount))")
        }
        guard font.hasOutlines else { return BezierPath() }
        do {
            return try canvas.glyphOutline(glyph, font: font, pointSize: Double(font.unitsPerEm))
        } catch {
            // A cairo context in error stays in error: the next glyph gets a new one.
            canvas = try! CairoCanvas(imageWidth: 1, height: 1, pixelsPerPoint: 1)
            throw error
        }
    }
}
