import TextKit

/// Draws a finished layout as PDF, SVG or PNG with cairo: every glyph at exactly the position
/// the layout (and its JSON) gives, with the real font, in the storage's colours, plus optional
/// debug overlays.
///
/// ```swift
/// let paged = layoutManager.layOutPages(setup, count: .automatic(maximum: 100))
/// let renderer = LayoutRenderer(snapshot: layoutManager.snapshot(), pages: paged.pages,
///                               placements: paged.placements, storage: storage)
/// var pdf: [UInt8] = []
/// try renderer.render(.pdf) { pdf += $0 }
/// ```
///
/// PDF embeds subsets of the fonts and maps every glyph cluster back to its characters, so the
/// text can be selected and searched. SVG draws glyph outlines (from FreeType, through cairo) as
/// `<symbol>`s placed with one `<use>` per drawn glyph; it needs no fonts to display.
public struct LayoutRenderer {
    /// The layout to draw.
    public var snapshot: LayoutSnapshot
    /// The pages, in order.
    public var pages: [PageDescription]
    /// Where each container of the snapshot sits (one per container).
    public var placements: [ContainerPlacement]
    /// The laid-out text (for PDF text extraction); nil draws glyphs only.
    public var text: [Unicode.Scalar]?
    /// Colours per character.
    public var colors: TextColors
    /// Resolution, overlays and page colours.
    public var options: RenderOptions

    /// A renderer for `snapshot` laid out on `pages`, each container placed by `placements`.
    public init(snapshot: LayoutSnapshot, pages: [PageDescription], placements: [ContainerPlacement],
                text: [Unicode.Scalar]? = nil, colors: TextColors = TextColors(), options: RenderOptions = RenderOptions()) {
        precondition(placements.count == snapshot.containers.count, "one placement per container")
        precondition(placements.allSatisfy { pages.indices.contains($0.page) }, "placement on a missing page")
        self.snapshot = snapshot
        self.pages = pages
        self.placements = placements
        self.text = text
        self.colors = colors
        self.options = options
    }

    /// A renderer taking the text and colours from `storage`.
    public init(snapshot: LayoutSnapshot, pages: [PageDescription], placements: [ContainerPlacement],
                storage: TextStorage, options: RenderOptions = RenderOptions()) {
        self.init(snapshot: snapshot, pages: pages, placements: placements, text: Array(storage.scalars),
                  colors: TextColors(storage: storage), options: options)
    }

    /// A renderer that draws each container on a page of its own size (a container of infinite
    /// height gets a page as tall as its text), for layouts not made by `layOutPages`.
    public init(snapshot: LayoutSnapshot, storage: TextStorage, options: RenderOptions = RenderOptions()) {
        let pages = snapshot.containers.map { container in
            var size = container.size
            if !size.height.isFinite {
                size.height = (container.lines.last?.rect.maxY ?? 0) + container.textRect.minY
            }
            return PageDescription(size: size)
        }
        let placements = snapshot.containers.indices.map { ContainerPlacement(page: $0, origin: .zero) }
        self.init(snapshot: snapshot, pages: pages, placements: placements, storage: storage, options: options)
    }

    /// The size in points of the image or document page holding `which` pages: one page's size,
    /// or for ``RenderedPages/all`` the pages stacked with ``RenderOptions/pageGap`` between them
    /// (the width of the widest).
    public func size(of which: RenderedPages) -> Size {
        switch which {
        case .page(let index):
            return pages[index].size
        case .all:
            let width = pages.map(\.size.width).max() ?? 0
            let height = pages.map(\.size.height).reduce(0, +) + Double(max(0, pages.count - 1)) * options.pageGap
            return Size(width: width, height: height)
        }
    }

    /// The size in pixels of the PNG image of `which` pages at ``RenderOptions/dotsPerInch``.
    public func pixelSize(of which: RenderedPages) -> (width: Int, height: Int) {
        let size = size(of: which)
        func pixels(_ points: Double) -> Int {
            let value = (points * options.pixelsPerPoint - 1e-9).rounded(.up)
            return value < Double(Int32.max) ? max(1, Int(value)) : Int(Int32.max)
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// The largest PNG side cairo can draw, in pixels.
    public static let maximumPixelSide = 32_767

    /// The most pixels a PNG may have (2²⁷, 512 MiB of 32-bit pixels while drawing): sides within
    /// ``maximumPixelSide`` can still ask for gigabytes (16383 × 16383 is 1 GiB, more to encode).
    public static let maximumPixels = 1 << 27

    /// The largest PDF page side, in points: PDF's implementation limit (ISO 32000-1, annex C).
    public static let maximumPDFPageSide = 14_400.0

    /// The largest SVG image side, in points: beyond 2²³ − 1 cairo's 24.8 fixed-point
    /// coordinates overflow and it draws nothing.
    public static let maximumSVGSide = 8_388_607.0

    /// Renders `which` pages as `format`, handing the file's bytes to `write` in order.
    ///
    /// PDF gets one document page per page. SVG and PNG get one image: a single page, or every
    /// page stacked top to bottom (``size(of:)``).
    ///
    /// - Parameters:
    ///   - progress: called after each page is drawn, with the number of pages drawn so far.
    ///   - write: receives the output; an error it throws stops rendering and is rethrown as is.
    /// - Throws: ``RenderError`` when a font cannot be opened, the image is too large or cairo
    ///   fails; or what `write` throws.
    public func render(_ format: RenderFormat, pages which: RenderedPages = .all,
                       progress: ((Int) -> Void)? = nil, to write: @escaping ([UInt8]) throws -> Void) throws {
        switch format {
        case .pdf:
            let first = pages.indices.contains(which.firstPage) ? pages[which.firstPage].size : Size(width: 612, height: 792)
            let canvas = try CairoCanvas(pdfWithFirstPage: first, creator: "textkit", write: write)
            for (done, page) in which.pages(of: pages.count).enumerated() {
                canvas.beginPage(size: pages[page].size)
                try drawer.draw(page: page, on: canvas, paintPage: false)
                canvas.endPage()
                progress?(done + 1)
            }
            try canvas.finish()
        case .svg:
            let canvas = try CairoCanvas(svgOfSize: size(of: which), write: write)
            try draw(which, on: canvas, progress: progress)
            try canvas.finish()
        case .png:
            let canvas = try rasterCanvas(which)
            try draw(which, on: canvas, progress: progress)
            try canvas.writePNG(write)
        }
    }

    /// Draws `which` pages into pixels, as the PNG output would hold them.
    public func rasterImage(pages which: RenderedPages = .all) throws(RenderError) -> RasterImage {
        let canvas = try rasterCanvas(which)
        try draw(which, on: canvas, progress: nil)
        return try canvas.image()
    }

    // MARK: - Internals

    private var drawer: PageDrawer { PageDrawer(renderer: self) }

    private func rasterCanvas(_ which: RenderedPages) throws(RenderError) -> CairoCanvas {
        let (width, height) = pixelSize(of: which)
        guard width <= Self.maximumPixelSide, height <= Self.maximumPixelSide else {
            throw RenderError("the image would be \(width) × \(height) pixels, more than the \(Self.maximumPixelSide) "
                + "pixels a side cairo can draw; render pages separately or lower the resolution")
        }
        guard width * height <= Self.maximumPixels else {
            throw RenderError("the image would be \(width) × \(height) pixels, more than \(Self.maximumPixels) pixels; "
                + "render pages separately or lower the resolution")
        }
        return try CairoCanvas(imageWidth: width, height: height, pixelsPerPoint: options.pixelsPerPoint)
    }

    /// Draws one page, or all pages stacked, on an image canvas.
    private func draw(_ which: RenderedPages, on canvas: CairoCanvas, progress: ((Int) -> Void)?) throws(RenderError) {
        let drawer = self.drawer
        switch which {
        case .page(let page):
            try drawer.draw(page: page, on: canvas, paintPage: true)
            progress?(1)
        case .all:
            if pages.count > 1 {
                let total = size(of: .all)
                canvas.fill(Rect(x: 0, y: 0, width: total.width, height: total.height), color: options.pageGapColor)
            }
            var y = 0.0
            for page in pages.indices {
                try canvas.translated(by: Point(x: 0, y: y)) { () throws(RenderError) in
                    try drawer.draw(page: page, on: canvas, paintPage: true)
                }
                y += pages[page].size.height + options.pageGap
                progress?(page + 1)
            }
        }
    }
}

extension RenderedPages {
    /// The pages, in order, of a document with `count` pages.
    func pages(of count: Int) -> [Int] {
        switch self {
        case .all: Array(0..<count)
        case .page(let page): [page]
        }
    }

    var firstPage: Int {
        switch self {
        case .all: 0
        case .page(let page): page
        }
    }
}
