import TextKit

/// Draws one page of a layout on a canvas, in this order (later on top):
///
/// 1. the page colour;
/// 2. overlays under the text: exclusions (one translucent layer per page, so a shape copied
///    into several columns looks like one shape), free spans;
/// 3. per container: backgrounds behind glyphs (over the fragment's height), then the glyphs,
///    and inline attachments as box outlines in the text colour (the renderer has no images);
/// 4. overlays over the text: fragment outlines, baselines.
struct PageDrawer {
    let renderer: LayoutRenderer

    /// Translucent red for exclusions.
    static let exclusionFill = Color(red: 0.85, green: 0.1, blue: 0.1)
    /// Exclusion outlines.
    static let exclusionOutline = Color(red: 0.7, green: 0.05, blue: 0.05, alpha: 0.9)
    /// Free spans.
    static let spanFill = Color(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.18)
    /// Fragment outlines.
    static let fragmentOutline = Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
    /// Baselines.
    static let baseline = Color(red: 0.9, green: 0.2, blue: 0.5, alpha: 0.8)
    /// The width of an attachment's outline, in points.
    static let attachmentOutlineWidth = 0.75

    /// Draws page `page` with its top-left corner at the canvas origin.
    func draw(page: Int, on canvas: CairoCanvas, paintPage: Bool) throws(RenderError) {
        let options = renderer.options
        let size = renderer.pages[page].size
        if paintPage, let color = options.pageColor {
            canvas.fill(Rect(origin: .zero, size: size), color: color)
        }
        let containers = renderer.placements.indices.filter { renderer.placements[$0].page == page }
        let overlays = options.overlays

        if overlays.contains(.exclusions) {
            canvas.layer(opacity: 0.22) {
                each(containers, on: canvas) { container in
                    for path in container.exclusionPaths { canvas.fill(path, color: Self.exclusionFill) }
                }
            }
            each(containers, on: canvas) { container in
                for path in container.exclusionPaths {
                    canvas.fill(path, color: Color(red: 0, green: 0, blue: 0, alpha: 0),
                                outline: (Self.exclusionOutline, 0.75))
                }
            }
        }
        if overlays.contains(.spans) {
            each(containers, on: canvas) { container in
                for (line, spans) in zip(container.lines, container.freeSpansOfLines()) {
                    // Inset vertically so the bands of consecutive lines stay apart.
                    let inset = min(0.5, line.rect.height / 4)
                    for span in spans {
                        canvas.fill(Rect(x: span.minX, y: line.rect.minY + inset, width: span.width,
                                         height: line.rect.height - 2 * inset), color: Self.spanFill)
                    }
                }
            }
        }
        try each(containers, on: canvas) { container throws(RenderError) in
            try drawText(of: container, on: canvas)
        }
        if overlays.contains(.fragments) || overlays.contains(.baselines) {
            each(containers, on: canvas) { container in
                for line in container.lines {
                    for fragment in line.fragments {
                        if overlays.contains(.fragments) {
                            canvas.stroke(fragment.rect, color: Self.fragmentOutline, width: 0.5)
                        }
                        if overlays.contains(.baselines) {
                            canvas.strokeLine(from: Point(x: fragment.rect.minX, y: line.baseline),
                                              to: Point(x: fragment.rect.maxX, y: line.baseline),
                                              color: Self.baseline, width: 0.5)
                        }
                    }
                }
            }
        }
    }

    // MARK: - Internals

    /// Calls `body` for each container with the canvas origin at the container's top-left.
    private func each<Failure: Error>(_ containers: [Int], on canvas: CairoCanvas,
                                      _ body: (ContainerLayout) throws(Failure) -> Void) throws(Failure) {
        for index in containers {
            try canvas.translated(by: renderer.placements[index].origin) { () throws(Failure) in
                try body(renderer.snapshot.containers[index])
            }
        }
    }

    private func drawText(of container: ContainerLayout, on canvas: CairoCanvas) throws(RenderError) {
        let fonts = renderer.snapshot.fonts
        for line in container.lines {
            for fragment in line.fragments {
                for background in backgrounds(of: fragment) {
                    canvas.fill(background.rect, color: background.color)
                }
                var visible = fragment
                if !fragment.attachments.isEmpty { visible.glyphs.removeAll(where: \.isAttachment) }
                let runs = GlyphRun.runs(in: visible, text: renderer.text, colors: renderer.colors,
                                         defaultColor: renderer.options.defaultForegroundColor)
                for run in runs {
                    let font = fonts[run.fontIndex]
                    try canvas.draw(run, font: font.font, pointSize: font.pointSize, color: run.color)
                }
                for placement in fragment.attachments {
                    let color = renderer.colors.foreground(at: placement.characterIndex)
                        ?? renderer.options.defaultForegroundColor
                    canvas.stroke(placement.rect, color: color, width: Self.attachmentOutlineWidth)
                }
            }
        }
    }

    /// Background rectangles: each glyph's advance over the fragment's height, merged where
    /// neighbours share a colour (so no seams show between them).
    private func backgrounds(of fragment: LineFragment) -> [(rect: Rect, color: Color)] {
        let colors = renderer.colors
        guard !colors.runs.isEmpty else { return [] }
        var result: [(rect: Rect, color: Color)] = []
        for glyph in fragment.glyphs {
            guard let color = colors.background(at: glyph.characterIndex), glyph.advance > 0 else { continue }
            let rect = Rect(x: glyph.position.x, y: fragment.rect.minY, width: glyph.advance, height: fragment.rect.height)
            if let last = result.last, last.color == color, abs(last.rect.maxX - rect.minX) < 0.01 {
                result[result.count - 1].rect = last.rect.union(rect)
            } else {
                result.append((rect, color))
            }
        }
        return result
    }
}
