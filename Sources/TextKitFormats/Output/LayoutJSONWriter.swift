import Dispatch
import TextKit

/// Writes a layout as textkit's versioned JSON (format 1, documented in `docs/json-format.md`,
/// schema `docs/layout.schema.json`), streaming it to a sink in chunks.
///
/// The output is deterministic: the same snapshot gives the same bytes. Coordinates are page
/// coordinates in points, rounded to 1/1000 pt.
public struct LayoutJSONWriter {
    /// The format version written.
    public static let formatVersion = 1

    /// Whether to indent the output for people.
    public var pretty: Bool

    /// Extra messages to record under `warnings`.
    public var warnings: [String]

    /// The layout's warnings whose messages are ``warnings``, one per message in the same order,
    /// written as `warningDetails` (kind, and per script the missing glyphs); empty: no
    /// `warningDetails` is written.
    public var warningDetails: [LayoutWarning] = []

    /// Whether a large page's bytes go to the sink as they are (else they are copied into the
    /// writer's buffer like the rest; tests compare the two).
    var passesPagesThrough = true

    /// Creates a writer.
    public init(pretty: Bool = false, warnings: [String] = []) {
        self.pretty = pretty
        self.warnings = warnings
    }

    /// Creates a writer that records `layoutWarnings` under `warnings` (their messages) and
    /// `warningDetails`.
    public init(pretty: Bool = false, layoutWarnings: [LayoutWarning]) {
        self.init(pretty: pretty, warnings: layoutWarnings.map(\.message))
        warningDetails = layoutWarnings
    }

    /// Writes `snapshot` laid on `pages` (containers placed by `placements`, one per container).
    ///
    /// - Parameter sink: receives the bytes in order, in chunks of about 64 KiB (a large page's
    ///   bytes in one chunk of their own).
    public func write(_ snapshot: LayoutSnapshot, pages: [PageDescription], placements: [ContainerPlacement],
                      to sink: @escaping ([UInt8]) throws -> Void) throws {
        precondition(placements.count == snapshot.containers.count, "one placement per container")
        var out = JSONBuffer(sink: sink)
        var writer = Writer(out: out, pretty: pretty)
        writer.open("{")
        writer.key("version"); writer.out.int(Self.formatVersion)
        writer.key("units"); writer.out.string("pt")
        writer.key("coordinates"); writer.out.string("page: origin at the top-left corner, y down; glyph positions are baseline origins")
        writer.key("characterOffsets"); writer.out.string("unicode-scalars")
        writer.key("textLength"); writer.out.int(snapshot.textLength)
        writer.key("glyphFields"); writer.out.raw("[\"id\",\"font\",\"x\",\"y\",\"advance\",\"character\"]")
        writer.key("fonts"); writer.open("[")
        for (index, used) in snapshot.fonts.enumerated() { writer.item(); writeFont(used, index: index, &writer) }
        writer.close("]")
        writer.key("pages"); writer.open("[")
        // Pages are written on every core, a window at a time, each into bytes of its own that
        // are then appended in order: the same bytes as writing them one after the other.
        let containers = Dictionary(grouping: snapshot.containers) { placements[$0.index].page }
        let (depth, first, pretty) = (writer.depth, writer.first, pretty)
        for window in stride(from: 0, to: pages.count, by: Self.pagesPerWindow) {
            let indices = window..<min(window + Self.pagesPerWindow, pages.count)
            let written = Self.inParallel(indices.count) { k in
                let pageIndex = indices.lowerBound + k
                var page = Writer(out: JSONBuffer { _ in }, pretty: pretty, depth: depth, first: first && pageIndex == 0)
                Self.writePage(pageIndex, size: pages[pageIndex].size, containers: containers[pageIndex] ?? [],
                          placements: placements, &page)
                return page.out.bytes
            }
            for bytes in written {
                if passesPagesThrough {
                    try writer.out.appendFlushing(bytes)
                } else {
                    writer.out.append(bytes)
                    try writer.out.flushIfNeeded()
                }
            }
        }
        if !pages.isEmpty { writer.first = false }
        writer.close("]")
        writer.key("overflow")
        if let overflow = snapshot.overflowRange {
            writer.out.raw("{\"start\":"); writer.out.int(overflow.lowerBound)
            writer.out.raw(",\"end\":"); writer.out.int(overflow.upperBound); writer.out.raw("}")
        } else {
            writer.out.raw("null")
        }
        writer.key("warnings"); writer.open("[")
        for warning in warnings { writer.item(); writer.out.string(warning) }
        writer.close("]")
        if !warningDetails.isEmpty {
            precondition(warningDetails.count == warnings.count, "one detail per warning")
            writer.key("warningDetails"); writer.open("[")
            for detail in warningDetails { writer.item(); writeDetail(detail, &writer) }
            writer.close("]")
        }
        writer.close("}")
        writer.out.byte(0x0A)
        out = writer.out
        try out.flush()
    }

    // MARK: - Internals

    /// Pages written at once (their bytes are held until the window is done).
    private static let pagesPerWindow = 64

    /// `body(0) … body(count - 1)` on every core; the results in order.
    private static func inParallel(_ count: Int, _ body: @escaping @Sendable (Int) -> [UInt8]) -> [[UInt8]] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = Slots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { slots.store(body($0), at: $0) }
        return slots.values
    }

    /// Results written by concurrent iterations, one slot each, read after all of them finished.
    private final class Slots: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<[UInt8]>
        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: [])
        }
        deinit {
            storage.deinitialize()
            storage.deallocate()
        }
        func store(_ value: [UInt8], at index: Int) { storage[index] = value }
        var values: [[UInt8]] { Array(storage) }
    }

    /// One entry of `pages`, from the item's comma to its closing brace. Everything is kept in
    /// the writer's buffer (its sink is never called: `flushIfNeeded` is not called here).
    private static func writePage(_ pageIndex: Int, size: Size, containers: [ContainerLayout],
                           placements: [ContainerPlacement], _ writer: inout Writer) {
        writer.item(); writer.open("{")
        writer.key("index"); writer.out.int(pageIndex)
        writer.key("width"); writer.out.number(size.width)
        writer.key("height"); writer.out.number(size.height)
        writer.key("containers"); writer.open("[")
        for container in containers {
            writer.item()
            writeContainer(container, origin: placements[container.index].origin, &writer)
        }
        writer.close("]")
        writer.close("}")
    }

    private struct Writer {
        var out: JSONBuffer
        let pretty: Bool
        var depth = 0
        var first = true

        mutating func newline() {
            guard pretty else { return }
            out.byte(0x0A)
            for _ in 0..<depth { out.raw("  ") }
        }
        mutating func open(_ bracket: StaticString) { out.raw(bracket); depth += 1; first = true }
        mutating func close(_ bracket: StaticString) {
            depth -= 1
            if !first { newline() }
            out.raw(bracket)
            first = false
        }
        mutating func item() {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            newline()
        }
        mutating func key(_ name: StaticString) {
            item()
            out.byte(UInt8(ascii: "\"")); out.raw(name); out.raw(pretty ? "\": " : "\":")
        }
        mutating func rect(_ rect: Rect, _ origin: Point) {
            out.byte(UInt8(ascii: "[")); out.number(rect.minX + origin.x); out.byte(UInt8(ascii: ","))
            out.number(rect.minY + origin.y); out.byte(UInt8(ascii: ",")); out.number(rect.width)
            out.byte(UInt8(ascii: ",")); out.number(rect.height); out.byte(UInt8(ascii: "]"))
        }
        mutating func range(_ range: Range<Int>) {
            out.byte(UInt8(ascii: "[")); out.int(range.lowerBound); out.byte(UInt8(ascii: ","))
            out.int(range.upperBound); out.byte(UInt8(ascii: "]"))
        }
    }

    /// One entry of `warningDetails`: the kind, and for missing glyphs the script, counts, the
    /// first place and the Debian package that provides a font (null when not known).
    private func writeDetail(_ warning: LayoutWarning, _ writer: inout Writer) {
        writer.open("{")
        writer.key("kind"); writer.out.string(warning.kind.rawValue)
        if let missing = warning.missingGlyphs {
            writer.key("script"); writer.out.string(missing.script.code)
            writer.key("scriptName"); writer.out.string(missing.script.name)
            writer.key("characters"); writer.out.int(missing.characterCount)
            writer.key("notdefGlyphs"); writer.out.int(missing.notdefGlyphCount)
            writer.key("firstCharacter"); writer.out.int(missing.firstCharacter)
            writer.key("line"); writer.out.int(missing.firstLine)
            writer.key("column"); writer.out.int(missing.firstColumn)
            writer.key("package")
            if let package = missing.script.package { writer.out.string(package) } else { writer.out.raw("null") }
        }
        writer.close("}")
    }

    private func writeFont(_ used: UsedFont, index: Int, _ writer: inout Writer) {
        writer.open("{")
        writer.key("index"); writer.out.int(index)
        writer.key("file"); writer.out.string(used.font.filePath)
        writer.key("faceIndex"); writer.out.int(used.font.faceIndex)
        writer.key("family"); writer.out.string(used.font.familyName)
        writer.key("style"); writer.out.string(used.font.styleName)
        writer.key("size"); writer.out.number(used.pointSize)
        writer.key("unitsPerEm"); writer.out.int(used.font.unitsPerEm)
        writer.key("ascent"); writer.out.number(used.ascent)
        writer.key("descent"); writer.out.number(used.descent)
        writer.key("lineGap"); writer.out.number(used.lineGap)
        writer.key("fileHash"); writer.out.string(used.font.fileHash)
        writer.close("}")
    }

    private static func writePath(_ path: BezierPath, offset: Point, _ writer: inout Writer,
                           extra: (inout Writer) -> Void = { _ in }) {
        writer.open("{")
        writer.key("fillRule"); writer.out.string(path.fillRule.rawValue)
        writer.key("d")
        writer.out.byte(UInt8(ascii: "\""))
        var firstCommand = true
        func point(_ p: Point, _ out: inout JSONBuffer) {
            out.number(p.x + offset.x); out.byte(UInt8(ascii: " ")); out.number(p.y + offset.y)
        }
        for element in path.elements {
            if !firstCommand { writer.out.byte(UInt8(ascii: " ")) }
            firstCommand = false
            switch element {
            case .move(let p): writer.out.raw("M "); point(p, &writer.out)
            case .line(let p): writer.out.raw("L "); point(p, &writer.out)
            case .quadCurve(let p, let c):
                writer.out.raw("Q "); point(c, &writer.out); writer.out.byte(UInt8(ascii: " ")); point(p, &writer.out)
            case .curve(let p, let c1, let c2):
                writer.out.raw("C "); point(c1, &writer.out); writer.out.byte(UInt8(ascii: " "))
                point(c2, &writer.out); writer.out.byte(UInt8(ascii: " ")); point(p, &writer.out)
            case .close: writer.out.raw("Z")
            }
        }
        writer.out.byte(UInt8(ascii: "\""))
        extra(&writer)
        writer.close("}")
    }

    private static func writeContainer(_ container: ContainerLayout, origin: Point, _ writer: inout Writer) {
        writer.open("{")
        writer.key("index"); writer.out.int(container.index)
        writer.key("rect"); writer.rect(Rect(origin: .zero, size: container.size), origin)
        writer.key("textRect"); writer.rect(container.textRect, origin)
        writer.key("lineFragmentPadding"); writer.out.number(container.lineFragmentPadding)
        writer.key("exclusions"); writer.open("[")
        for exclusion in container.exclusions {
            writer.item()
            writePath(exclusion.path, offset: origin, &writer) { writer in
                writer.key("margin"); writer.out.number(exclusion.margin)
                writer.key("wrap"); writer.out.string(exclusion.wrapSide.rawValue)
                writer.key("minimumFragmentWidth")
                if let width = exclusion.minimumFragmentWidth { writer.out.number(width) } else { writer.out.raw("null") }
            }
        }
        writer.close("]")
        writer.key("shape")
        if let shape = container.shape { writePath(shape, offset: origin, &writer) } else { writer.out.raw("null") }
        writer.key("lines"); writer.open("[")
        // By index, each line and fragment lent to the function writing it: one copied into a
        // loop variable costs a retain and a release of each of its arrays.
        for line in container.lines.indices { writeLine(container.lines[line], origin: origin, &writer) }
        writer.close("]")
        writer.close("}")
    }

    /// One line of a container: its rectangle, baseline, ranges and fragments.
    private static func writeLine(_ line: LineLayout, origin: Point, _ writer: inout Writer) {
        writer.item(); writer.open("{")
        writer.key("rect"); writer.rect(line.rect, origin)
        writer.key("baseline"); writer.out.number(line.baseline + origin.y)
        writer.key("range"); writer.range(line.characterRange)
        if let truncated = line.truncatedRange { writer.key("truncated"); writer.range(truncated) }
        writer.key("fragments"); writer.open("[")
        for fragment in line.fragments.indices { writeFragment(line.fragments[fragment], origin: origin, &writer) }
        writer.close("]")
        writer.close("}")
    }

    /// One line fragment: its rectangles, range, glyphs and attachments.
    private static func writeFragment(_ fragment: LineFragment, origin: Point, _ writer: inout Writer) {
        writer.item(); writer.open("{")
        writer.key("rect"); writer.rect(fragment.rect, origin)
        writer.key("usedRect"); writer.rect(fragment.usedRect, origin)
        writer.key("range"); writer.range(fragment.characterRange)
        writer.key("glyphs"); writer.open("[")
        for glyph in fragment.glyphs {
            writer.item()
            writer.out.glyph(id: Int(glyph.glyphID), font: glyph.fontIndex, x: glyph.position.x + origin.x,
                             y: glyph.position.y + origin.y, advance: glyph.advance, character: glyph.characterIndex)
        }
        writer.close("]")
        if !fragment.attachments.isEmpty {
            writer.key("attachments"); writer.open("[")
            for placement in fragment.attachments {
                writer.item(); writer.open("{")
                writer.key("character"); writer.out.int(placement.characterIndex)
                writer.key("id")
                if let id = placement.attachment.identifier { writer.out.string(id) } else { writer.out.raw("null") }
                writer.key("rect"); writer.rect(placement.rect, origin)
                writer.key("descent"); writer.out.number(placement.attachment.descent)
                writer.close("}")
            }
            writer.close("]")
        }
        writer.close("}")
    }
}
