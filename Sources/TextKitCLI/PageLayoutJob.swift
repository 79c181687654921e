import Foundation
import TextKit

/// Builds pages of column containers, applies page-level exclusions to every column they
/// overlap, and lays the text out (adding pages for `--pages auto`).
struct PageLayoutJob {
    struct Result {
        var snapshot: LayoutSnapshot
        var pages: [PageDescription]
        var placements: [ContainerPlacement]
        var statistics: LayoutStatistics
        var warnings: [String]
    }

    let options: LayoutOptions
    let storage: TextStorage
    let layoutManager: LayoutManager
    let exclusions: [BezierPath]

    init(options: LayoutOptions, text: String, exclusions: [BezierPath]) throws(CLIError) {
        self.options = options
        self.exclusions = exclusions
        let collection = FontCollection(defaultFontPath: Self.bundledFontPath)
        var descriptor: FontDescriptor
        if let file = options.fontFile {
            descriptor = FontDescriptor(filePath: file, size: options.size)
        } else {
            descriptor = FontDescriptor(family: options.font ?? "sans-serif", size: options.size)
        }
        let primary: Font
        do {
            primary = try collection.font(for: descriptor)
        } catch {
            if options.font == nil, options.fontFile == nil, let bundled = Self.bundledFontPath,
               let font = try? collection.font(file: bundled) {
                primary = font
                descriptor = FontDescriptor(filePath: bundled, size: options.size)
            } else {
                let status: CLIError.Status = error.code == .unreadableFile ? .noInput : .unavailable
                throw CLIError(status: status, message: error.description)
            }
        }
        var style = ParagraphStyle()
        style.alignment = options.align
        style.lineHeightMultiple = options.lineHeight
        var attributes = TextAttributes(font: descriptor, paragraphStyle: style)
        attributes.language = nil
        storage = TextStorage(string: text, attributes: attributes)
        layoutManager = LayoutManager(fontCollection: collection, defaultFont: primary)
        storage.addLayoutManager(layoutManager)
    }

    /// The font shipped with the command, used when fontconfig finds none.
    static var bundledFontPath: String? {
        Bundle.module.path(forResource: "DejaVuSans", ofType: "ttf", inDirectory: "fonts")
    }

    func run() -> Result {
        var placements: [ContainerPlacement] = []
        var pages: [PageDescription] = []
        func addPage() {
            let index = pages.count
            pages.append(PageDescription(size: Size(width: options.width, height: options.height)))
            for column in 0..<options.columns {
                let origin = Point(x: options.inset + Double(column) * (options.columnWidth + options.gutter),
                                   y: options.inset)
                let frame = Rect(origin: origin, size: Size(width: options.columnWidth,
                                                            height: options.height - 2 * options.inset))
                let container = TextContainer(size: frame.size)
                container.lineFragmentPadding = options.padding
                container.minimumFragmentWidth = options.minimumFragmentWidth
                let move = AffineTransform(translationX: -origin.x, y: -origin.y)
                container.exclusionPaths = exclusions.filter { $0.bounds.intersects(frame) }.map { $0.applying(move) }
                layoutManager.addTextContainer(container)
                placements.append(ContainerPlacement(page: index, origin: origin))
            }
        }
        if let count = options.pageCount {
            for _ in 0..<count { addPage() }
        } else {
            addPage()
            var previous = layoutManager.overflowRange
            while let overflow = previous, pages.count < options.maxPages {
                addPage()
                let now = layoutManager.overflowRange
                if let now, now.lowerBound == overflow.lowerBound {
                    // The new page took nothing: more pages will not help (an unplaceable cluster).
                    for _ in 0..<options.columns { layoutManager.removeTextContainer(at: layoutManager.textContainers.count - 1) }
                    placements.removeLast(options.columns)
                    pages.removeLast()
                    _ = layoutManager.overflowRange
                    break
                }
                previous = now
            }
        }
        let snapshot = layoutManager.snapshot()
        return Result(snapshot: snapshot, pages: pages, placements: placements,
                      statistics: layoutManager.statistics, warnings: layoutManager.warnings.map(\.message))
    }
}
