import Testing
import TextKit

/// Optimal breaking with lines of different heights: bands are re-solved so each line is as
/// tall as its own fonts, not the paragraph's tallest.
@Suite("Optimal breaking: line heights")
struct TypographyOptimalHeightsTests {
    static let text = "Optimal breaking chooses every line of a paragraph at once, and one BIG word in a "
        + "larger size should make only its own line taller, while the other lines keep the natural "
        + "height of their smaller text, as greedy breaking gives them."

    func layout(_ strategy: LineBreakStrategy, big: Bool = true) -> LayoutSnapshot {
        var attributes = Fixtures.attributes(alignment: .justified)
        attributes.paragraphStyle.lineBreakStrategy = strategy
        let (storage, manager) = Fixtures.layout(Self.text, attributes: attributes)
        if big, let range = Self.text.range(of: "BIG") {
            let start = Self.text.unicodeScalars.distance(from: Self.text.startIndex, to: range.lowerBound)
            storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 30), for: \.font, range: start..<start + 3)
        }
        manager.addTextContainer(TextContainer(size: Size(width: 220, height: 1000)))
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(Self.text.unicodeScalars), leftToRightOnly: true) == [])
        return snapshot
    }

    @Test func onlyTheLineWithTheTallFontIsTall() throws {
        let plain = layout(.optimal, big: false)
        let small = try #require(plain.allLines.first).rect.height
        let optimal = layout(.optimal)
        let heights = optimal.allLines.map(\.rect.height)
        #expect(heights.filter { $0 > small + 1e-9 }.count == 1)
        #expect(heights.filter { abs($0 - small) < 1e-9 }.count == heights.count - 1)
        // Bands follow each other: the paragraph is as tall as its lines.
        for (a, b) in zip(optimal.allLines, optimal.allLines.dropFirst()) {
            #expect(abs(b.rect.minY - a.rect.maxY) < 1e-9)
        }
        // Baselines sit at the natural ascent of their own fonts, as in greedy layout.
        let greedy = layout(.greedy)
        let greedySmall = try #require(greedy.allLines.first { abs($0.rect.height - small) < 1e-9 })
        let optimalSmall = try #require(optimal.allLines.first { abs($0.rect.height - small) < 1e-9 })
        #expect(abs((greedySmall.baseline - greedySmall.rect.minY) - (optimalSmall.baseline - optimalSmall.rect.minY)) < 1e-9)
    }
}
