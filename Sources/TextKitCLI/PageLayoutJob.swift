import Foundation
import TextKit
import TextKitFormats
import TextKitImage
import TextKitSVG

/// Builds pages of column containers, applies page-level exclusions to every column they
/// overlap, and lays the text out (adding pages for `--pages auto`).
struct PageLayoutJob {
    struct Result {
        var snapshot: LayoutSnapshot
        var pages: [PageDescription]
        var placements: [ContainerPlacement]
        var statistics: LayoutStatistics
        var warnings: [LayoutWarning]
        /// Characters no installed font covers and .notdef glyphs, per script.
        var missingGlyphs: [MissingGlyphs]

        /// With `--require-glyphs` (`required`): an error (69) when a glyph is .notdef, after the
        /// warnings that say which scripts lack a font; the command then writes no output.
        func checkGlyphs(required: Bool) throws(CLIError) {
            let notdef = missingGlyphs.reduce(0) { $0 + $1.notdefGlyphCount }
            guard required, notdef > 0 || missingGlyphs.contains(where: { $0.characterCount > 0 }) else { return }
            let scripts = missingGlyphs.map(\.script.name).joined(separator: ", ")
            throw CLIError(status: .unavailable, message: "--require-glyphs: \(notdef) glyph\(notdef == 1 ? "" : "s") "
                + "would be drawn as .notdef (a box) for want of a font (\(scripts)); no output written")
        }
    }

    let options: LayoutOptions
    let storage: TextStorage
    let layoutManager: LayoutManager
    /// The full exclusion model: `--exclude` shapes with their `data-textkit-*` options (or
    /// `--margin`/`--wrap`), then `--exclude-image` contours.
    let wrapExclusions: [Exclusion]
    /// The `--shape` outline.
    let shape: BezierPath?

    /// Reads the exclusion files and fonts the options name and builds the storage from `input`.
    init(options: LayoutOptions, input: [UInt8]) throws(CLIError) {
        self.options = options
        wrapExclusions = try Self.loadExclusions(options)
        shape = try options.shape.map { file throws(CLIError) in try Self.loadShape(file, limits: options.svgLimits) }
        let collection = FontCollection(defaultFontPath: Self.bundledFontPath)
        let (primary, descriptor) = try Self.primaryFont(options, collection: collection)
        let attributes = Self.textAttributes(options, font: descriptor)
        let name = InputText.displayName(options.input)
        let json = options.inputFormat == .json || (options.inputFormat == .auto && options.input.hasSuffix(".json"))
        if json {
            do {
                let text = try StyledTextReader(maximumEntries: options.maxRuns).read(input, file: name, defaults: attributes)
                storage = TextStorage(attributedText: text)
            } catch {
                throw CLIError(status: .dataError, message: error.description)
            }
            try Self.checkFonts(in: storage, collection: collection)
        } else {
            storage = TextStorage(string: try InputText.decode(input, name: name), attributes: attributes)
        }
        layoutManager = LayoutManager(fontCollection: collection, defaultFont: primary)
        storage.addLayoutManager(layoutManager)
    }

    /// The font `--font` or `--font-file` names (the bundled font when neither is given and
    /// fontconfig finds no `sans-serif`), and the descriptor the text's attributes carry.
    static func primaryFont(_ options: LayoutOptions, collection: FontCollection) throws(CLIError)
        -> (Font, FontDescriptor) {
        var descriptor: FontDescriptor
        if let file = options.fontFile {
            try checkFontFile(file)
            descriptor = FontDescriptor(filePath: file, size: options.size)
        } else {
            descriptor = FontDescriptor(family: options.font ?? "sans-serif", size: options.size)
        }
        do {
            return (try collection.font(for: descriptor), descriptor)
        } catch {
            if options.font == nil, options.fontFile == nil, let bundled = bundledFontPath,
               let font = try? collection.font(file: bundled) {
                return (font, FontDescriptor(filePath: bundled, size: options.size))
            }
            let status: CLIError.Status = switch error.code {
            case .unreadableFile: .noInput
            case .invalidFont: .dataError
            case .unknownFamily, .fontconfigUnavailable: .unavailable
            }
            throw CLIError(status: status, message: error.description)
        }
    }

    /// The text's attributes: `font` and the paragraph options (alignment, line height,
    /// hyphenation, breaking, justification limits, widows and orphans, language).
    static func textAttributes(_ options: LayoutOptions, font: FontDescriptor) -> TextAttributes {
        var style = ParagraphStyle()
        style.alignment = options.align
        style.lineHeightMultiple = options.lineHeight
        if options.hyphenate { style.hyphenationFactor = 1 }
        style.lineBreakStrategy = options.breaking
        style.maximumWordSpacingStretch = options.wordStretchLimit
        style.maximumLetterSpacing = options.letterSpacingLimit
        style.allowsUnlimitedWordSpacing = options.unlimitedWordSpacing
        style.preventsWidowsAndOrphans = options.widowsOrphans
        var attributes = TextAttributes(font: font, paragraphStyle: style)
        attributes.language = options.language
        return attributes
    }

    /// The pages `options` describe (size, margins, columns, padding, balancing), with
    /// `exclusions` and `shape` in page coordinates.
    static func pageSetup(_ options: LayoutOptions, exclusions: [Exclusion], shape: BezierPath?) -> PageSetup {
        var setup = PageSetup()
        setup.pageSize = Size(width: options.width, height: options.height)
        setup.margins = EdgeInsets(all: options.inset)
        setup.columns = options.columns
        setup.gutter = options.gutter
        setup.balancesLastPage = options.balanceColumns
        setup.lineFragmentPadding = options.padding
        setup.minimumFragmentWidth = options.minimumFragmentWidth
        setup.exclusions = exclusions
        setup.shape = shape
        return setup
    }

    /// Resolves every font a styled document names, so a missing one is an error, not a fallback.
    private static func checkFonts(in storage: TextStorage, collection: FontCollection) throws(CLIError) {
        var failure: FontError?
        var checked = Set<String>()
        var fileFailure: CLIError?
        storage.enumerateAttributes(in: 0..<storage.length) { attributes, _ in
            guard failure == nil, fileFailure == nil else { return }
            if let file = attributes.font.filePath, checked.insert(file).inserted {
                do throws(CLIError) { try checkFontFile(file) } catch { fileFailure = error; return }
            }
            do throws(FontError) { _ = try collection.font(for: attributes.font) } catch { failure = error }
        }
        if let fileFailure { throw fileFailure }
        if let failure {
            let status: CLIError.Status = failure.code == .unreadableFile ? .noInput
                : failure.code == .invalidFont ? .dataError : .unavailable
            throw CLIError(status: status, message: failure.description)
        }
    }

    /// The font shipped with the command, used when fontconfig finds none.
    static var bundledFontPath: String? {
        Bundle.module.path(forResource: "DejaVuSans", ofType: "ttf", inDirectory: "fonts")
    }

    /// The `--exclude` SVG shapes as exclusions (their `data-textkit-*` options win over
    /// `--margin` and `--wrap`), then the `--exclude-image` contours.
    static func loadExclusions(_ options: LayoutOptions) throws(CLIError) -> [Exclusion] {
        var result: [Exclusion] = []
        for file in options.exclusions {
            let document = try readSVG(file, limits: options.svgLimits)
            result += document.shapes.map { $0.exclusion(margin: options.margin, wrapSide: options.wrapSide) }
            try checkExclusionCount(result.count, file: file, options)
        }
        for text in options.imageExclusions {
            let spec: ImageExclusionSpec
            do { spec = try ImageExclusionSpec(parsing: text) } catch {
                throw CLIError(status: .usage, message: error.message)
            }
            let mask: AlphaMask
            let data = try readFile(spec.path, limit: options.maxInputBytes) { "\(spec.path): error: \($0)" }
            do {
                mask = try AlphaMask(pngData: data, file: spec.path, maxPixels: options.maxImagePixels)
            } catch {
                throw CLIError(status: error.isUnreadable ? .noInput : .dataError, message: error.description)
            }
            let path = BezierPath(contoursOf: mask, threshold: spec.threshold, in: spec.rect)
            result.append(Exclusion(path: path, margin: options.margin, wrapSide: options.wrapSide))
            try checkExclusionCount(result.count, file: spec.path, options)
        }
        return result
    }

    /// Throws when `count` exclusions, reached while reading `file`, are more than `--max-exclusions`.
    private static func checkExclusionCount(_ count: Int, file: String, _ options: LayoutOptions) throws(CLIError) {
        guard count > options.maxExclusions else { return }
        throw CLIError(status: .dataError, message:
            "\(file): error: \(count) exclusion shapes so far, more than the limit of \(options.maxExclusions) (--max-exclusions)")
    }

    /// The one shape of a `--shape` SVG file.
    static func loadShape(_ file: String, limits: SVGLimits) throws(CLIError) -> BezierPath {
        let shapes = try readSVG(file, limits: limits).shapes
        guard shapes.count == 1 else {
            throw CLIError(status: .dataError, message:
                "\(file): error: --shape needs exactly one shape, found \(shapes.count) (combine them into one <path>)")
        }
        return shapes[0].path
    }

    private static func readSVG(_ file: String, limits: SVGLimits) throws(CLIError) -> SVGDocument {
        let data = try readFile(file, limit: limits.maxFileSize) { "\(file):0:0: error: \($0)" }
        do {
            return try SVGDocument(data: data, file: file, limits: limits)
        } catch {
            throw CLIError(status: error.line == 0 ? .noInput : .dataError, message: error.description)
        }
    }

    /// The bytes of an SVG or PNG file, which must be a regular file of at most `limit` bytes;
    /// `message` shapes the error ("cannot read file: REASON" or the size) into the format's style.
    private static func readFile(_ path: String, limit: Int, message: (String) -> String) throws(CLIError) -> [UInt8] {
        do {
            return try FileReader.read(path, limit: limit, regularOnly: true).bytes
        } catch {
            throw CLIError(status: error.status, message: message(error.detail))
        }
    }

    /// Refuses a font file that is not a readable regular file: FreeType would block forever
    /// opening a FIFO, and read a device without end.
    static func checkFontFile(_ path: String) throws(CLIError) {
        do {
            try FileReader.checkRegularFile(path)
        } catch {
            throw CLIError(status: error.status, message: "\(path): error: \(error.detail) (--font-file and styled "
                + "fonts must be font files)")
        }
    }

    /// Lays the text out; `progress` hears the number of pages laid out so far. With `--pages
    /// auto`, text that fits on no page (a cluster wider than the column, or pages without a band
    /// wide and tall enough for a line) is an error naming where it starts: pages were promised
    /// until all text fits, so it is never silently left out. Reaching `--max-pages` is not:
    /// the rest is overflow, as with a fixed page count.
    func run(progress: ((Int) -> Void)? = nil) throws(CLIError) -> Result {
        let setup = Self.pageSetup(options, exclusions: wrapExclusions, shape: shape)
        let count: PageCount = options.pageCount.map { .fixed($0) } ?? .automatic(maximum: options.maxPages)
        let paged = layoutManager.layOutPages(setup, count: count, progress: progress)
        let snapshot = layoutManager.snapshot()
        if options.pageCount == nil, paged.pages.count < options.maxPages, let lost = snapshot.overflowRange {
            throw CLIError(status: .dataError, message: "\(InputText.displayName(options.input)):\(place(of: lost.lowerBound)): "
                + "the text from character \(lost.lowerBound) on fits on no page (a character wider than the column, "
                + "or no band of the page tall and wide enough for a line); --pages N lays out what fits and "
                + "reports the rest as overflow")
        }
        return Result(snapshot: snapshot, pages: paged.pages, placements: paged.placements,
                      statistics: layoutManager.statistics, warnings: layoutManager.warnings,
                      missingGlyphs: layoutManager.missingGlyphs)
    }

    /// "line:column" (1-based, in Unicode scalars) of the scalar at `offset` of the text.
    private func place(of offset: Int) -> String {
        var line = 1, column = 1
        for scalar in storage.string.unicodeScalars.prefix(offset) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return "\(line):\(column)"
    }
}
