import Foundation
import TextKit

/// Paths and helpers shared by the engine tests.
enum Fixtures {
    /// The repository root (three levels above this file's folder, `Tests/TextKitTests/Support`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let fontPath = path("Fixtures/fonts/DejaVuSans.ttf")
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path("Fixtures/texts/\(name)"), encoding: .utf8)
    }

    /// One collection per test process: fonts load once.
    static let fonts = FontCollection(defaultFontPath: fontPath)
    static var font: Font { try! fonts.font(file: fontPath) }

    /// Attributes in the fixture font.
    static func attributes(size: Double = 12, alignment: TextAlignment = .natural) -> TextAttributes {
        var style = ParagraphStyle()
        style.alignment = alignment
        return TextAttributes(font: FontDescriptor(filePath: fontPath, size: size), paragraphStyle: style)
    }

    /// A storage and layout manager for `text` in the fixture font.
    static func layout(_ text: String, attributes: TextAttributes = Fixtures.attributes())
        -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: fonts, defaultFont: font)
        storage.addLayoutManager(manager)
        return (storage, manager)
    }

    /// Lays `text` out on pages and returns the snapshot (invariants not yet checked).
    static func paged(_ text: String, setup: PageSetup = PageSetup(), count: PageCount = .automatic(maximum: 50),
                      attributes: TextAttributes = Fixtures.attributes())
        -> (TextStorage, LayoutManager, PagedLayout, LayoutSnapshot) {
        let (storage, manager) = layout(text, attributes: attributes)
        let paged = manager.layOutPages(setup, count: count)
        return (storage, manager, paged, manager.snapshot())
    }
}

extension LayoutSnapshot {
    /// All glyphs in layout order.
    var allGlyphs: [PositionedGlyph] {
        containers.flatMap { $0.lines.flatMap { $0.fragments.flatMap(\.glyphs) } }
    }
    /// All lines in order.
    var allLines: [LineLayout] { containers.flatMap(\.lines) }
}

/// A short description of where two line lists first differ (nil when equal), so a failing
/// comparison does not print whole layouts.
func firstDifference(_ a: [LineLayout], _ b: [LineLayout]) -> String? {
    for index in 0..<max(a.count, b.count) {
        guard index < a.count, index < b.count else { return "line counts differ: \(a.count) vs \(b.count)" }
        if a[index] != b[index] {
            let x = a[index], y = b[index]
            if x.rect == y.rect, x.characterRange == y.characterRange, x.fragments.count == y.fragments.count {
                for (f, (p, q)) in zip(x.fragments, y.fragments).enumerated() where p != q {
                    if p.usedRect != q.usedRect { return "line \(index) fragment \(f): usedRect \(p.usedRect) vs \(q.usedRect)" }
                    for (g, (u, v)) in zip(p.glyphs, q.glyphs).enumerated() where u != v {
                        return "line \(index) fragment \(f) glyph \(g): \(u) vs \(v)"
                    }
                    return "line \(index) fragment \(f): \(p.glyphs.count) vs \(q.glyphs.count) glyphs"
                }
                return "line \(index): baseline \(x.baseline) vs \(y.baseline)"
            }
            return "line \(index): rect \(x.rect) vs \(y.rect), range \(x.characterRange) vs \(y.characterRange), "
                + "fragments \(x.fragments.map { ($0.rect, $0.characterRange) }) vs \(y.fragments.map { ($0.rect, $0.characterRange) })"
        }
    }
    return nil
}
