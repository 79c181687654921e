internal import CCairo
import TextKit

/// A cairo surface and its drawing context: the only Swift type above which no cairo type is
/// seen. Coordinates are points, origin top-left, y down (cairo's own convention).
///
/// One canvas draws one output: a PDF document (one or more pages), an SVG image, or a raster
/// image (scaled by `pixelsPerPoint`) written as PNG. Call ``finish()`` to flush a PDF or SVG
/// stream; errors of the output stream are rethrown from there.
final class CairoCanvas {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let stream: CairoOutputStream?
    private let fonts = CairoFontFaces()
    private let isPDF: Bool

    /// A PDF document whose first page has `size`; later pages are sized by ``beginPage(size:)``.
    convenience init(pdfWithFirstPage size: Size, creator: String, write: @escaping ([UInt8]) throws -> Void) throws(RenderError) {
        let stream = CairoOutputStream(write)
        let surface = cairo_pdf_surface_create_for_stream(CairoOutputStream.callback, stream.closure,
                                                          size.width, size.height)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
        try self.init(surface: surface, stream: stream, isPDF: true)
    }

    /// An SVG image of `size` (glyphs become outline symbols placed with `<use>`).
    convenience init(svgOfSize size: Size, write: @escaping ([UInt8]) throws -> Void) throws(RenderError) {
        let stream = CairoOutputStream(write)
        let surface = cairo_svg_surface_create_for_stream(CairoOutputStream.callback, stream.closure,
                                                          size.width, size.height)!
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        try self.init(surface: surface, stream: stream, isPDF: false)
    }

    /// A transparent raster image of `width` × `height` pixels, drawn at `pixelsPerPoint`.
    convenience init(imageWidth width: Int, height: Int, pixelsPerPoint: Double) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try self.init(surface: surface, stream: nil, isPDF: false)
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
    }

    private init(surface: OpaquePointer, stream: CairoOutputStream?, isPDF: Bool) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("cairo could not create the surface (\(cairoMessage(status)))")
        }
        self.surface = surface
        self.context = cairo_create(surface)!
        self.stream = stream
        self.isPDF = isPDF
        let options = cairo_font_options_create()
        // Outlines as designed, and no metric rounding: glyphs sit exactly where the layout says.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    // MARK: Pages and state

    /// Sets the size of the PDF page about to be drawn (before any drawing on it).
    func beginPage(size: Size) {
        if isPDF { cairo_pdf_surface_set_size(surface, size.width, size.height) }
    }

    /// Ends the current PDF page.
    func endPage() { cairo_show_page(context) }

    /// Runs `body` with the origin moved to `offset`, then restores the state.
    func translated<Failure: Error>(by offset: Point, _ body: () throws(Failure) -> Void) throws(Failure) {
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_translate(context, offset.x, offset.y)
        try body()
    }

    /// Draws what `body` draws into a layer, then composites the layer at `opacity` (overlapping
    /// shapes drawn inside look like one shape).
    func layer<Failure: Error>(opacity: Double, _ body: () throws(Failure) -> Void) throws(Failure) {
        cairo_push_group(context)
        defer {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
        try body()
    }

    // MARK: Shapes

    /// Fills `rect` with `color`.
    func fill(_ rect: Rect, color: Color) {
        setColor(color)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }

    /// Outlines `rect` with a line of `width` points, inside the rectangle's edges.
    func stroke(_ rect: Rect, color: Color, width: Double) {
        guard rect.width > width, rect.height > width else { return fill(rect, color: color) }
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_rectangle(context, rect.minX + width / 2, rect.minY + width / 2, rect.width - width, rect.height - width)
        cairo_stroke(context)
    }

    /// Draws a straight line.
    func strokeLine(from start: Point, to end: Point, color: Color, width: Double) {
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_move_to(context, start.x, start.y)
        cairo_line_to(context, end.x, end.y)
        cairo_stroke(context)
    }

    /// Fills `path` with its own fill rule, then outlines it if `outline` is given.
    func fill(_ path: BezierPath, color: Color, outline: (color: Color, width: Double)? = nil) {
        addPath(path)
        cairo_set_fill_rule(context, path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setColor(color)
        if let outline {
            cairo_fill_preserve(context)
            setColor(outline.color)
            cairo_set_line_width(context, outline.width)
            cairo_stroke(context)
        } else {
            cairo_fill(context)
        }
    }

    // MARK: Glyphs

    /// Draws `run` in `font` at `pointSize`: its glyphs at their exact positions and, where the
    /// output keeps text (PDF), the characters each cluster stands for.
    func draw(_ run: GlyphRun, font: Font, pointSize: Double, color: Color) throws(RenderError) {
        guard !run.glyphs.isEmpty else { return }
        cairo_set_font_face(context, try fonts.face(for: font))
        cairo_set_font_size(context, pointSize)
        setColor(color)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.position.x, y: $0.position.y) }
        if run.clusters.isEmpty {
            cairo_show_glyphs(context, glyphs, Int32(glyphs.count))
        } else {
            let clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
            let flags = run.isBackward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
            run.utf8.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(context, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                           clusters, Int32(clusters.count), flags)
                }
            }
        }
        try check("drawing glyphs of \(font.filePath)")
    }

    /// The outline of `glyph` of `font` at `pointSize`, its origin at (0, 0), y down: what
    /// ``draw(_:font:pointSize:color:)`` fills, as cairo reads it from FreeType (unhinted).
    func glyphOutline(_ glyph: UInt32, font: Font, pointSize: Double) throws(RenderError) -> BezierPath {
        cairo_new_path(context)
        cairo_set_font_face(context, try fonts.face(for: font))
        cairo_set_font_size(context, pointSize)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(context, &cairoGlyph, 1)
        try check("reading glyph \(glyph) of \(font.filePath)")
        guard let copied = cairo_copy_path(context) else { throw RenderError("cairo could not copy a glyph outline") }
        defer {
            cairo_path_destroy(copied)
            cairo_new_path(context)
        }
        var path = BezierPath()
        var index = 0
        let count = Int(copied.pointee.num_data)
        guard count > 0, let data = copied.pointee.data else { return path }
        // Outline glyphs have at most a few thousand points; more is a font to refuse.
        guard count <= 1 << 20 else { throw RenderError("\(font.filePath): glyph \(glyph) has an outline of \(count) parts") }
        func point(_ offset: Int) -> Point { Point(x: data[index + offset].point.x, y: data[index + offset].point.y) }
        while index < count {
            let header = data[index].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: path.move(to: point(1))
            case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
            case CAIRO_PATH_CURVE_TO: path.addCurve(to: point(3), control1: point(1), control2: point(2))
            default: path.close()
            }
            index += Int(max(1, header.length))
        }
        return path
    }

    // MARK: Output

    /// Flushes and closes a PDF or SVG stream; rethrows the first error of the output.
    func finish() throws {
        cairo_surface_finish(surface)
        if let error = stream?.error { throw error }
        try check("writing the output")
    }

    /// Encodes the raster image as PNG into `write`.
    func writePNG(_ write: @escaping ([UInt8]) throws -> Void) throws {
        try check("drawing")
        cairo_surface_flush(surface)
        let stream = CairoOutputStream(write)
        let status = withExtendedLifetime(stream) {
            cairo_surface_write_to_png_stream(surface, CairoOutputStream.callback, stream.closure)
        }
        if let error = stream.error { throw error }
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError("cannot encode the PNG (\(cairoMessage(status)))") }
    }

    /// The raster image's pixels.
    func image() throws(RenderError) -> RasterImage {
        try check("drawing")
        cairo_surface_flush(surface)
        return try RasterImage(imageSurface: surface)
    }

    // MARK: - Internals

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private func addPath(_ path: BezierPath) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(context, p.x, p.y)
            case .line(let p): cairo_line_to(context, p.x, p.y)
            case .quadCurve(let p, let c):
                // Degree elevation: the cubic with the same curve.
                var start = Point.zero
                if cairo_has_current_point(context) != 0 { cairo_get_current_point(context, &start.x, &start.y) }
                cairo_curve_to(context, start.x + 2 / 3 * (c.x - start.x), start.y + 2 / 3 * (c.y - start.y),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(context)
            }
        }
    }

    private func check(_ doing: String) throws(RenderError) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError("cairo failed \(doing) (\(cairoMessage(status)))") }
    }
}
