import Testing
import TextKit

/// ``ParagraphStyle/minimumLineHeight`` and ``ParagraphStyle/maximumLineHeight`` bound every
/// line's height after the multiple, the space a minimum adds going above the glyphs; changing
/// them re-breaks lines only, and the result equals a fresh layout.
@Suite("Minimum and maximum line heights")
struct LineHeightLimitsTests {
    let base = IncrementalEquivalenceTests()

    func lines(_ style: ParagraphStyle) throws -> [LineLayout] {
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle = style
        let storage = TextStorage(string: try Fixtures.text("prose.txt"), attributes: attributes)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 250, height: 100_000)))
        return manager.snapshot().containers[0].lines
    }

    @Test func limitsBoundEveryLine() throws {
        let natural = try lines(ParagraphStyle())
        let height = try #require(natural.first).rect.height
        var style = ParagraphStyle()
        style.minimumLineHeight = 30.5
        let tall = try lines(style)
        #expect(tall.count == natural.count)
        for (line, plain) in zip(tall, natural) {
            #expect(line.rect.height == 30.5)
            // The glyphs keep their distance from the line's bottom.
            #expect(abs((line.rect.maxY - line.baseline) - (plain.rect.maxY - plain.baseline)) < 1e-9)
        }
        style = ParagraphStyle()
        style.maximumLineHeight = height - 2
        #expect(try lines(style).allSatisfy { $0.rect.height == height - 2 })
        style.lineHeightMultiple = 3
        style.minimumLineHeight = 1
        #expect(try lines(style).allSatisfy { $0.rect.height == height - 2 })
        style.maximumLineHeight = 0
        #expect(try lines(style).allSatisfy { abs($0.rect.height - 3 * height) < 1e-9 })
    }

    @Test func changingThemReBreaksOnly() throws {
        let storage = TextStorage(string: try Fixtures.text("prose.txt"), attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 250, height: 100_000)))
        manager.ensureLayout()
        manager.resetStatistics()
        var style = ParagraphStyle()
        style.minimumLineHeight = 22.25
        storage.setValue(style, for: \.paragraphStyle, range: 0..<40)
        let after = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 0)
        #expect(after == base.freshLayout(storage, manager.textContainers))
    }
}
