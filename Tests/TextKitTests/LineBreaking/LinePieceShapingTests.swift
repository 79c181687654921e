import Foundation
import SeededRandom
import Testing
import TestFixtures
@testable import TextKit

/// A line that ends inside a run where HarfBuzz says breaking needs reshaping (a kerning pair, a
/// ligature, a joining letter cut by character wrapping) gets the glyphs of its own text shaped
/// again, as Text Kit and Pango give it: every line's glyph ids and advances equal shaping the
/// line's characters on their own.
@Suite("Lines cut inside a run are shaped again")
struct LinePieceShapingTests {
    static let prose = (try? String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8))
        .map { $0.split(separator: "\n").map(String.init) } ?? []
    /// Words whose letter pairs DejaVu Sans kerns (A V, T a, L T, W A, Y o, V A, F A…).
    static let kerned = ["AVAVAVAV", "TaTaTaTa", "LTLTLTLT", "WAWAWA", "YoYoYoYo", "VAVAVA", "FAFAFA", "AWAY", "Tyrant",
                         "LAVA", "WAVY", "Yours", "ToTo"]

    @Test(arguments: 0..<12)
    func everyLineEqualsItsTextShapedAlone(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(0x11E5 + seed))
        let paragraphs = (0..<3).map { _ in
            (0..<Int.random(in: 4...20, using: &rng)).map { _ in
                Int.random(in: 0..<3, using: &rng) == 0
                    ? Self.prose[Int.random(in: 0..<Self.prose.count, using: &rng)].split(separator: " ").first.map(String.init) ?? "x"
                    : Self.kerned[Int.random(in: 0..<Self.kerned.count, using: &rng)]
            }.joined(separator: Int.random(in: 0..<2, using: &rng) == 0 ? " " : "")
        }
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle.lineBreakMode = .charWrapping
        let text = paragraphs.joined(separator: "\n")
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: Double.random(in: 40...220, using: &rng), height: .infinity))
        container.lineFragmentPadding = 0
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        let scalars = Array(text.unicodeScalars)
        let font = Fixtures.font, scale = attributes.font.size / Double(font.unitsPerEm)
        var checked = 0, differences: [String] = []
        for line in snapshot.containers[0].lines {
            for fragment in line.fragments where !fragment.glyphs.isEmpty {
                let characters = fragment.characterRange
                let pieceText = String(String.UnicodeScalarView(scalars[characters]))
                guard !pieceText.contains("\n") else { continue }
                let utf16 = Array(pieceText.utf16)
                let alone = utf16.withUnsafeBufferPointer {
                    font.shaper.shape($0, range: 0..<$0.count, rightToLeft: false, script: "Latn", language: nil,
                                      features: [])
                }
                let glyphs = fragment.glyphs.map(\.glyphID)
                let advances = fragment.glyphs.map(\.advance)
                let expected = alone.advances.map { Double($0) * scale }
                checked += 1
                if glyphs != alone.glyphs || zip(advances, expected).contains(where: { abs($0 - $1) > 1e-6 }) {
                    differences.append("\(pieceText): \(zip(advances, expected).filter { abs($0 - $1) > 1e-6 }.prefix(3))")
                }
            }
        }
        #expect(checked > 3)
        #expect(differences.isEmpty, "\(differences.count) of \(checked) lines: \(differences.prefix(3))")
    }
}
