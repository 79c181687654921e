import Foundation
import TextKit
import TextKitFormats
import TextKitGeometry

/// The font every layout input uses, loaded once (DejaVu Sans from the fixtures; `Font` and
/// `FontCollection` are `Sendable`, so plain globals do).
let fuzzFontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fonts/DejaVuSans.ttf").path
let fuzzFonts = FontCollection(defaultFontPath: fuzzFontPath)
let fuzzFont: Font = {
    do { return try fuzzFonts.font(file: fuzzFontPath) } catch { fatalError("textkit-fuzz: \(error)") }
}()

/// The `layout` target: the first bytes choose the containers, font size, paragraph style and
/// exclusions; the rest is the text (UTF-8, invalid bytes replaced). The layout, an edit and the
/// JSON writer run; every invariant of ``LayoutSnapshot/invariantViolations(text:textContainers:leftToRightOnly:tolerance:)``
/// must hold (set `TEXTKIT_FUZZ_NO_INVARIANTS=1` to look for crashes and hangs only).
///
/// Bytes (each missing byte reads as 0):
///
///     0 width · 1 height · 2 font size · 3 alignment | padding | containers | min width
///     4 line height · 5 exclusion count (0…3) · then 6 bytes per exclusion:
///     kind | fill rule | wrap side, x, y, w, h, margin · then the text
struct LayoutFuzzInput {
    static let widths = [0.01, 0.5, 3, 12, 40, 100, 250, 468]
    // At most 648 pt (a page): a line that finds no room moves down 1 pt at a time, so every
    // execution asks at most a few hundred bands of each container. The regression inputs use
    // only the first seven heights, so they still lay out as when they were found.
    static let heights = [0.01, 5, 14, 30, 100, 300, 648, 160]
    static let sizes = [0.01, 1, 6, 12, 24, 72, 1000, 1_000_000]
    static let checkInvariants = ProcessInfo.processInfo.environment["TEXTKIT_FUZZ_NO_INVARIANTS"] == nil

    var input: FuzzBytes

    init(_ bytes: [UInt8]) { input = FuzzBytes(bytes) }

    mutating func next() -> Int { input.next() }

    mutating func run() {
        let size = Size(width: Self.widths[next() % 8], height: Self.heights[next() % 8])
        var style = ParagraphStyle()
        let fontSize = Self.sizes[next() % 8]
        let flags = next()
        style.alignment = TextAlignment.allCases[flags % TextAlignment.allCases.count]
        let padding = [0, 0.5, 5, 30][(flags >> 3) & 3]
        let containerCount = (flags >> 5) & 1 + 1
        let minimumWidth: Double? = flags >> 6 == 0 ? nil : [0, 0.01, 1, 50][flags >> 6]
        style.lineHeightMultiple = [1, 0.01, 0.5, 3][next() & 3]
        let exclusions = (0..<next() % 4).map { _ in exclusion(in: size) }
        let text = String(decoding: input.rest, as: UTF8.self)

        var font = FontDescriptor(filePath: fuzzFontPath, size: fontSize)
        font.family = "DejaVu Sans"
        let storage = TextStorage(string: text, attributes: TextAttributes(font: font, paragraphStyle: style))
        let layoutManager = LayoutManager(fontCollection: fuzzFonts, defaultFont: fuzzFont)
        storage.addLayoutManager(layoutManager)
        let regions = exclusions.map(PreparedExclusions.shared.region(for:))
        for index in 0..<containerCount {
            let container = TextContainer(size: size)
            container.lineFragmentPadding = padding
            container.minimumFragmentWidth = minimumWidth
            // The second container has the same exclusions in the other order.
            container.setExclusions(prepared: index == 0 ? regions : regions.reversed())
            layoutManager.addTextContainer(container)
        }
        verify(layoutManager, storage)

        // An edit in the middle: the incremental layout must be as sound as a fresh one.
        let length = storage.length
        let cut = length / 2..<min(length, length / 2 + 3)
        storage.beginEditing()
        storage.replaceCharacters(in: cut, with: "x\n")
        storage.endEditing()
        verify(layoutManager, storage)
    }

    mutating func exclusion(in size: Size) -> Exclusion {
        let kind = next()
        func coordinate(_ byte: Int, _ extent: Double) -> Double { Double(byte - 32) / 192 * extent }
        let rect = Rect(x: coordinate(next(), size.width), y: coordinate(next(), size.height),
                        width: Double(next()) / 128 * size.width, height: Double(next()) / 128 * size.height)
        let margin = [0, 0.01, 4, 40][next() & 3]
        let fillRule: FillRule = kind & 4 == 0 ? .nonZero : .evenOdd
        var path: BezierPath
        switch kind & 3 {
        case 0: path = BezierPath(rect: rect, fillRule: fillRule)
        case 1: path = BezierPath(ovalIn: rect, fillRule: fillRule)
        case 2:
            path = BezierPath(fillRule: fillRule)
            path.move(to: Point(x: rect.minX, y: rect.maxY))
            path.addLine(to: Point(x: rect.minX + rect.width / 2, y: rect.minY))
            path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
            path.close()
        default:  // a ring: the hole wound the same way (filled with nonzero, a hole with even-odd)
            path = BezierPath(rect: rect, fillRule: fillRule)
            path.append(BezierPath(ovalIn: Rect(x: rect.minX + rect.width / 4, y: rect.minY + rect.height / 4,
                                                width: rect.width / 2, height: rect.height / 2)))
        }
        let sides = WrapSide.allCases
        return Exclusion(path: path, margin: margin, wrapSide: sides[(kind >> 3) % sides.count],
                         minimumFragmentWidth: kind >> 6 == 0 ? nil : Double(kind >> 6) * 10)
    }

    func verify(_ layoutManager: LayoutManager, _ storage: TextStorage) {
        let snapshot = layoutManager.snapshot()
        if Self.checkInvariants {
            let scalars = Array(storage.string.unicodeScalars)
            let problems = snapshot.invariantViolations(text: scalars, textContainers: layoutManager.textContainers)
            FuzzTarget.check(problems.isEmpty, "layout invariants: \(problems.prefix(3))")
        }
        let placements = snapshot.containers.indices.map { ContainerPlacement(page: $0, origin: .zero) }
        let pages = snapshot.containers.map { PageDescription(size: $0.size) }
        var count = 0
        try? LayoutJSONWriter().write(snapshot, pages: pages, placements: placements) { count += $0.count }
        FuzzTarget.check(count > 0, "no JSON written")
    }
}

/// Exclusions prepared for band queries by earlier inputs (flattened and indexed), by
/// exclusion: the fuzzer mutates the text far more often than the bytes that choose the
/// exclusions, and preparing them is a fixed cost that dwarfs a short text's layout. (The `svg`
/// target fuzzes the preparation itself.) Bounded: a full table is emptied and fills again.
final class PreparedExclusions: @unchecked Sendable {
    /// The table every layout input uses.
    static let shared = PreparedExclusions()

    /// The most regions kept.
    static let capacity = 256

    private let lock = NSLock()
    private var regions: [Exclusion: ExclusionRegion] = [:]

    /// `exclusion` prepared, from the table or now.
    func region(for exclusion: Exclusion) -> ExclusionRegion {
        lock.lock()
        defer { lock.unlock() }
        if let known = regions[exclusion] { return known }
        if regions.count >= Self.capacity { regions.removeAll() }
        let region = ExclusionRegion(exclusion)
        regions[exclusion] = region
        return region
    }
}
