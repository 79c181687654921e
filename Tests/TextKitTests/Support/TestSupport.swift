import Foundation
// `Fixtures` (paths, the fixture font, layouts in it) for every file of the engine tests.
@_exported import TestFixtures
import TextKit

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
